/**
 * README.md's examples are real: every ```console block is run line by line in a shell (pipes and
 * quotes as a user types them), with `gpumkt` on PATH, and its stdout must match the README exactly.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, isolatedHome, TODAY } from '../helpers/cli.js';
import { DATASETS } from '../../src/datasets/index.js';
import { buildProgram } from '../../src/cli.js';
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
    for (const cmd of [...DATASETS.map((d) => d.name), 'gpus', 'memory-types', 'status', 'api']) {
      expect(all.some((e) => e.command.startsWith(`gpumkt ${cmd} `)), cmd).toBe(true);
    }
    // The variants and live catalogues too: memory history, latest --current, --live.
    for (const re of [/^gpumkt memory .*--from/, /^gpumkt latest .*--current/, /^gpumkt gpus .*--live/, /^gpumkt memory-types .*--live/]) {
      expect(all.some((e) => re.test(e.command)), String(re)).toBe(true);
    }
  });

  it('lists every command of the registry in its command table, each dataset with its endpoint', () => {
    const table = readme.slice(readme.indexOf('## Commands'), readme.indexOf('Every command has `--help`'));
    // First cell: one or more `command args` spans; last cell: the endpoint.
    const rows = [...table.matchAll(/^\| (`.+?`) \|.*\| (.*) \|$/gm)].map((m) => ({
      names: [...(m[1] as string).matchAll(/`([a-z-]+)/g)].map((n) => n[1] as string),
      endpoint: m[2] as string,
    }));
    const listed = new Set(rows.flatMap((r) => r.names));
    for (const ds of DATASETS) {
      const row = rows.find((r) => r.names.includes(ds.name));
      expect(row, `README command table lacks ${ds.name}`).toBeDefined();
      const path = decodeURIComponent(ds.endpoint.path({ gpu: '{gpu}' }));
      expect(row?.endpoint, ds.name).toContain(`GET ${path}`);
    }
    const program = buildProgram({ io: {}, env: {}, signal: new AbortController().signal, log: {}, globals: () => ({}), onCleanup: () => undefined, now: () => new Date(), today: () => TODAY } as never);
    for (const cmd of program.commands.map((c) => c.name())) expect(listed.has(cmd), `README command table lacks ${cmd}`).toBe(true);
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
