/** Shared pieces of the sync tests: a sync at a given instant against a sandbox, and lake reads through DuckDB. */
import { existsSync, readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startSandbox, type RecordedRequest, type SandboxOptions } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli, type RunResult } from '../helpers/cli.js';
import { sqlString, type ParquetReader } from '../helpers/duckdb.js';
import { checkDeltaTable } from '../helpers/delta-check.js';
import { localStore } from '../../src/store/local.js';
import { readTable, readTableRows } from '../../src/lake/table.js';

/** The premium (daily-only) key of the sandbox's documented plans. */
export const PREMIUM_KEY = 'sk_prem_sandbox';

/** What a sync run may vary: the key (null: none), sandbox options. */
export interface SyncAt {
  readonly key?: string | null;
  readonly sb?: Partial<SandboxOptions>;
  /** The folder the run starts in (a relative lake lands there). */
  readonly cwd?: string;
  /** More environment (GPUMKT_KNOWLEDGE_TIME). */
  readonly env?: Readonly<Record<string, string>>;
}

/** The state file of a lake, as a test reads it. */
export interface StateFile {
  format: string;
  grain: string;
  lastRun?: { exitCode: number; requests: number };
  datasets: Record<
    string,
    {
      kind: string;
      path: string;
      partition?: string;
      from?: string;
      to?: string;
      rows?: number;
      status?: string;
      error?: string;
      lastSuccess?: string;
    }
  >;
}

/** Reads `<lake>/.gpumkt-sync.json`. */
export function readState(lake: string): StateFile {
  return JSON.parse(readFileSync(join(lake, '.gpumkt-sync.json'), 'utf8')) as StateFile;
}

/**
 * Runs `gpumkt <args…>` at the instant `now` (ISO): the sandbox serves what exists then and the CLI's
 * today is that day. Afterwards each dataset written is dated `now`, as a run at that instant leaves it
 * (its rows of that day were provisional then).
 */
export async function syncAt(now: string, args: readonly string[], at: SyncAt = {}): Promise<RunResult & { requests: RecordedRequest[] }> {
  const sb = await startSandbox({ now, keys: { valid: [CANARY_KEY, PREMIUM_KEY] }, ...at.sb });
  try {
    const key = at.key === undefined ? CANARY_KEY : (at.key ?? undefined);
    const r = await runCli(args, {
      cwd: at.cwd,
      env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: key, GPUMKT_TODAY: now.slice(0, 10), ...at.env },
    });
    const lake = args[1];
    if (args[0] === 'sync' && lake !== undefined && existsSync(join(lake, '.gpumkt-sync.json'))) {
      const t = Date.parse(now) / 1000;
      for (const d of Object.values(readState(lake).datasets)) {
        const p = join(lake, d.path);
        if (!existsSync(p)) continue;
        utimesSync(p, t, t);
        // Every table a sync writes follows the Delta protocol (the checker of test/helpers).
        if (existsSync(join(p, '_delta_log'))) expect(await checkDeltaTable(localStore(lake), d.path), d.path).toEqual([]);
      }
    }
    return { ...r, requests: [...sb.requests] };
  } finally {
    await sb.close();
  }
}

/**
 * The current rows of a versioned table (`known_to` null), without the knowledge-time columns: what
 * the service says now, to compare with an export or a fresh sync (whose knowledge times differ).
 * Every comparison of a lake with an export goes through this one view (docs/point-in-time.md).
 */
export function currentView(table: string): string {
  return `(SELECT * EXCLUDE (known_from, known_to) FROM ${table} WHERE known_to IS NULL)`;
}

/** The DuckDB expression reading one dataset folder of a lake as every version it holds, known_* included. */
export function lakeVersions(lake: string, name: string): string {
  return `read_parquet(${sqlString(`${lake}/${name}/**/*.parquet`)}, hive_partitioning = true)`;
}

/** The DuckDB expression reading one dataset folder of a lake as one table: its current rows (currentView). */
export function lakeTable(lake: string, name: string): string {
  return currentView(lakeVersions(lake, name));
}

/**
 * The DuckDB expression reading one dataset of a lake through its log: `read_parquet` over the files
 * the latest commit lists (what a killed run left unlisted is not read).
 */
export async function lakeTableByLog(lake: string, name: string): Promise<string> {
  const snap = await readTable(localStore(lake), name);
  const files = (snap?.files ?? []).map((f) => sqlString(join(lake, f.key)));
  return currentView(`read_parquet([${files.join(', ')}], hive_partitioning = true)`);
}

/** Every version of one dataset of a lake through its log, known_* included (the files the latest commit lists). */
export async function lakeVersionsByLog(lake: string, name: string): Promise<string> {
  const snap = await readTable(localStore(lake), name);
  const files = (snap?.files ?? []).map((f) => sqlString(join(lake, f.key)));
  return `read_parquet([${files.join(', ')}], hive_partitioning = true)`;
}

/**
 * A CSV lake's current rows through its log: the header once, then every live file's records in
 * order, each without its last two fields (known_from, known_to) and only while current (known_to
 * empty), as currentView does for Parquet.
 */
export async function lakeCsv(lake: string, name: string): Promise<string> {
  const all = (await lakeCsvVersions(lake, name)).split('\n');
  const [header = '', ...body] = all;
  expect(header, name).toMatch(/,known_from,known_to$/);
  const strip = (line: string): string => line.replace(/,[^,]*,[^,]*$/, '');
  return [strip(header), ...body.filter((l) => l.endsWith(',')).map(strip)].join('\n');
}

/** A CSV lake's dataset through its log, every version: the header once, then every live file's records in order. */
export async function lakeCsvVersions(lake: string, name: string): Promise<string> {
  const store = localStore(lake);
  const snap = await readTable(store, name, { format: 'csv' });
  if (snap === undefined) return '';
  const lines = (f: string): string[] =>
    readFileSync(join(lake, f), 'utf8')
      .split('\n')
      .filter((l) => l !== '');
  const [header = ''] = lines(snap.files[0]?.key ?? '');
  const body = snap.files.flatMap((f) => lines(f.key).slice(1));
  expect((await readTableRows(store, name, snap)).length, name).toBe(body.length);
  return [header, ...body].join('\n');
}

/** The names in a dataset folder other than its log. */
export function dataFolders(names: readonly string[]): string[] {
  return names.filter((n) => n !== '_delta_log').sort();
}

/** Asserts that two tables hold the same rows (as multisets) and the same column types. */
export async function expectSameRows(reader: ParquetReader, a: string, b: string, what: string): Promise<number> {
  const ta = await reader.query(`DESCRIBE SELECT * FROM ${a}`);
  const tb = await reader.query(`DESCRIBE SELECT * FROM ${b}`);
  const types = (r: { rows: Record<string, unknown>[] }): string[] =>
    r.rows.map((x) => `${String(x.column_name)} ${String(x.column_type)}`).sort();
  expect(types(ta), what).toEqual(types(tb));
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const diff = await reader.query(`SELECT count(*) AS n FROM (SELECT * FROM ${x} EXCEPT ALL SELECT * FROM ${y})`);
    expect(diff.rows[0]?.n, `${what}: rows of one side missing from the other`).toBe(0n);
  }
  const n = await reader.query(`SELECT count(*) AS n FROM ${a}`);
  return Number(n.rows[0]?.n);
}

/** Asserts that `key` (a column list) is unique in the table. */
export async function expectUnique(reader: ParquetReader, table: string, key: string, what: string): Promise<void> {
  const dup = await reader.query(`SELECT count(*) - count(DISTINCT (${key})) AS d FROM ${table}`);
  expect(dup.rows[0]?.d, `${what}: duplicate ${key}`).toBe(0n);
}
