/**
 * `gpumkt --help` is answered by bin/ from dist/help.json, rendered at build time (scripts/render-help.mjs).
 * These tests hold it to what commander prints for every command, in a pipe and at a wide terminal, so
 * the two can never drift; and run the binary once to show it serves the text.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { buildProgram } from '../../src/commands/program.js';
import type { Context } from '../../src/context.js';
import { HELP_WIDTH } from '../../src/commands/help/help-width.js';
import { COMMANDS } from '../../src/commands/all.js';
import { runInProcess } from '../helpers/main.js';
import { runCli } from '../helpers/cli.js';

const prebuilt = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../dist/help.json'), 'utf8')) as {
  width: number;
  texts: Record<string, string>;
};

/** Every command path of the program, the root first. */
function commandPaths(cmd: Command, prefix: string[] = []): string[][] {
  return [prefix, ...cmd.commands.flatMap((c) => commandPaths(c, [...prefix, c.name()]))];
}
const program = buildProgram(
  { io: {}, env: {}, argv: [], globals: () => ({}), log: {}, onCleanup: () => undefined } as unknown as Context,
  COMMANDS,
);
const paths = commandPaths(program);

describe('prebuilt help (dist/help.json)', () => {
  it('has one text per command, at the help width, and nothing else', () => {
    expect(prebuilt.width).toBe(HELP_WIDTH);
    expect(Object.keys(prebuilt.texts).sort()).toEqual(paths.map((p) => p.join(' ')).sort());
    expect(paths.length).toBeGreaterThan(15);
  });

  it.each(paths.map((p) => [p.join(' ') || '(root)', p] as const))(
    '%s: equals what commander prints for --help, -h and help <command>',
    async (_name, path) => {
      const expected = prebuilt.texts[path.join(' ')];
      for (const argv of [[...path, '--help'], [...path, '-h'], ...(path.length <= 1 ? [['help', ...path]] : [])]) {
        const r = await runInProcess(argv, {});
        expect(r.code, argv.join(' ')).toBe(0);
        expect(r.stdout, argv.join(' ')).toBe(expected);
      }
    },
  );

  it('a terminal wider than the help width gets the same text as a pipe', async () => {
    const chunks: string[] = [];
    const stdout = new Writable({ write: (c, _e, done) => void (chunks.push(String(c)), done()) });
    const stderr = new Writable({ write: (_c, _e, done) => done() });
    const code = await main(['history', '--help'], {
      env: {},
      io: { stdout, stderr, stdin: Readable.from([]), stdoutIsTTY: true, stderrIsTTY: true, stdinIsTTY: false, columns: 200 },
    });
    expect(code).toBe(0);
    expect(chunks.join('')).toBe(prebuilt.texts.history);
  });

  it('the binary prints it for --help and falls through to commander for anything else', async () => {
    const served = await runCli(['range', '--help'], { spawn: true });
    expect(served.code).toBe(0);
    expect(served.stdout).toBe(prebuilt.texts.range);
    // Not a help request alone: commander answers (and rejects the unknown flag).
    const other = await runCli(['range', '--bogus', '--help'], { spawn: true });
    expect(other.stdout).toBe(prebuilt.texts.range);
    const unknown = await runCli(['help', 'no-such-command'], { spawn: true });
    expect(unknown.stdout).not.toBe(prebuilt.texts['']);
  });
});
