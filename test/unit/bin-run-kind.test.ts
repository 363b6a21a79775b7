/**
 * bin/gpumkt.cjs keeps one code cache per kind of run (a sync's, a query's, the rest's), read from
 * the command word before the bundle loads: its lists must name the program's commands and its global
 * flags that take a value exactly, or a command's runs would share another kind's cache.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VALUED_GLOBALS } from '../../src/commands/command-word.js';
import { DATASET_NAMES } from '../../src/datasets/loaders.js';
import { declaredProgram } from '../helpers/cli.js';

const { runKind } = createRequire(import.meta.url)(resolve(import.meta.dirname, '../../bin/gpumkt.cjs')) as {
  runKind: (argv: readonly string[]) => string;
};

describe('the kind of run a code cache is kept for', () => {
  it('knows every command of the program, and the global flags that take a value', () => {
    const program = declaredProgram();
    for (const cmd of program.commands) {
      const kind = runKind([cmd.name()]);
      const expected = DATASET_NAMES.includes(cmd.name())
        ? `query.${cmd.name()}`
        : cmd.name() === 'sync' || cmd.name() === 'lake'
          ? 'lake'
          : 'other';
      expect(kind, cmd.name()).toBe(expected);
    }
    // A global flag's value is skipped (`--profile sync history` runs history), a switch is not.
    for (const opt of program.options) {
      const flag = opt.long as string;
      if (flag === '--version') continue;
      expect(VALUED_GLOBALS.has(flag), flag).toBe(opt.required || opt.optional);
      expect(runKind([flag, 'sync', 'history']), flag).toBe(VALUED_GLOBALS.has(flag) ? 'query.history' : 'lake');
    }
  });

  it('reads the command word after the global flags and their values', () => {
    expect(runKind(['history', 'h100', '-f', 'csv'])).toBe('query.history');
    expect(runKind(['token-prices', '-f', 'csv'])).toBe('query.token-prices');
    expect(runKind(['-q', '--profile', 'sync', 'history'])).toBe('query.history');
    expect(runKind(['--sandbox', 'sync', '/tmp/lake'])).toBe('lake');
    expect(runKind(['-v', 'lake', 'read', 'x'])).toBe('lake');
    expect(runKind(['config', 'set', 'api-key'])).toBe('other');
    expect(runKind(['help', 'history'])).toBe('other');
    expect(runKind([])).toBe('other');
    expect(runKind(['--', 'history'])).toBe('other');
    // A typo is run as a query would be (commander then says what is wrong): a guess costs time only,
    // and a run that fails writes no cache. A word that could not be part of a file name shares one.
    expect(runKind(['histroy'])).toBe('query.histroy');
    expect(runKind(['../x'])).toBe('query');
    expect(runKind(['History'])).toBe('query');
    expect(runKind(['x'.repeat(41)])).toBe('query');
  });
});
