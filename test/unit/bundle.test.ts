/**
 * What the built CLI loads before it knows the command: dist/cli.js and its static imports must hold
 * commander and the command declarations only. A static import of zod, undici or chalk anywhere on
 * that path (easy to add by accident) would cost every run, `--help` included, tens of milliseconds.
 * `npm test` builds first; `node bench/chunk-graph.mjs` prints the same graph.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = resolve(import.meta.dirname, '../../dist');
const STATIC = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["'](\.[^"']+)["']/g;

/** The text of every file `entry` loads statically, by path. */
function staticClosure(entry: string): Map<string, string> {
  const seen = new Map<string, string>();
  const walk = (file: string): void => {
    if (seen.has(file)) return;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    for (const m of text.matchAll(STATIC)) walk(resolve(dirname(file), m[1] as string));
  };
  walk(entry);
  return seen;
}

describe('start-up bundle', () => {
  const closure = staticClosure(resolve(DIST, 'cli.js'));
  const all = [...closure.values()].join('\n');

  // Text only each dependency's code contains; each must occur somewhere in dist, or its check proves nothing.
  const MARKERS: Record<string, RegExp> = {
    zod: /\$ZodType/,
    undici: /UND_ERR/,
    chalk: /bgBlackBright/,
    // The Parquet writer and its reader twin load only when Parquet is asked for.
    'hyparquet-writer': /parquet columns must have the same length/,
    hyparquet: /parquet file is too short/,
  };
  const everything = readdirSync(resolve(DIST, 'chunks'))
    .map((f) => readFileSync(resolve(DIST, 'chunks', f), 'utf8'))
    .join('\n');

  it('loads commander but not zod, undici, chalk or the Parquet libraries before a command runs', () => {
    expect(all).toMatch(/helpInformation/); // commander: proves the scan sees the dependency chunks
    for (const [name, marker] of Object.entries(MARKERS)) {
      expect(everything, `${name} marker missing from dist`).toMatch(marker);
      expect(all, `${name} is loaded at start-up`).not.toMatch(marker);
    }
  });

  // Every data command (util-index … latest, utilization, volatility) runs through the runner chunk;
  // status and api have their own. None of them may load zod, the table formatter, chalk or Parquet up front.
  it.each(['runner', 'status', 'api-call'])(
    'the %s chunk loads neither zod, the table formatter nor the Parquet libraries up front',
    (name) => {
      // esbuild names a lazily loaded module's chunk <name>-<8-character hash>.js.
      const file = readdirSync(resolve(DIST, 'chunks')).find((f) => new RegExp(`^${name}-[A-Z0-9]{8}\\.js$`).test(f));
      expect(file, `dist/chunks/${name}-*.js`).toBeDefined();
      const text = [...staticClosure(resolve(DIST, 'chunks', file as string)).values()].join('\n');
      if (name !== 'status') expect(text).toMatch(MARKERS.undici as RegExp);
      for (const dep of ['zod', 'chalk', 'hyparquet-writer', 'hyparquet'])
        expect(text, `${dep} is loaded by every ${name} run`).not.toMatch(MARKERS[dep] as RegExp);
    },
  );

  it('every data command is declared in the start-up bundle and loads its work from the runner chunk', async () => {
    const { DATASETS } = await import('../../src/datasets/index.js');
    const names = DATASETS.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['util-index', 'history', 'range', 'memory', 'latest', 'utilization', 'volatility']));
    for (const n of names) expect(all, `command ${n}`).toContain(`"${n}"`);
    expect(all).toMatch(/import\("\.\/(chunks\/)?runner-[A-Z0-9]{8}\.js"\)/);
  });

  it('stays small', async () => {
    const { DATASETS } = await import('../../src/datasets/index.js');
    const bytes = [...closure.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);
    // commander (~47 KiB), the runner shell of cli.ts, plus every command's declarations: 18 dataset
    // families declare their flags, examples, offline name lists and field meanings here (~4.5 KiB a
    // family; the meanings are what `--help` lists), so the budget grows with the registry. The
    // commands that are not datasets are in the base: the lake group (read, log) added 4 KiB, and
    // asking whether stdin is a terminal only when a prompt needs it (no node:tty otherwise) a few bytes.
    expect(bytes).toBeLessThan(46.25 * 1024 + DATASETS.length * 6.5 * 1024);
  });

  it('answers --version from one standalone file', () => {
    expect(readFileSync(resolve(DIST, 'version.cjs'), 'utf8')).toMatch(/^module\.exports = "\d+\.\d+\.\d+[^"]*";\n$/);
  });
});
