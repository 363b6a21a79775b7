/**
 * Every command's --help, found by walking the program (so commands added later are walked too):
 * every line fits 80 columns, and each lists the exit codes exactly once.
 */
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { runCli, declaredProgram } from '../helpers/cli.js';

/** Every command path of the program, `[]` for the root; commander's own `help` pseudo-command left out. */
function commandPaths(cmd: Command, path: string[] = []): string[][] {
  return [path, ...cmd.commands.filter((c) => c.name() !== 'help').flatMap((c) => commandPaths(c, [...path, c.name()]))];
}

const program = declaredProgram();
const PATHS = commandPaths(program);

describe('every --help', () => {
  it('walks more than the data commands', () => {
    expect(PATHS.map((p) => p.join(' '))).toEqual(
      expect.arrayContaining(['status', 'api', 'config', 'config set', 'sandbox', 'completion']),
    );
  });

  it.each(PATHS.map((p) => [p.join(' ') || '(root)', p] as const))('gpumkt %s --help: 80 columns, exit codes once', async (_name, path) => {
    const r = await runCli([...path, '--help']);
    expect(r.code).toBe(0);
    for (const line of r.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(r.stdout.match(/^Exit codes:$/gm), 'one exit-code block').toHaveLength(1);
    expect(r.stdout).toMatch(/^ {2}0 [a-z]/m);
  });
});
