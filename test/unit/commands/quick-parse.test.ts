/**
 * The quick reading of a data command's line (src/commands/quick-parse.ts) against commander's own,
 * over thousands of generated lines for every data command: global flags before and after the
 * command, flags spelled long, short and `--x=v`, values valid and refused, values that look like
 * flags, repeats, unknown flags, grouped short flags, help, `--`. Wherever the quick reading answers,
 * commander reads the line without error to the same arguments, flags (defaults included) and global
 * flags; wherever commander fails or shows help, the quick reading has declined. And it does answer
 * the plain lines.
 */
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import type { Context, Io } from '../../../src/context.js';
import { DATASETS } from '../../../src/datasets/index.js';
import type { AnyDataset } from '../../../src/datasets/types.js';
import { datasetCommand } from '../../../src/commands/dataset-command.js';
import { datasetFlags, GLOBAL_FLAGS, type FlagDecl } from '../../../src/commands/flags.js';
import { buildProgram } from '../../../src/commands/program.js';
import { hasPositional } from '../../../src/commands/data-run.js';
import { quickParse } from '../../../src/commands/quick-parse.js';
import { prng } from '../../helpers/prng.js';

const sink = { write: () => true } as unknown as NodeJS.WritableStream;
const io = { stdout: sink, stderr: sink, stdoutIsTTY: false, stderrIsTTY: false, columns: 80, errColumns: 80 } as unknown as Io;
const ctx = {
  io,
  env: {},
  argv: [],
  signal: new AbortController().signal,
  log: { warn: () => undefined, info: () => undefined, verbose: () => undefined },
  globals: () => ({}),
  onCleanup: () => undefined,
  now: () => new Date(),
  today: () => '2026-11-20',
  secrets: new Set<string>(),
} as unknown as Context;

type Reading = { args: string[]; opts: Record<string, unknown>; globals: Record<string, unknown> } | 'refused';
const STOP = new Error('stop before the action');

/** How commander reads `argv` for the run of `ds`: what the action would get, or 'refused' (an error, help, the version). */
async function commanderReading(ds: AnyDataset, argv: readonly string[]): Promise<Reading> {
  let seen: Reading = 'refused';
  const program: Command = buildProgram(ctx, [
    (c) => {
      const cmd = datasetCommand(c, ds);
      cmd.hook('preAction', (_self, action) => {
        // The action's own first check: a command without arguments refuses one.
        if (!hasPositional(ds) && action.args.length > 0) throw STOP;
        const args = hasPositional(ds) ? ((action.processedArgs[0] as string[] | undefined) ?? []) : [];
        seen = { args, opts: { ...action.opts() }, globals: { ...program.opts() } };
        throw STOP;
      });
      return cmd;
    },
  ]);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch {
    // STOP, or commander's own error (help and the version included).
  }
  return seen;
}

const ODD_VALUES = [
  '',
  '-',
  '-x',
  '--from',
  '-q',
  '-h',
  '--help',
  '-5',
  '-1.5',
  '--',
  'all',
  '0',
  '7',
  '2026-11-01',
  'H100 SXM',
  'x=y',
  '--sandbox',
];

/** A value for `decl`: usually one it takes, sometimes one it refuses or one that looks like a flag. */
function valueFor(decl: FlagDecl, r: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const roll = r();
  if (roll < 0.15) return pick(ODD_VALUES);
  if (decl.choices !== undefined) return roll < 0.85 ? pick(decl.choices) : `${pick(decl.choices)}x`;
  if (/timeout|retries|limit|window-days|radius|lat|lon/.test(decl.flags))
    return pick(['5', '0.5', '100', 'all', '86401', '1e3', '-3', ' 7 ']);
  if (/from|to|date|at/.test(decl.flags)) return pick(['2026-10-01', '3m', 'today', 'yesterday', '2026-13-01']);
  return pick(['h100', 'a100,h200', 'index_value', 'csv', 'out.csv', 'ci', 'value with space']);
}

/** One spelling of `decl` with its value, as words of a command line. */
function flagWords(decl: FlagDecl, r: () => number): string[] {
  const [short, long] =
    decl.flags.startsWith('-') && decl.flags[2] === ','
      ? [decl.flags.slice(0, 2), decl.flags.split(' ')[1] as string]
      : [undefined, decl.flags.split(' ')[0] as string];
  const name = short !== undefined && r() < 0.5 ? short : long;
  if (!decl.flags.includes('<')) return r() < 0.04 ? [`${name}=1`] : [name];
  const value = valueFor(decl, r);
  if (name.startsWith('--') && r() < 0.2) return [`${name}=${value}`];
  return r() < 0.03 ? [name] : [name, value];
}

const MODELS = ['h100', 'a100', 'all', 'H100 SXM', 'rtx 5090', 'b200'];
const STRAYS = ['--nope', '-qv', '-fcsv', '-h', '--help', '-V', '--version', '--', '-5', 'extra', '--no-such=1', '--from='];

/** A generated command line for `ds`. */
function line(ds: AnyDataset, r: () => number): string[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const own = datasetFlags(ds);
  const before: string[] = [];
  for (let n = Math.floor(r() * 3); n > 0; n--) before.push(...flagWords(pick(GLOBAL_FLAGS), r));
  const after: string[][] = [];
  if (hasPositional(ds) || r() < 0.1) for (let n = Math.floor(r() * 3); n > 0; n--) after.push([pick(MODELS)]);
  for (let n = Math.floor(r() * 6); n > 0; n--) after.push(flagWords(pick(own), r));
  if (r() < 0.3) after.push(flagWords(pick(GLOBAL_FLAGS), r));
  if (r() < 0.15) after.push([pick(STRAYS)]);
  // Shuffled: models between flags, global flags after the command.
  for (let i = after.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [after[i], after[j]] = [after[j] as string[], after[i] as string[]];
  }
  return [...before, ds.name, ...after.flat()];
}

const LINES_EACH = 250;

describe('the quick reading of a data command line equals commander’s', () => {
  it.each(DATASETS.map((ds) => [ds.name, ds] as const))('%s: every line it answers, commander reads the same', async (_name, ds) => {
    const r = prng(0x9e3779b9 ^ (ds.name.length * 7919) ^ ds.name.charCodeAt(0));
    let answered = 0;
    for (let i = 0; i < LINES_EACH; i++) {
      const argv = line(ds, r);
      const quick = quickParse(argv, ds);
      if (quick === undefined) continue;
      answered++;
      const full = await commanderReading(ds, argv);
      expect({ argv, reading: quick }).toEqual({ argv, reading: full });
    }
    // The plain lines are answered: a reading that always declined would pass the rest.
    expect(answered).toBeGreaterThan(LINES_EACH / 5);
  });

  it.each([
    [['history', 'h100', '--from', '2026-10-21', '--to', '2026-11-19', '--granularity', 'daily', '-f', 'csv']],
    [['-q', '--sandbox', 'history', 'h100', 'a100', '--to=2026-11-19', '--no-header', '-o', 'out.csv']],
    [['latest', '-f', 'json', '--query', '[].gpu', '--no-color']],
    [['token-prices', '-f', 'csv', '--timeout', '5', '--retries', '0']],
    [['util-index', '--gpu', 'h100', '--gpu', 'a100', '--settled', '-v']],
  ])('answers %j as commander does', async (argv) => {
    const ds = DATASETS.find((d) => d.name === argv.find((a) => DATASETS.some((x) => x.name === a))) as AnyDataset;
    const quick = quickParse(argv, ds);
    expect(quick).toBeDefined();
    expect(quick).toEqual(await commanderReading(ds, argv));
  });

  it.each([
    [['history', 'h100', '--help']],
    [['history', '-V']],
    [['history', 'h100', '--', '-x']],
    [['history', 'h100', '-qv']],
    [['history']],
    [['util-index', 'h100']],
    [['history', 'h100', '--limit', 'x']],
    [['history', 'h100', '-f', 'jsn']],
    [['history', 'h100', '--from']],
    [['history', 'h100', '--nope']],
    [['--timeout', '0', 'history', 'h100']],
  ])('leaves %j to commander', (argv) => {
    const ds = DATASETS.find((d) => d.name === argv.find((a) => DATASETS.some((x) => x.name === a))) as AnyDataset;
    expect(quickParse(argv, ds)).toBeUndefined();
  });
});
