/**
 * `-f parquet` / `-o x.parquet` for every dataset of the registry, read back by DuckDB (an independent
 * reader) and compared, value by value and type by type, with `-f json` of the same query; Parquet
 * bytes never to a terminal, but to a pipe; the flag checks of --partition-by.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/main.js';
import { DATASETS, type AnyDataset } from '../../src/datasets/index.js';
import { BIN, CANARY_KEY, assertNoCanaryInFiles, isolatedHome } from '../helpers/cli.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { runOn, workDir } from './cron-helpers.js';
import { unwrapped } from '../helpers/stderr.js';

const DAY = '2026-11-20';
const reader = useParquetReader();
let dir: string;
beforeAll(() => {
  dir = workDir();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The arguments of a small query of `ds`, from its descriptor: two models where it takes models, a short window. */
function queryArgs(ds: AnyDataset): string[] {
  const models = ds.subject === 'gpus' ? ['h100', 'a100'] : ds.subject === 'gpu-option' ? ['--gpu', 'h100', '--gpu', 'a100'] : [];
  const window = ds.groups.window ? ['--from', '2026-11-16'] : [];
  return [ds.name, ...models, ...window];
}

// The DuckDB type each documented kind must come back as (the contract, written out here
// rather than taken from src/run/column-types.ts, so a wrong mapping there fails this test).
const DUCKDB_TYPE: Record<string, string> = {
  datetime: 'TIMESTAMP WITH TIME ZONE',
  date: 'DATE',
  number: 'DOUBLE',
  'number|null': 'DOUBLE',
  int: 'BIGINT',
  uint: 'BIGINT',
  boolean: 'BOOLEAN',
  string: 'VARCHAR',
  'string[]': 'VARCHAR',
  'int|null': 'BIGINT',
  'string|null': 'VARCHAR',
  'date|null': 'DATE',
  'datetime|null': 'TIMESTAMP WITH TIME ZONE',
};

/** The type a column must have: the documented kind's, else (a field the shape does not declare) by its JSON values. */
function expectedType(ds: AnyDataset, name: string, values: unknown[]): string {
  // Rows flattened out of a nested body (forward points, token volume per lab) declare their own shape;
  // a renamed field (power's d → date) is declared under the service's name.
  const field = Object.entries(ds.endpoint.rename ?? {}).find(([, column]) => column === name)?.[0] ?? name;
  const kind = ((ds.endpoint.flatRows ?? ds.endpoint.envelope?.rows) as Record<string, string> | undefined)?.[field]?.replace(/\?$/, '');
  const present = values.filter((v) => v !== null && v !== undefined);
  // Dates are dates, whatever the shape calls them: a column of calendar days is DATE in every dataset.
  if (present.length > 0 && present.every((v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v))) return 'DATE';
  if (kind !== undefined) return DUCKDB_TYPE[kind] as string;
  if (name === 'gpu') return 'VARCHAR';
  if (present.every((v) => typeof v === 'string'))
    return /^\d{4}-\d{2}-\d{2}T/.test(String(present[0])) ? 'TIMESTAMP WITH TIME ZONE' : 'VARCHAR';
  if (present.every((v) => typeof v === 'boolean')) return 'BOOLEAN';
  return present.every((v) => Number.isInteger(v)) ? 'BIGINT' : 'DOUBLE';
}

/** A JSON value as the DuckDB helper returns the Parquet value of a column of `type`. */
function asRead(type: string, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (type === 'TIMESTAMP WITH TIME ZONE') return new Date(v as string).toISOString().replace('Z', '000Z');
  if (type === 'BIGINT') return BigInt(v as number);
  if (type === 'VARCHAR' && typeof v !== 'string') return JSON.stringify(v);
  return v;
}

describe('every dataset as Parquet', () => {
  it.each(DATASETS.map((ds) => [ds.name, ds] as const))(
    '%s: DuckDB reads the same values and the documented types as -f json',
    async (_name, ds) => {
      const file = join(dir, `${ds.name}.parquet`);
      const written = await runOn(DAY, [...queryArgs(ds), '-o', file]);
      expect(written.code, written.stderr).toBe(0);
      expect(written.stdout).toBe('');
      assertNoCanaryInFiles(file);
      const json = await runOn(DAY, [...queryArgs(ds), '-f', 'json']);
      expect(json.code, json.stderr).toBe(0);
      const rows = JSON.parse(json.stdout) as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThan(0);

      const back = await reader.read(file);
      expect(back.rows).toHaveLength(rows.length);
      // The dataset these arguments run: a window selects memory's and rolling's history.
      const ran = ds.variants?.find((v) => v.when({ from: '2026-11-16' }, true))?.dataset ?? ds;
      // Every field json prints is a column (extra fields included), in json's order.
      const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
      expect(back.columns.map((c) => c.name)).toEqual(names);
      for (const col of back.columns) {
        expect(col.type, `${ds.name}.${col.name}`).toBe(
          expectedType(
            ran,
            col.name,
            rows.map((r) => r[col.name]),
          ),
        );
      }
      back.rows.forEach((got, i) => {
        const want = Object.fromEntries(back.columns.map((c) => [c.name, asRead(c.type, (rows[i] as Record<string, unknown>)[c.name])]));
        expect(got, `${ds.name} row ${i}`).toEqual(want);
      });
      // The request is in the file, without the key.
      const meta = await reader.kvMetadata(file);
      const request = JSON.parse(meta['gpumkt.request'] as string) as { command: string; argv: string[]; urls: string[] };
      expect(request).toMatchObject({ command: ds.name, argv: [...queryArgs(ds), '-o', file] });
      expect(request.urls.length).toBeGreaterThan(0);
      for (const url of request.urls) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\//);
      expect(meta['gpumkt.version']).toMatch(/^\d+\.\d+\.\d+/);
      expect(JSON.stringify(meta)).not.toContain(CANARY_KEY);
    },
  );

  it('-f parquet into a pipe gives a Parquet file on stdout (the built binary, a real pipe)', () => {
    const home = isolatedHome();
    const r = spawnSync(
      process.execPath,
      [BIN, 'history', 'h100', '--from', '2026-11-18', '--granularity', 'daily', '-f', 'parquet', '--sandbox'],
      {
        env: { PATH: process.env.PATH ?? '', HOME: home, GPUMKT_CONFIG: join(home, 'none.json'), GPUMKT_TODAY: DAY },
      },
    );
    rmSync(home, { recursive: true, force: true });
    expect(r.status, r.stderr.toString()).toBe(0);
    const out = r.stdout as Buffer;
    expect(out.subarray(0, 4).toString()).toBe('PAR1');
    expect(out.subarray(-4).toString()).toBe('PAR1');
    const file = join(dir, 'piped.parquet');
    writeFileSync(file, out);
    return reader.read(file).then((back) => {
      expect(back.columns.map((c) => `${c.name} ${c.type}`)).toEqual(['timestamp TIMESTAMP WITH TIME ZONE', 'index_value DOUBLE']);
      expect(back.rows.length).toBe(3);
    });
  });
});

describe('--partition-by gpu -o <folder>', () => {
  it('one model still gets its gpu column, in the folder name, and DuckDB reads it back as a column', async () => {
    const folder = join(dir, 'one-model');
    const r = await runOn(DAY, [
      'history',
      'h100',
      '--granularity',
      'daily',
      '--from',
      '2026-11-16',
      '--partition-by',
      'gpu',
      '-o',
      folder,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`wrote 5 rows to ${folder} (1 partition)`);
    const back = await reader.read(`${folder}/**/*.parquet`, { hive: true, orderBy: 'timestamp' });
    expect(back.columns.map((c) => c.name)).toEqual(['timestamp', 'index_value', 'gpu']);
    expect(new Set(back.rows.map((row) => row.gpu))).toEqual(new Set(['H100 SXM']));
    // The files themselves do not repeat the partition column (Spark refuses a column in both places).
    const file = (await reader.read(join(folder, 'gpu=H100 SXM', 'part-0.parquet'))).columns.map((c) => c.name);
    expect(file).toEqual(['timestamp', 'index_value']);
  });
});

/** Runs main() in this process with stdout on a terminal. */
async function onTerminal(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const home = isolatedHome();
  try {
    const env = {
      HOME: home,
      GPUMKT_CONFIG: join(home, 'none.json'),
      GPUMKT_TODAY: DAY,
      GPUMKT_BASE_URL: 'http://127.0.0.1:9',
      GPUMKT_API_KEY: CANARY_KEY,
    };
    return await runInProcess(args, env, '', { columns: 80 });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe('Parquet refusals (exit 2, before any request)', () => {
  let refusals = 0;
  // GPUMKT_BASE_URL points at a closed port: a run that sent a request would fail with another code.
  it('never prints Parquet bytes to a terminal, and says to use -o', async () => {
    const r = await onTerminal(['history', 'h100', '-f', 'parquet']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(unwrapped(r.stderr)).toMatch(/parquet is binary.*-o <file>\.parquet/);
    // A dry run prints curl commands, not Parquet: allowed at a terminal.
    const dry = await onTerminal(['history', 'h100', '-f', 'parquet', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^curl /);
  });

  it.each([
    [['history', 'h100', '--partition-by', 'gpu', '-f', 'csv', '-o', 'x'], /--partition-by writes parquet folders, not csv/],
    [['history', 'h100', 'a100', '--partition-by', 'gpu'], /--partition-by writes a folder: give -o <folder>/],
    [
      ['history', 'h100', 'a100', '--partition-by', 'model', '-o', 'OUT'],
      /--partition-by model: no such column; columns: gpu, timestamp, index_value/,
    ],
    [['history', 'h100', 'a100', '--partition-by', 'gpu', '-o', 'OUT', '--manifest'], /--manifest describes one file/],
  ])('%j', async (args, message) => {
    const out = join(dir, `refused-${++refusals}`);
    const r = await onTerminal(args.map((a) => (a === 'OUT' ? out : a)));
    expect(r.code, r.stderr).toBe(2);
    expect(unwrapped(r.stderr)).toMatch(message);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses to replace a folder that holds files gpumkt did not write (exit 7), touching nothing', async () => {
    const mine = mkdtempSync(join(dir, 'mine-'));
    writeFileSync(join(mine, 'notes.txt'), 'keep me');
    const r = await onTerminal(['history', 'h100', 'a100', '--partition-by', 'gpu', '-o', mine]);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/holds files gpumkt did not write/);
    expect(readFileSync(join(mine, 'notes.txt'), 'utf8')).toBe('keep me');
  });
});
