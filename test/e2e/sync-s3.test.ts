/**
 * `gpumkt sync s3://bucket/prefix` against the loopback S3 server of test/helpers (no network, no
 * cloud): every dataset a Delta table the protocol checker accepts, a next-day run adding commits, the
 * same rows as a sync to a folder, the probe refusing a store that ignores preconditions, the lease
 * keeping a second run out, S3 errors as one line, and the AWS secrets never printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlString, useParquetReader } from '../helpers/duckdb.js';
import { startSandbox, type RecordedRequest } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli, type RunResult } from '../helpers/cli.js';
import { startS3Server, type S3Server } from '../helpers/s3-server.js';
import { checkDeltaTable } from '../helpers/delta-check.js';
import { makeTempDir } from '../helpers/temp.js';
import { tablesRows } from '../helpers/lake-table.js';
import { openStore } from '../../src/store/open.js';
import { localStore } from '../../src/store/local.js';
import type { Store } from '../../src/store/store.js';
import { readTable, readTableRows } from '../../src/lake/table.js';
import { logVersions } from '../../src/store/delta-log.js';

const NOW = '2026-11-20T12:00:00Z';
const NEXT = '2026-11-21T12:00:00Z';
const NAMES = ['history', 'volume', 'latest'];
const PICK = ['--datasets', NAMES.join(',')];
const ARGS = [...PICK, '--from', '2026-10-15'];
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const TOKEN = 'session+token/never=printed';

const reader = useParquetReader();
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server({ buckets: ['lake', 'other'], secretAccessKey: SECRET, sessionToken: TOKEN });
});
afterAll(async () => {
  await s3.close();
});

/** The AWS environment that reaches the test server. */
function awsEnv(): Record<string, string> {
  return {
    AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: SECRET,
    AWS_SESSION_TOKEN: TOKEN,
    AWS_REGION: 'us-east-1',
  };
}

/** Runs `gpumkt args…` at `now` against a sandbox, with the test server's keys; fails when a secret shows. */
async function at(
  now: string,
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<RunResult & { requests: RecordedRequest[] }> {
  const sb = await startSandbox({ now, keys: { valid: [CANARY_KEY] } });
  try {
    const r = await runCli(args, {
      // Knowledge time pinned to the run's instant (unless given): a lake's versions compare across lakes.
      env: {
        GPUMKT_BASE_URL: sb.url,
        GPUMKT_API_KEY: CANARY_KEY,
        GPUMKT_TODAY: now.slice(0, 10),
        GPUMKT_KNOWLEDGE_TIME: now,
        ...awsEnv(),
        ...env,
      },
    });
    for (const secret of [SECRET, TOKEN, encodeURIComponent(SECRET), encodeURIComponent(TOKEN)]) {
      expect(r.stdout.includes(secret) || r.stderr.includes(secret), 'a secret was printed').toBe(false);
    }
    return { ...r, requests: [...sb.requests] };
  } finally {
    await sb.close();
  }
}

/** The store of `s3://lake/<prefix>` on the test server, as the test reads it. */
function bucketStore(prefix: string): Promise<Store> {
  return openStore(`s3://lake/${prefix}`, { env: awsEnv(), endpointUrl: s3.url });
}

/** Every row of every dataset, through its log, sorted. */
function rowsOf(store: Store): Promise<Record<string, string[]>> {
  return tablesRows(store, NAMES);
}

describe('gpumkt sync s3://', () => {
  it('lake read --as-of and lake log answer on an s3:// lake as on the same lake in a folder', async () => {
    const folder = join(makeTempDir('sync-s3-pit'), 'lake');
    const K1 = '2026-11-20T20:00:00.000Z';
    const K2 = '2026-11-21T20:00:00.000Z';
    for (const [now, known] of [
      [NOW, K1],
      [NEXT, K2],
    ] as const) {
      const args = ['--datasets', 'history', '--from', '2026-11-10'];
      const env = { GPUMKT_KNOWLEDGE_TIME: known };
      const remote = await at(now, ['sync', 's3://lake/pit', '--endpoint-url', s3.url, ...args], env);
      expect(remote.code, remote.stderr).toBe(0);
      const local = await at(now, ['sync', folder, ...args], env);
      expect(local.code, local.stderr).toBe(0);
    }
    for (const cmd of [
      ['lake', 'read', '<lake>', 'history', '--as-of', '2026-11-20', '-f', 'csv'],
      ['lake', 'read', '<lake>', 'history', '-f', 'csv'],
      ['lake', 'log', '<lake>', 'history', '--revised', '-f', 'csv'],
    ]) {
      const remote = await at(NEXT, [...cmd.map((a) => (a === '<lake>' ? 's3://lake/pit' : a)), '--endpoint-url', s3.url]);
      const local = await at(
        NEXT,
        cmd.map((a) => (a === '<lake>' ? folder : a)),
      );
      expect(remote.code, remote.stderr).toBe(0);
      expect(remote.stdout.split('\n').length, cmd.join(' ')).toBeGreaterThan(2);
      expect(remote.stdout, cmd.join(' ')).toBe(local.stdout);
    }
    // As of the first sync's day, the rows are those the first sync received (none known from the second).
    const first = await at(NEXT, [
      'lake',
      'read',
      's3://lake/pit',
      'history',
      '--as-of',
      '2026-11-20',
      '-f',
      'json',
      '--endpoint-url',
      s3.url,
    ]);
    const rows = JSON.parse(first.stdout) as Array<{ known_from: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.known_from === K1)).toBe(true);
  });

  it('every dataset the key reads is a Delta table the protocol checker accepts, as many as a folder sync holds', async () => {
    // The built-in sandbox: no pacing, so every dataset syncs in seconds.
    const args = ['--from', '2026-11-01', '--sandbox'];
    const remote = await at(NOW, ['sync', 's3://lake/every', '--endpoint-url', s3.url, ...args]);
    expect(remote.code, remote.stderr).toBe(0);
    const folder = join(makeTempDir('sync-s3-every'), 'lake');
    const local = await at(NOW, ['sync', folder, ...args]);
    expect(local.code, local.stderr).toBe(0);
    const store = await bucketStore('every');
    const names = (s: string) => Object.keys((JSON.parse(s) as { datasets: Record<string, unknown> }).datasets).sort();
    const held = names(Buffer.from((await store.read('.gpumkt-sync.json')) ?? []).toString('utf8'));
    expect(held).toEqual(names(Buffer.from((await localStore(folder).read('.gpumkt-sync.json')) ?? []).toString('utf8')));
    expect(held.length).toBeGreaterThan(15);
    for (const name of held) {
      expect(await checkDeltaTable(store, name), name).toEqual([]);
      expect((await readTable(store, name))?.format, name).toBe('parquet');
    }
  });

  it('writes every dataset as a Delta table, adds commits the next day, and holds what a folder sync holds', async () => {
    const first = await at(NOW, ['sync', 's3://lake/team', '--endpoint-url', s3.url, ...ARGS]);
    expect(first.code, first.stderr).toBe(0);
    const store = await bucketStore('team');
    const versions: number[] = [];
    for (const name of NAMES) {
      expect(await checkDeltaTable(store, name), name).toEqual([]);
      versions.push((await logVersions(store, name)).commits.length);
    }
    expect(first.stderr).toMatch(/delta_scan\('s3:\/\/lake\/team\/history'\)/);
    const second = await at(NEXT, ['sync', 's3://lake/team', '--endpoint-url', s3.url, ...PICK]);
    expect(second.code, second.stderr).toBe(0);
    for (const [i, name] of NAMES.entries()) {
      expect(await checkDeltaTable(store, name), name).toEqual([]);
      expect((await logVersions(store, name)).commits.length, name).toBeGreaterThan(versions[i] ?? 0);
    }
    // Removed files stay (Delta readers go by the log): nothing the log ever listed was deleted.
    const history = await readTable(store, 'history');
    expect(history?.gone).toEqual([]);
    expect(history?.removedPresent.length).toBeGreaterThan(0);
    // DuckDB reads the files the log lists, fetched off the server, as the rows gpumkt reads.
    const copy = makeTempDir('sync-s3-read');
    const files: string[] = [];
    for (const f of history?.files ?? []) {
      const file = join(copy, f.key);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, (await store.read(f.key)) ?? new Uint8Array());
      files.push(sqlString(file));
    }
    const n = await reader.query(
      `SELECT count(*) AS n, count(DISTINCT gpu) AS g FROM read_parquet([${files.join(', ')}], hive_partitioning = true)`,
    );
    expect(Number(n.rows[0]?.n)).toBe((await readTableRows(store, 'history', history as NonNullable<typeof history>)).length);
    expect(Number(n.rows[0]?.g)).toBeGreaterThan(1);
    // The same two runs to a folder hold the same rows.
    const lake = makeTempDir('sync-s3');
    expect((await at(NOW, ['sync', lake, ...ARGS])).code).toBe(0);
    expect((await at(NEXT, ['sync', lake, ...PICK])).code).toBe(0);
    const local = await rowsOf(localStore(lake));
    expect(Object.values(local).every((rows) => rows.length > 0)).toBe(true);
    expect(await rowsOf(store)).toEqual(local);
    // The state file is in the bucket, and says the lake is a Delta lake.
    const state = JSON.parse(Buffer.from((await store.read('.gpumkt-sync.json')) ?? []).toString('utf8')) as {
      tableFormat?: string;
      runs?: number;
    };
    expect(state).toMatchObject({ tableFormat: 'delta', runs: 2 });
    // Nothing in the bucket holds a secret (state, logs, data files' metadata).
    for (const [key, o] of s3.bucket('lake').objects)
      for (const secret of [SECRET, TOKEN]) expect(o.body.includes(secret), key).toBe(false);
    // --dry-run plans from the bucket and writes nothing there.
    const puts = s3.requests.filter((q) => q.method !== 'GET').length;
    const plan = await at(NEXT, ['sync', 's3://lake/team', '--endpoint-url', s3.url, '--dry-run', ...PICK]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/history\/gpu=\*\/\*\.parquet/);
    expect(s3.requests.filter((q) => q.method !== 'GET').length).toBe(puts);
    // --status reads it there.
    const status = await at(NEXT, ['sync', 's3://lake/team', '--endpoint-url', s3.url, '--status', '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(Object.keys((JSON.parse(status.stdout) as { datasets: object }).datasets).sort()).toEqual([...NAMES].sort());
  }, 300_000);

  it('a sync within the hour of the last writes its state file twice (the run counted, then its outcome), not once a dataset', async () => {
    const t1 = '2026-11-20T14:05:00Z';
    const t2 = '2026-11-20T14:35:00Z';
    const first = await at(t1, ['sync', 's3://lake/hour', '--endpoint-url', s3.url, ...PICK], { GPUMKT_TODAY: t1 });
    expect(first.code, first.stderr).toBe(0);
    const seen = s3.requests.length;
    const again = await at(t2, ['sync', 's3://lake/hour', '--endpoint-url', s3.url, ...PICK, '--json'], { GPUMKT_TODAY: t2 });
    expect(again.code, again.stderr).toBe(0);
    const summary = JSON.parse(again.stdout) as { datasets: { name: string; status: string }[] };
    expect(summary.datasets.map((d) => d.status)).toEqual(NAMES.map(() => 'current'));
    const stateWrites = s3.requests.slice(seen).filter((q) => q.method === 'PUT' && q.key.endsWith('.gpumkt-sync.json'));
    expect(stateWrites).toHaveLength(2);
    // What the second run wrote last is what the bucket holds: its run count and its outcome.
    const state = JSON.parse(Buffer.from((await (await bucketStore('hour')).read('.gpumkt-sync.json')) ?? []).toString('utf8')) as {
      runs?: number;
      lastRun?: { startedAt?: string };
    };
    expect(state.runs).toBe(2);
    expect(state.lastRun?.startedAt).toBe('2026-11-20T14:35:00.000Z');
  });

  it('refuses a store that ignores conditional writes (exit 7, one line naming --unsafe-single-writer); the flag proceeds with a warning', async () => {
    s3.ignorePreconditions = true;
    try {
      const seen = s3.requests.length;
      const r = await at(NOW, ['sync', 's3://lake/unsafe', '--endpoint-url', s3.url, ...ARGS]);
      expect(r.code, r.stderr).toBe(7);
      expect(r.stderr.split('\n').filter((l) => l.startsWith('gpumkt: error:'))).toHaveLength(1);
      expect(r.stderr).toMatch(/s3:\/\/lake\/unsafe accepted a second conditional write/);
      expect(r.stderr).toMatch(/--unsafe-single-writer/);
      expect(r.requests).toHaveLength(0);
      // Nothing but the probe's own requests (its object removed) reached the bucket's lake.
      expect(s3.requests.slice(seen).filter((q) => q.method === 'PUT' && !q.key.includes('_gpumkt/probe/'))).toEqual([]);
      const ok = await at(NOW, ['sync', 's3://lake/unsafe', '--endpoint-url', s3.url, '--unsafe-single-writer', ...ARGS]);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stderr.match(/^gpumkt: warning: --unsafe-single-writer: .*not probed.*$/gm)).toHaveLength(1);
    } finally {
      s3.ignorePreconditions = false;
    }
  });

  it('a second sync while the lease is held exits 8 naming the holder; a released lease lets the next run in', async () => {
    const store = await bucketStore('leased');
    await store.put(
      '.gpumkt-sync.lease',
      `${JSON.stringify({ holder: 'build-7 pid 42', token: 'x', taken: new Date().toISOString(), expires: new Date(Date.now() + 600_000).toISOString() })}\n`,
    );
    const r = await at(NOW, ['sync', 's3://lake/leased', '--endpoint-url', s3.url, ...ARGS]);
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toMatch(/^gpumkt: error: s3:\/\/lake\/leased\/\.gpumkt-sync\.lease is held by build-7 pid 42 until /m);
    expect(r.requests).toHaveLength(0);
    await store.delete('.gpumkt-sync.lease');
    const ok = await at(NOW, ['sync', 's3://lake/leased', '--endpoint-url', s3.url, ...ARGS]);
    expect(ok.code, ok.stderr).toBe(0);
    // Released at the end.
    expect(await store.read('.gpumkt-sync.lease')).toBeUndefined();
  });

  it('--table-format delta on a folder keeps the files a commit removes; the lake keeps its table format', async () => {
    const lake = makeTempDir('sync-delta');
    expect((await at(NOW, ['sync', lake, '--table-format', 'delta', ...ARGS])).code).toBe(0);
    const r = await at(NEXT, ['sync', lake, ...PICK]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/delta_scan\('.*\/history'\)/);
    const store = localStore(lake);
    for (const name of NAMES) expect(await checkDeltaTable(store, name), name).toEqual([]);
    // The next day's merge replaced files of history: they are still there, read by no one but time travel.
    const kept = (await readTable(store, 'history'))?.removedPresent ?? [];
    expect(kept.length).toBeGreaterThan(0);
    const mixed = await at(NEXT, ['sync', lake, '--table-format', 'hive', ...PICK]);
    expect([mixed.code, mixed.stderr]).toEqual([2, expect.stringMatching(/--table-format hive would mix delta and hive/)]);
    // A hive lake (the default) deletes them.
    const hive = makeTempDir('sync-hive');
    expect((await at(NOW, ['sync', hive, ...ARGS])).code).toBe(0);
    expect((await at(NEXT, ['sync', hive, ...PICK])).code).toBe(0);
    expect((await readTable(localStore(hive), 'history'))?.removedPresent).toEqual([]);
  }, 120_000);

  it('two syncs at once: the second exits 8 on the lease the first holds, and the first completes', async () => {
    // The first run's first request to the service is held until another request reaches that sandbox.
    let arrived: () => void = () => undefined;
    const first = new Promise<void>((r) => (arrived = r));
    const held = await startSandbox({
      now: NOW,
      keys: { valid: [CANARY_KEY] },
      holdReplies: { until: 2, maxMs: 120_000 },
      intercept: () => void arrived(),
    });
    try {
      const env = { GPUMKT_BASE_URL: held.url, GPUMKT_API_KEY: CANARY_KEY, GPUMKT_TODAY: NOW.slice(0, 10), ...awsEnv() };
      const running = runCli(['sync', 's3://lake/twice', '--endpoint-url', s3.url, ...ARGS], { env });
      await first;
      const second = await at(NOW, ['sync', 's3://lake/twice', '--endpoint-url', s3.url, ...ARGS]);
      expect(second.code, second.stderr).toBe(8);
      expect(second.stderr).toMatch(/^gpumkt: error: s3:\/\/lake\/twice\/\.gpumkt-sync\.lease is held by .* pid \d+ until /m);
      expect(second.requests).toHaveLength(0);
      await fetch(`${held.url}/release`).catch(() => undefined);
      const done = await running;
      expect(done.code, done.stderr).toBe(0);
    } finally {
      await held.close();
    }
  }, 120_000);

  it.each([
    ['NoSuchBucket', 's3://missing-bucket/lake', /^gpumkt: error: s3:\/\/missing-bucket\/lake.*NoSuchBucket \(HTTP 404\)/m],
    ['AccessDenied', 's3://lake/denied', /^gpumkt: error: s3:\/\/lake\/denied.*AccessDenied \(HTTP 403\)/m],
  ])('%s is one line with exit 7 and no request to the service', async (code, where, line) => {
    if (code === 'AccessDenied') s3.fail({ status: 403, code: 'AccessDenied', message: 'Access Denied', times: 1 });
    const r = await at(NOW, ['sync', where, '--endpoint-url', s3.url, ...ARGS]);
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toMatch(line);
    expect(
      r.stderr
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('gpumkt: error:')),
    ).toHaveLength(1);
    expect(r.requests).toHaveLength(0);
  });

  it.each([
    [['s3://Bad_Bucket/x'], /is not an S3 bucket name/],
    [['s3://lake/a/../b'], /has an empty, '\.' or '\.\.' segment/],
    [['s3://lake/x', '--endpoint-url', 'ftp://x'], /--endpoint-url ftp:\/\/x: give an http:\/\/ or https:\/\/ URL/],
    [['s3://lake/x', '--table-format', 'hive'], /a lake on object storage is always a Delta table/],
    [['s3://lake/x', '--aws-profile', 'nowhere'], /nowhere/],
  ])('a bad location or flag (%j) is exit 2 before any request', async (extra, message) => {
    const seen = s3.requests.length;
    const r = await at(NOW, ['sync', ...extra, ...(extra.includes('--endpoint-url') ? [] : ['--endpoint-url', s3.url])], {
      AWS_CONFIG_FILE: '/nonexistent',
      AWS_SHARED_CREDENTIALS_FILE: '/nonexistent',
    });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect([r.requests.length, s3.requests.length - seen]).toEqual([0, 0]);
  });
});
