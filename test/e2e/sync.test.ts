/**
 * `gpumkt sync <dir>` as a nightly job runs it: a first sync under each plan fills the lake with what
 * the plan reads (the rest skipped, one line each), DuckDB reads every dataset folder as one typed
 * table, and syncs on later days (provisional rows, a day published late) leave every dataset equal to
 * one full export of its range.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lakeDatasets } from '../../src/sync/lake-datasets.js';
import { planReads } from '../../src/domain/service/plans.js';
import { assertNoCanaryInFiles, CANARY_KEY, runCli } from '../helpers/cli.js';
import { useParquetReader, sqlString } from '../helpers/duckdb.js';
import { makeTempDir } from '../helpers/temp.js';
import { holdingBack } from './append-helpers.js';
import {
  dataFolders,
  expectSameRows,
  expectUnique,
  lakeCsv,
  lakeTable,
  lakeTableByLog,
  PREMIUM_KEY,
  readState,
  syncAt,
} from './sync-helpers.js';
import { checkDeltaTable } from '../helpers/delta-check.js';
import { localStore } from '../../src/store/local.js';

const reader = useParquetReader();
const NOW = '2026-11-20T12:00:00Z';

/** The columns that key a dataset's rows: its time, and its partition or target column. */
function keyOf(name: string): string {
  const d = lakeDatasets().find((x) => x.name === name);
  // Rows are keyed by time and the dataset's key columns (workload: lab and family), else its partition.
  const keys = d?.ds.keyColumns ?? [d?.partition ?? d?.ds.targetColumn];
  const cols = [d?.timeKey, ...keys].filter((c): c is string => c !== undefined);
  return cols.map((c) => `"${c}"`).join(', ');
}

describe('a first sync under each plan fills the lake with what the plan reads', () => {
  it.each([
    ['full', CANARY_KEY],
    ['premium', PREMIUM_KEY],
    ['none', null],
  ] as const)(
    'plan %s',
    async (plan, key) => {
      const lake = join(makeTempDir('sync'), 'lake');
      const r = await syncAt(NOW, ['sync', lake, '--from', '2026-09-01'], { key });
      expect(r.code, r.stderr).toBe(0);
      const all = lakeDatasets(plan !== 'none');
      const readable = all.filter((d) => planReads(plan, d.plan));
      const skipped = all.filter((d) => !readable.includes(d));
      const state = readState(lake);
      expect(Object.keys(state.datasets).sort()).toEqual(readable.map((d) => d.name).sort());
      // One line per dataset the plan cannot read, naming what it needs; no request was sent for them.
      for (const d of skipped)
        expect(r.stderr).toMatch(
          new RegExp(`^gpumkt: ${d.name}: skipped, needs .*; this run has ${plan === 'none' ? 'no key' : `a ${plan} key`}$`, 'm'),
        );
      expect(r.requests.filter((q) => q.status !== 200)).toEqual([]);
      // The key is in no file of the lake (Parquet metadata records the request, never the key).
      assertNoCanaryInFiles(lake);
      for (const d of readable) {
        const ds = state.datasets[d.name];
        expect(ds?.status, d.name).toBe('ok');
        const table = lakeTable(lake, d.name);
        const cols = new Map(
          (await reader.query(`DESCRIBE SELECT * FROM ${table}`)).rows.map((c) => [String(c.column_name), String(c.column_type)]),
        );
        const count = await reader.query(`SELECT count(*) AS n FROM ${table}`);
        expect(count.rows[0]?.n, d.name).toBeGreaterThan(0n);
        if (d.kind === 'snapshot') {
          expect(cols.get('snapshot_date'), d.name).toBe('DATE');
          continue;
        }
        expect(Number(count.rows[0]?.n), d.name).toBe(ds?.rows);
        // Times typed as times, the partition column as text, values as numbers: one table per folder.
        expect(cols.get(d.timeKey as string), d.name).toMatch(/^(TIMESTAMP WITH TIME ZONE|DATE)$/);
        if (d.partition !== undefined) expect(cols.get(d.partition), d.name).toBe('VARCHAR');
        expect(cols.get(d.ds.endpoint.valueKey as string), d.name).toMatch(/^(DOUBLE|BIGINT)$/);
        await expectUnique(reader, table, keyOf(d.name), d.name);
        // A key reads from --from; without one, a dataset's free tier may start later (token-prices: a month).
        if (plan !== 'none' || d.ds.freeTier === undefined) expect(ds?.from, d.name).toBe('2026-09-01');
      }
    },
    180_000,
  );
});

describe('syncs on later days equal one full export per dataset', () => {
  // The first families' series (each run stays inside the pacer's first minute).
  const NAMES = ['util-index', 'history', 'volume', 'range', 'memory', 'volatility', 'rolling'];
  const PICK = ['--datasets', [...NAMES, 'utilization'].join(',')];
  // Mid-day (provisional rows), the day's last minute, two days later with a util-index day held back
  // (published late), then ten days on.
  const INSTANTS = ['2026-10-21T09:00:00Z', '2026-10-21T23:59:00Z', '2026-10-23T10:36:00Z', '2026-11-02T00:30:00Z'];
  const late = holdingBack(INSTANTS[2] as string, (row, req) => req.path === '/api/utilization-index/history' && row.date === '2026-10-22');

  it("parquet: every series dataset equals a fresh sync of the same range, which equals the command's own export", async () => {
    const dir = makeTempDir('sync');
    const lake = join(dir, 'lake');
    const stderr: string[] = [];
    for (const now of INSTANTS) {
      const r = await syncAt(now, ['sync', lake, '--from', '2026-10-01', ...PICK], { sb: now === INSTANTS[2] ? { intercept: late } : {} });
      expect(r.code, `${now}: ${r.stderr}`).toBe(0);
      stderr.push(r.stderr);
    }
    expect(stderr[3]).toMatch(/^gpumkt: util-index: \+\d+ rows/m);
    // Rows provisional when written are replaced silently: nothing here was restated.
    expect(stderr.join('')).not.toMatch(/restated/);
    const last = INSTANTS[3] as string;
    const fresh = join(dir, 'fresh');
    const f = await syncAt(last, ['sync', fresh, '--from', '2026-10-01', ...PICK]);
    expect(f.code, f.stderr).toBe(0);
    for (const name of NAMES) {
      const n = await expectSameRows(reader, lakeTable(lake, name), lakeTable(fresh, name), name);
      expect(n, name).toBe(readState(lake).datasets[name]?.rows);
      await expectUnique(reader, lakeTable(lake, name), keyOf(name), name);
    }
    // DuckDB reads the table through its log: read_parquet over the files the latest commit lists.
    await expectSameRows(reader, await lakeTableByLog(lake, 'history'), lakeTable(fresh, 'history'), 'history through its log');
    expect(await reader.query(`SELECT count(*) AS n FROM ${lakeTable(lake, 'util-index')} WHERE date = DATE '2026-10-22'`)).toMatchObject({
      rows: [{ n: 1n }],
    });
    // The fresh sync is the command's own export: history as `gpumkt history all … --partition-by gpu` writes it.
    const full = join(dir, 'history-full');
    const h = await syncAt(last, ['history', 'all', '--granularity', 'daily', '--from', '2026-10-01', '-o', full, '--partition-by', 'gpu']);
    expect(h.code, h.stderr).toBe(0);
    await expectSameRows(
      reader,
      lakeTable(lake, 'history'),
      `read_parquet(${sqlString(`${full}/**/*.parquet`)}, hive_partitioning = true)`,
      'history',
    );
    // Snapshots accumulate one dated copy per day synced (the same day twice: replaced).
    expect(dataFolders(readdirSync(join(lake, 'utilization')))).toEqual([
      'snapshot_date=2026-10-21',
      'snapshot_date=2026-10-23',
      'snapshot_date=2026-11-02',
    ]);
  });

  it('csv: each dataset equals a fresh sync of the same range byte for byte (its files through the log, in order)', async () => {
    const dir = makeTempDir('sync');
    const lake = join(dir, 'lake');
    const args = ['--from', '2026-10-01', '--format', 'csv', '--datasets', 'util-index,history,memory,volatility'];
    for (const now of INSTANTS) {
      const r = await syncAt(now, ['sync', lake, ...args], { sb: now === INSTANTS[2] ? { intercept: late } : {} });
      expect(r.code, `${now}: ${r.stderr}`).toBe(0);
    }
    const fresh = join(dir, 'fresh');
    expect((await syncAt(INSTANTS[3] as string, ['sync', fresh, ...args])).code).toBe(0);
    for (const name of ['util-index', 'history', 'memory', 'volatility']) {
      expect(await lakeCsv(lake, name), name).toBe(await lakeCsv(fresh, name));
      expect(await checkDeltaTable(localStore(lake), name), name).toEqual([]);
    }
    // A lake keeps its format: asking it for Parquet is refused before any request.
    const other = await syncAt(INSTANTS[3] as string, ['sync', lake, '--format', 'parquet']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/the lake holds csv data; --format parquet would mix/);
    expect(other.requests).toEqual([]);
  });
});

describe('an hourly lake (full key only)', () => {
  it('an hour held back is inserted where a full export has it; the lake equals a fresh sync', async () => {
    const dir = makeTempDir('sync');
    const lake = join(dir, 'lake');
    const args = ['--granularity', 'hourly', '--datasets', 'history,range', '--from', '2026-10-28'];
    const instants = ['2026-10-30T10:36:00Z', '2026-10-30T20:00:00Z', '2026-11-01T03:10:00Z'];
    const hour = holdingBack(
      instants[0] as string,
      (row, req) => row.timestamp === '2026-10-30T05:00:00.000Z' && req.path.includes('H200'),
    );
    for (const now of instants) {
      const r = await syncAt(now, ['sync', lake, ...args], { sb: now === instants[0] ? { intercept: hour } : {} });
      expect(r.code, `${now}: ${r.stderr}`).toBe(0);
      expect(r.stderr).not.toMatch(/restated/);
    }
    const fresh = join(dir, 'fresh');
    expect((await syncAt(instants[2] as string, ['sync', fresh, ...args])).code).toBe(0);
    for (const name of ['history', 'range']) {
      await expectSameRows(reader, lakeTable(lake, name), lakeTable(fresh, name), name);
      await expectUnique(reader, lakeTable(lake, name), keyOf(name), name);
    }
    const last = await reader.query(`SELECT max(timestamp) AS t, count(*) AS n FROM ${lakeTable(lake, 'history')} WHERE gpu = 'H200'`);
    expect(last.rows[0]).toEqual({ t: '2026-11-01T03:00:00.000000Z', n: BigInt(4 * 24 + 4) });
    // A lake keeps its grain: a daily run of it is refused before any request.
    const daily = await syncAt(instants[2] as string, ['sync', lake, '--granularity', 'daily']);
    expect(daily.code).toBe(2);
    expect(daily.requests).toEqual([]);
  });
});

describe('plan, status and refusals', () => {
  it('--dry-run prints the plan and sends nothing; the lake is not created', async () => {
    const lake = join(makeTempDir('sync'), 'lake');
    const r = await syncAt(NOW, ['sync', lake, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests).toEqual([]);
    expect(existsSync(lake)).toBe(false);
    expect(r.stdout).toMatch(/^history +series +first +2025-11-20 to 2026-11-20 +6 +history\/gpu=\*\/\*\.parquet$/m);
    // sites is a paged listing: its first page is counted, the rest as they come ("1+", "N+ requests").
    expect(r.stdout).toMatch(/^sites +snapshot +snapshot +today +1\+ +sites\/snapshot_date=2026-11-20\/\*\.parquet$/m);
    expect(r.stdout).toMatch(/^\d+\+ requests, about (\d+m)?\d+s or more .*nothing sent$/m);
    const j = await syncAt(NOW, ['sync', lake, '--dry-run', '--json']);
    const plan = JSON.parse(j.stdout) as {
      requests: number;
      morePages?: boolean;
      datasets: Array<{ name: string; requests: number; morePages?: boolean }>;
    };
    expect(plan.morePages).toBe(true);
    expect(plan.datasets.filter((d) => d.morePages === true).map((d) => d.name)).toEqual(['sites']);
    expect(plan.datasets.map((d) => d.name)).toEqual(lakeDatasets().map((d) => d.name));
    expect(plan.requests).toBe(plan.datasets.reduce((n, d) => n + d.requests, 0));
    expect(j.requests).toEqual([]);
  });

  it('a 403 for one dataset is reported, the others are synced, and the exit code is 10', async () => {
    const lake = join(makeTempDir('sync'), 'lake');
    const intercept = (q: { path: string }) =>
      q.path.endsWith('/volume-metrics') ? { status: 403, body: { error: 'Forbidden', message: 'Not on your plan' } } : undefined;
    // Three datasets: a whole first sync would wait on the pacer past the minute.
    const r = await syncAt(NOW, ['sync', lake, '--from', '30d', '--datasets', 'history,volume,range', '--json'], { sb: { intercept } });
    expect(r.code, r.stderr).toBe(10);
    expect(r.stderr).toMatch(/^gpumkt: warning: volume failed: the API denied access \(403\): Not on your plan$/m);
    expect(r.stderr).toMatch(/^gpumkt: error: 1 of \d+ datasets failed \(volume\); the others were updated/m);
    const summary = JSON.parse(r.stdout) as { exitCode: number; pacedSeconds: number; datasets: Array<{ name: string; status: string }> };
    expect(summary.exitCode).toBe(10);
    // 18 requests, no 429: the pacer never held one back.
    expect(summary.pacedSeconds).toBe(0);
    expect(summary.datasets.filter((d) => d.status !== 'updated').map((d) => d.name)).toEqual(['volume']);
    const state = readState(lake);
    expect(state.datasets.volume?.status).toBe('failed');
    expect(state.datasets.history?.status).toBe('ok');
    const status = await runCli(['sync', lake, '--status'], { env: { GPUMKT_TODAY: '2026-11-21' } });
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^volume +series .*failed: the API denied access \(403\)/m);
    expect(status.stdout).toMatch(/^history +series +daily +gpu +2026-10-21 +2026-11-20 +186 +2026-11-20 12:00 +stale since 2026-11-20$/m);
    const json = await runCli(['sync', lake, '--status', '--json']);
    expect((JSON.parse(json.stdout) as { datasets: Record<string, { rows: number }> }).datasets.history?.rows).toBe(186);
    const none = await runCli(['sync', join(makeTempDir('sync'), 'nothing'), '--status']);
    expect(none.code).toBe(4);
    expect(none.stderr).toMatch(/holds no lake yet; run 'gpumkt sync .*' first/);
  });

  it('a persistent HTTP 500 on one route fails that dataset alone; the datasets after it are synced (exit 10)', async () => {
    const lake = join(makeTempDir('sync'), 'lake');
    const intercept = (q: { path: string }) =>
      q.path.endsWith('/volatility') ? { status: 500, body: { error: 'Internal Server Error', message: 'boom' } } : undefined;
    const r = await syncAt(NOW, ['sync', lake, '--from', '30d', '--datasets', 'volatility,rolling,forward', '--retries', '1'], {
      sb: { intercept },
    });
    expect(r.code, r.stderr).toBe(10);
    expect(r.stderr).toMatch(/^gpumkt: warning: volatility failed: .*answered HTTP 500: boom \(after 2 attempts\)$/m);
    expect(r.stderr).not.toMatch(/not run/);
    expect(r.stderr).toMatch(/^gpumkt: error: 1 of 3 datasets failed \(volatility\); the others were updated/m);
    // The service was asked for every dataset: the route that failed, and the others after it.
    expect(r.requests.filter((q) => q.path.endsWith('/volatility')).length).toBeGreaterThanOrEqual(2);
    expect(r.requests.some((q) => q.path.endsWith('/rolling-24h-average/history'))).toBe(true);
    expect(r.requests.some((q) => q.path === '/api/forward')).toBe(true);
    const state = readState(lake);
    expect([state.datasets.volatility?.status, state.datasets.rolling?.status, state.datasets.forward?.status]).toEqual([
      'failed',
      'ok',
      'ok',
    ]);
  });

  it('a service that cannot be reached (connection refused) stops the run after the first failure (exit 5)', async () => {
    const lake = join(makeTempDir('sync'), 'lake');
    // A port that was just free: nothing listens there.
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    await new Promise((done) => server.close(done));
    const r = await runCli(['sync', lake, '--retries', '0'], {
      env: { GPUMKT_BASE_URL: `http://127.0.0.1:${port}`, GPUMKT_API_KEY: CANARY_KEY, GPUMKT_TODAY: NOW.slice(0, 10) },
    });
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/^gpumkt: warning: util-index failed: cannot reach http:\/\/127\.0\.0\.1:\d+: /m);
    // The catalogues of memory types and coding products are asked first (sync runs the service's lists).
    expect(r.stderr).toMatch(/^gpumkt: warning: memory: the service's list could not be read \(.*\); syncing the offline list$/m);
    expect(r.stderr).toMatch(/^gpumkt: warning: coding: the service's list could not be read \(.*\); syncing the offline list$/m);
    // The GPU models too: said once, naming every dataset that runs one request per model.
    expect(r.stderr).toMatch(
      /^gpumkt: warning: history, volume, range, volatility, rolling: the service's list could not be read \(.*\); syncing the offline list$/m,
    );
    expect(r.stderr.match(/the service's list could not be read/g)).toHaveLength(3);
    expect(r.stderr).toMatch(/^gpumkt: warning: history: not run, the service could not be reached \(util-index\)$/m);
    expect(r.stderr).toMatch(/^gpumkt: error: every dataset failed/m);
  });

  it.each([
    ['s3x://bucket/x', 'gpumkt: error: s3x://bucket/x: s3x:// is not a lake gpumkt can write; give a local folder or s3://bucket/prefix\n'],
    ['s3://Bucket/lake', 'gpumkt: error: s3://Bucket/lake: "Bucket" is not an S3 bucket name (write it as s3://bucket/prefix)\n'],
    [
      'HTTPS://example.com/lake',
      'gpumkt: error: HTTPS://example.com/lake: https:// is not a lake gpumkt can write; give a local folder or s3://bucket/prefix\n',
    ],
    ['file:///tmp/lake', 'gpumkt: error: file:///tmp/lake: give the lake as a folder path, without file://\n'],
  ])('a lake that looks like a URL (%s) is refused: exit 2, one line, no folder made, no request', async (url, line) => {
    const cwd = makeTempDir('sync');
    for (const extra of [[], ['--status'], ['--dry-run']]) {
      const r = await syncAt(NOW, ['sync', url, ...extra], { cwd });
      expect([r.code, r.stderr, r.requests.length], extra.join(' ')).toEqual([2, line, 0]);
    }
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('refuses typos, hourly rows without a full key, a folder that is not a lake, and a lake another sync holds', async () => {
    const dir = makeTempDir('sync');
    const typo = await syncAt(NOW, ['sync', join(dir, 'a'), '--datasets', 'histroy,volume']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/unknown dataset 'histroy'; did you mean 'history'\?/);
    const hourly = await syncAt(NOW, ['sync', join(dir, 'b'), '--granularity', 'hourly'], { key: PREMIUM_KEY });
    expect(hourly.code).toBe(3);
    expect(hourly.stderr).toMatch(/hourly rows need a full key \(sk_live_\); this run has a premium key/);
    const home = makeTempDir('sync');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(home, 'notes.txt'), 'mine\n');
    const notLake = await syncAt(NOW, ['sync', home]);
    expect(notLake.code).toBe(7);
    expect(notLake.stderr).toMatch(/is not a gpumkt lake/);
    const held = join(dir, 'held');
    const { mkdirSync } = await import('node:fs');
    const { hostname } = await import('node:os');
    mkdirSync(held);
    writeFileSync(
      join(held, '.gpumkt-sync.lock'),
      JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() }),
    );
    const locked = await syncAt(NOW, ['sync', held]);
    expect(locked.code).toBe(8);
    for (const r of [typo, hourly, notLake, locked]) expect(r.requests).toEqual([]);
  });
});
