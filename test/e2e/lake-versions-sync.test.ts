/**
 * Issue 40 through the real `gpumkt sync` (docs/point-in-time.md): syncs at several instants — two on
 * one day, gaps of days, a day held back and published late — against the sandbox's provisional days
 * and restated coding merge rates, each with its own knowledge time (GPUMKT_KNOWLEDGE_TIME). Then, at
 * every sync time T, `lake read --as-of T` equals the export the sandbox answered at T, and so does
 * the documented DuckDB WHERE over the files the log lists; the current rows equal the last export;
 * `lake log` shows each revision. And a lake written before versions is upgraded by its next sync.
 */
import { rmSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/domain/row.js';
import { getFormatter } from '../../src/output/formats.js';
import { commitTable, writeDataFile, type TableWriter } from '../../src/lake/commit.js';
import { schemaOf } from '../../src/lake/schema.js';
import { readTable, readTableRows } from '../../src/lake/table.js';
import { localStore } from '../../src/store/local.js';
import { runMain } from '../helpers/main.js';
import { makeTempDir } from '../helpers/temp.js';
import { formatOptions } from '../helpers/format-options.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { holdingBack } from './append-helpers.js';
import { lakeVersionsByLog, readState, syncAt } from './sync-helpers.js';

const reader = useParquetReader();
const FROM = '2026-11-01';

/** Sync instants: two on one day (the day provisional at both), the next morning (settled), gaps of two and five days. */
const INSTANTS = [
  '2026-11-10T09:00:00.000Z',
  '2026-11-10T21:00:00.000Z',
  '2026-11-11T10:00:00.000Z',
  '2026-11-13T08:00:00.000Z',
  '2026-11-14T23:00:00.000Z',
  '2026-11-19T12:00:00.000Z',
];

/**
 * H200's 2026-11-09 is published late: held back at the first two instants. H100 SXM's 2026-11-13,
 * provisional at the fourth, is withdrawn at the fifth and back at the sixth.
 */
const LATE = (now: string) =>
  now < '2026-11-11'
    ? { intercept: holdingBack(now, (row, req) => req.path.includes('H200') && String(row.timestamp).startsWith('2026-11-09')) }
    : now.startsWith('2026-11-14')
      ? { intercept: holdingBack(now, (row, req) => req.path.includes('H100') && String(row.timestamp).startsWith('2026-11-13')) }
      : {};

/** Values in one form (ISO instants to milliseconds; known_* and nulls left out), rows in one order. */
function plain(rows: readonly Row[], key: readonly string[]): string[] {
  return rows
    .map((r) =>
      JSON.stringify(
        Object.keys(r)
          // A column a row does not carry is null in a Parquet file and absent from a JSON export.
          .filter((c) => c !== 'known_from' && c !== 'known_to' && r[c] !== null && r[c] !== undefined)
          .sort()
          .map((c) => {
            const v = r[c];
            return [c, typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? new Date(Date.parse(v)).toISOString() : v];
          }),
      ),
    )
    .sort((a, b) => {
      const ka = key.map((k) => String((JSON.parse(a) as Array<[string, unknown]>).find(([c]) => c === k)?.[1])).join(' ');
      const kb = key.map((k) => String((JSON.parse(b) as Array<[string, unknown]>).find(([c]) => c === k)?.[1])).join(' ');
      return ka < kb ? -1 : ka > kb ? 1 : a < b ? -1 : a > b ? 1 : 0;
    });
}

/** The export the sandbox answers at `now`, as JSON rows. */
async function exportAt(now: string, args: readonly string[]): Promise<Row[]> {
  const r = await syncAt(now, [...args, '--from', FROM, '--to', now.slice(0, 10), '-f', 'json', '-q'], { sb: LATE(now) });
  expect(r.code, `${now}: ${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout) as Row[];
}

/** `lake read` rows (as of `at`, when given). */
async function lakeRead(lake: string, name: string, at?: string): Promise<{ rows: Row[]; stderr: string }> {
  const r = await runMain(['lake', 'read', lake, name, ...(at === undefined ? [] : ['--as-of', at]), '-f', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return { rows: JSON.parse(r.stdout) as Row[], stderr: r.stderr };
}

describe('gpumkt sync keeps every version: lake read --as-of each sync time equals the export at that time', () => {
  it('coding (restated merge rates) and history (provisional days settling, a late day), over six syncs', async () => {
    const lake = join(makeTempDir('versions-sync'), 'lake');
    const stderr: string[] = [];
    for (const now of INSTANTS) {
      const r = await syncAt(now, ['sync', lake, '--datasets', 'coding,history', '--from', FROM], {
        sb: LATE(now),
        env: { GPUMKT_KNOWLEDGE_TIME: now },
      });
      expect(r.code, `${now}: ${r.stderr}`).toBe(0);
      stderr.push(r.stderr);
    }
    // The outcome lines count the revisions: the provisional day settled, the merge rates rose.
    expect(stderr[2]).toMatch(/^gpumkt: history: \+\d+ rows \(6 revised\), /m);
    expect(stderr[3]).toMatch(/^gpumkt: coding: \+\d+ rows \(\d+ revised\), /m);
    // The withdrawn row is said in the summary line, not taken for damage.
    expect(stderr[4]).toMatch(/^gpumkt: history: \+5 rows \(5 revised, 1 withdrawn\), /m);
    expect(stderr[4]).not.toMatch(/fewer/);
    expect(readState(lake)).toMatchObject({ versionsSince: INSTANTS[0] });
    const products = [...new Set((await lakeRead(lake, 'coding')).rows.map((r) => String(r.product)))].sort();
    expect(products.length).toBeGreaterThan(5);
    const history = await lakeVersionsByLog(lake, 'history');
    for (const now of INSTANTS) {
      const coding = await lakeRead(lake, 'coding', now);
      expect(coding.stderr, now).toBe('');
      expect(plain(coding.rows, ['date', 'product']), `coding as of ${now}`).toEqual(
        plain(await exportAt(now, ['coding', ...products]), ['date', 'product']),
      );
      const h = await lakeRead(lake, 'history', now);
      const exported = await exportAt(now, ['history', 'all', '--granularity', 'daily']);
      expect(plain(h.rows, ['timestamp', 'gpu']), `history as of ${now}`).toEqual(plain(exported, ['timestamp', 'gpu']));
      // The documented WHERE (docs/point-in-time.md), over the files the log lists, answers the same rows.
      const t = `TIMESTAMPTZ '${now.replace('T', ' ').replace('Z', '+00')}'`;
      const duck = await reader.query(
        `SELECT * EXCLUDE (known_from, known_to) FROM ${history} WHERE known_from <= ${t} AND (known_to IS NULL OR known_to > ${t}) ORDER BY timestamp, gpu`,
      );
      expect(plain(duck.rows as Row[], ['timestamp', 'gpu']), `DuckDB as of ${now}`).toEqual(plain(exported, ['timestamp', 'gpu']));
    }
    // The current rows are today's full export.
    const last = INSTANTS.at(-1) as string;
    expect(plain((await lakeRead(lake, 'coding')).rows, ['date', 'product'])).toEqual(
      plain(await exportAt(last, ['coding', ...products]), ['date', 'product']),
    );
    expect(plain((await lakeRead(lake, 'history')).rows, ['timestamp', 'gpu'])).toEqual(
      plain(await exportAt(last, ['history', 'all', '--granularity', 'daily']), ['timestamp', 'gpu']),
    );
    // lake log: a restated merge rate's versions, each higher; the provisional day's, ending settled.
    const log = async (args: string[]) => {
      const r = await runMain(['lake', 'log', lake, ...args, '-f', 'json']);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as Row[];
    };
    const merge = await log(['coding', '--key', 'cursor-merge', '--key', '2026-11-12']);
    expect(merge.length).toBeGreaterThan(1);
    expect(merge.map((r) => r.known_from)).toEqual([...merge.map((r) => r.known_from)].sort());
    for (const r of merge.slice(1)) expect(r.change as number).toBeGreaterThan(0);
    const day = await log(['history', '--key', 'H100 SXM', '--key', '2026-11-10']);
    expect(day.map((r) => r.known_from)).toEqual(INSTANTS.slice(0, 3));
    expect(day.at(-1)?.known_to).toBeNull();
    // The late day: not known at the first two syncs, known from the third.
    const late = await log(['history', '--key', 'H200', '--key', '2026-11-09']);
    expect(late.map((r) => [r.known_from, r.known_to])).toEqual([[INSTANTS[2], null]]);
    // The withdrawn day: provisional, closed with no successor while withdrawn, then back.
    const gone = await log(['history', '--key', 'H100 SXM', '--key', '2026-11-13']);
    expect(gone.map((r) => [r.known_from, r.known_to])).toEqual([
      [INSTANTS[3], INSTANTS[4]],
      [INSTANTS[5], null],
    ]);
  }, 300_000);
});

describe('a snapshot synced twice a day keeps both copies', () => {
  it("utilization at 09:00 and 21:00: lake read --as-of each time equals that time's export, the rows that moved closed", async () => {
    const lake = join(makeTempDir('versions-snapshot'), 'lake');
    const [t0, t1] = INSTANTS as [string, string];
    const exports: Row[][] = [];
    for (const now of [t0, t1]) {
      const r = await syncAt(now, ['sync', lake, '--datasets', 'utilization'], { env: { GPUMKT_KNOWLEDGE_TIME: now } });
      expect(r.code, `${now}: ${r.stderr}`).toBe(0);
      const e = await syncAt(now, ['utilization', '-f', 'json', '-q']);
      exports.push((JSON.parse(e.stdout) as Row[]).map((x) => ({ ...x, snapshot_date: now.slice(0, 10) })));
    }
    // The sandbox's current utilization moves within the day: the evening's copy differs.
    expect(plain(exports[1] as Row[], [])).not.toEqual(plain(exports[0] as Row[], []));
    for (const [i, now] of [t0, t1].entries()) {
      const read = await lakeRead(lake, 'utilization', now);
      expect(plain(read.rows, []), now).toEqual(plain(exports[i] as Row[], []));
    }
    const all = await readTableRows(localStore(lake), 'utilization', (await readTable(localStore(lake), 'utilization'))!);
    const closed = all.filter((r) => r.known_to !== null);
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((r) => r.known_from === t0 && r.known_to === t1)).toBe(true);
  }, 120_000);
});

describe('a CSV lake keeps the same versions, as text', () => {
  it('history over four syncs: lake read --as-of each sync time equals the export at that time', async () => {
    const lake = join(makeTempDir('versions-csv'), 'lake');
    const instants = INSTANTS.slice(0, 4);
    for (const now of instants) {
      const r = await syncAt(now, ['sync', lake, '--datasets', 'history', '--from', FROM, '--format', 'csv'], {
        sb: LATE(now),
        env: { GPUMKT_KNOWLEDGE_TIME: now },
      });
      expect(r.code, `${now}: ${r.stderr}`).toBe(0);
    }
    const header = readFileSync(join(lake, (await readTable(localStore(lake), 'history', { format: 'csv' }))!.files[0]!.key), 'utf8');
    expect(header.split('\n')[0]).toMatch(/,known_from,known_to$/);
    for (const now of instants) {
      const h = await lakeRead(lake, 'history', now);
      expect(plain(h.rows, ['timestamp', 'gpu']), `history as of ${now}`).toEqual(
        plain(await exportAt(now, ['history', 'all', '--granularity', 'daily']), ['timestamp', 'gpu']),
      );
    }
  }, 120_000);
});

describe('a lake written before it kept versions', () => {
  it('is upgraded in place by its next sync: one commit per dataset, one line each, --as-of before says so', async () => {
    const lake = join(makeTempDir('versions-upgrade'), 'lake');
    const args = ['sync', lake, '--datasets', 'history,latest', '--from', FROM];
    const first = await syncAt(INSTANTS[0] as string, args);
    expect(first.code, first.stderr).toBe(0);
    // The layout before versions: the same tables rewritten without known_from/known_to (files and
    // schema), and a state file that does not say since when the lake keeps versions.
    const store = localStore(lake);
    for (const name of ['history', 'latest']) {
      const snap = await readTable(store, name);
      const rows = (await readTableRows(store, name, snap!)).map(({ known_from: _f, known_to: _t, ...r }) => r);
      rmSync(join(lake, name), { recursive: true });
      const part = snap!.partitionColumns[0] as string;
      const w: TableWriter = {
        store,
        table: name,
        format: 'parquet',
        formatter: await getFormatter('parquet'),
        options: formatOptions(Object.keys(rows[0] as Row), {
          types: name === 'history' ? { timestamp: 'timestamp', index_value: 'double' } : {},
        }),
        timeKey: name === 'history' ? 'timestamp' : undefined,
        partitionColumns: [part],
      };
      const add = [];
      for (const v of new Set(rows.map((r) => String(r[part]))))
        add.push(
          await writeDataFile(
            w,
            rows.filter((r) => String(r[part]) === v),
            { [part]: v },
            0,
          ),
        );
      await commitTable(store, name, undefined, { add, remove: [], columns: schemaOf(w, rows), operation: 'WRITE' }, w);
      expect((await readTable(store, name))?.columns).not.toContain('known_from');
    }
    const stateFile = join(lake, '.gpumkt-sync.json');
    const { versionsSince: _v, ...state } = JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(stateFile, JSON.stringify(state));
    const held = await lakeRead(lake, 'history');
    expect(held.stderr).toMatch(/carry no known_from/);
    const at = '2026-11-11T10:00:00.000Z';
    const r = await syncAt(at, args, { env: { GPUMKT_KNOWLEDGE_TIME: at } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`gpumkt: history: ${held.rows.length} rows held before this lake kept versions are known from ${at} on\n`);
    expect(r.stderr).toContain(`gpumkt: latest: 6 rows held before this lake kept versions are known from ${at} on\n`);
    expect(readState(lake)).toMatchObject({ versionsSince: at });
    for (const name of ['history', 'latest']) {
      const snap = await readTable(store, name);
      expect(snap?.columns, name).toContain('known_from');
      // One commit: the table's version 1 (0 was the rewrite above).
      expect(snap?.version, name).toBe(1);
    }
    // The current rows are the export; nothing is known before the upgrade, and lake read says so.
    expect(plain((await lakeRead(lake, 'history')).rows, ['timestamp', 'gpu'])).toEqual(
      plain(await exportAt(at, ['history', 'all', '--granularity', 'daily']), ['timestamp', 'gpu']),
    );
    const before = await lakeRead(lake, 'history', '2026-11-10T23:00:00Z');
    expect(before.rows).toEqual([]);
    expect(before.stderr).toBe(
      `gpumkt: warning: this lake keeps versions since ${at}: history's rows held before then are dated then, so nothing is known at 2026-11-10T23:00:00.000Z\n`,
    );
  }, 120_000);
});

describe('a keyless lake', () => {
  it('asks again only the days the free tier serves (token-prices revisits all its days): a month on, the sync still succeeds and closes nothing it cannot see', async () => {
    const lake = join(makeTempDir('versions-keyless'), 'lake');
    const args = ['sync', lake, '--datasets', 'token-prices'];
    const first = await syncAt('2026-10-10T12:00:00.000Z', args, { key: null, env: { GPUMKT_KNOWLEDGE_TIME: '2026-10-10T12:00:00.000Z' } });
    expect(first.code, first.stderr).toBe(0);
    const at = '2026-11-20T12:00:00.000Z';
    const later = await syncAt(at, args, { key: null, env: { GPUMKT_KNOWLEDGE_TIME: at } });
    expect(later.code, later.stderr).toBe(0);
    expect(later.stderr).not.toMatch(/withdrawn/);
    const asked = later.requests.map((q) => q.query.startDate ?? q.query.from).filter((d) => d !== undefined);
    expect(asked.length).toBeGreaterThan(0);
    // Every row the first sync held is still current: the days before the free tier were not asked.
    const held = await lakeRead(lake, 'token-prices', '2026-10-10T12:00:00.000Z');
    const now = await lakeRead(lake, 'token-prices');
    const keys = (rows: Row[]) => new Set(rows.map((r) => `${String(r.date)} ${String(r.lab)}`));
    for (const k of keys(held.rows)) expect(keys(now.rows).has(k), k).toBe(true);
  }, 120_000);
});
