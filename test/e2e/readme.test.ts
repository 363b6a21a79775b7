/**
 * README.md's examples are real: every ```console block is run line by line in a shell (pipes and
 * quotes as a user types them), with `gpumkt` on PATH, and its stdout must match the README exactly.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, isolatedHome, TODAY } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

interface Example {
  readonly command: string;
  readonly output: string;
}

/** The `$ command` lines of the README's console blocks, each with the lines that follow it. */
function examples(markdown: string): Example[] {
  const out: Example[] = [];
  for (const block of markdown.matchAll(/^```console\n([\s\S]*?)^```$/gm)) {
    let current: { command: string; lines: string[] } | undefined;
    for (const line of (block[1] ?? '').split('\n').slice(0, -1)) {
      if (line.startsWith('$ ')) {
        if (current) out.push({ command: current.command, output: current.lines.join('\n') });
        current = { command: line.slice(2), lines: [] };
      } else current?.lines.push(line);
    }
    if (current) out.push({ command: current.command, output: current.lines.join('\n') });
  }
  return out;
}

const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
const all = examples(readme);

describe('README examples', () => {
  let shim = '';
  beforeAll(() => {
    shim = makeTempDir('shim');
    writeFileSync(join(shim, 'gpumkt'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(shim, 'gpumkt'), 0o755);
  });

  it('has examples for every data command', () => {
    for (const cmd of ['util-index', 'history', 'volume', 'range', 'memory', 'gpus', 'memory-types']) {
      expect(all.some((e) => e.command.startsWith(`gpumkt ${cmd} `))).toBe(true);
    }
  });

  it.each(all.map((e) => [e.command, e] as const))('$ %s', (_c, example) => {
    const r = spawnSync('sh', ['-c', example.command], {
      encoding: 'utf8',
      // Its own TMPDIR: an example's `mktemp -d` lands in a folder removed with the others.
      env: { PATH: `${shim}:${process.env.PATH ?? ''}`, HOME: isolatedHome(), TMPDIR: makeTempDir('readme'), GPUMKT_TODAY: TODAY, GPUMKT_CONFIG: '/nonexistent/gpumkt.json' },
      timeout: 20_000,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd()).toBe(example.output.trimEnd());
  });
});
