/**
 * What the built CLI loads before it knows the command: dist/cli.js and its static imports must hold
 * the quick reading of a data command's line only, not even commander (src/commands/quick-parse.ts;
 * commander loads when the line needs it). A static import of zod, undici or chalk anywhere on that
 * path (easy to add by accident) would cost every run, `--help` included, tens of milliseconds.
 * `npm test` builds first; `node bench/chunk-graph.mjs` prints the same graph.
 */
import { createHash } from 'node:crypto';
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

  it('loads neither commander, zod, undici, chalk nor the Parquet libraries before a command runs', () => {
    // The scan follows cli.js into its chunks (the flag declarations are one), and commander is in dist.
    expect(closure.size).toBeGreaterThan(1);
    expect(all).toMatch(/--granularity <g>/);
    expect(everything).toMatch(/helpInformation/);
    expect(all, 'commander is loaded at start-up').not.toMatch(/helpInformation/);
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

  it('every data command is known at start-up by name; its descriptor loads only when it runs', async () => {
    const { DATASETS } = await import('../../src/datasets/index.js');
    const names = DATASETS.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['util-index', 'history', 'range', 'memory', 'latest', 'utilization', 'volatility']));
    for (const n of names) expect(all, `command ${n}`).toContain(`"${n}"`);
    // A descriptor's summary is text only its own module holds (esbuild writes non-ASCII as escapes,
    // so the summaries with none are compared): none may be evaluated before the command is known.
    const summaries = DATASETS.map((d) => d.summary).filter((t) => /^[\x20-\x7e]*$/.test(t) && !t.includes('"'));
    expect(summaries.length).toBeGreaterThan(10);
    for (const t of summaries) {
      expect(everything, `summary missing from dist: ${t}`).toContain(t);
      expect(all, `descriptor loaded at start-up: ${t}`).not.toContain(t);
    }
    expect(all).toMatch(/import\("\.\/(chunks\/)?runner-[A-Z0-9]{8}\.js"\)/);
  });

  it('stays small', () => {
    const bytes = [...closure.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);
    // commander (~49 KiB), the runner shell of cli.ts, the global options and the code that declares a
    // data command from its descriptor. The descriptors (~4.5 KiB a family: flags, examples, offline
    // name lists, field meanings) and the other commands load when the first word asks for them.
    expect(bytes).toBeLessThan(78 * 1024);
  });

  // bin/gpumkt.cjs compiles each CommonJS file's text as it is read (no copy with a wrapper around
  // it), keyed by the hash on its first line. V8 checks a cache against the source's length only: the
  // hash must cover the wrapper too, or a new layout of the same text would take the old cache.
  it.each(['gpumkt.cjs', ...readdirSync(resolve(DIST, 'lib')).map((f) => `lib/${f}`)])(
    'dist/%s is ASCII and carries its hash, then the CommonJS wrapper, hashed with the text',
    (file) => {
      const text = readFileSync(resolve(DIST, file), 'utf8');
      // Read as Latin-1 by bin/: ASCII only.
      expect(text).toMatch(/^[\x00-\x7f]*$/);
      const m = /^\/\*gpumkt-bundle:([0-9a-f]{16})\*\/\n/.exec(text);
      expect(m, file).not.toBeNull();
      const body = text.slice((m as RegExpExecArray)[0].length);
      expect(body.startsWith('(function (exports, require, module, __filename, __dirname) { ')).toBe(true);
      expect(body.endsWith('\n});')).toBe(true);
      expect(createHash('sha256').update(body).digest('hex').slice(0, 16)).toBe((m as RegExpExecArray)[1]);
    },
  );

  it('answers --version from one standalone file', () => {
    expect(readFileSync(resolve(DIST, 'version.cjs'), 'utf8')).toMatch(/^module\.exports = "\d+\.\d+\.\d+[^"]*";\n$/);
  });
});
