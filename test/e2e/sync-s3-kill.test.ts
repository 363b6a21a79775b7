/**
 * kill -9 of the real binary during `gpumkt sync s3://…`, at a request the loopback S3 server sees
 * (counted, no sleeps): each table stays at a commit (as before the run or as after it), passes the
 * protocol checker, and the next run takes over the dead run's lease, completes, and removes the
 * killed run's orphan data files once they are older than an hour (a younger one may be another
 * writer's, about to be committed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli } from '../helpers/cli.js';
import { startS3Server, type S3Server, type SeenRequest } from '../helpers/s3-server.js';
import { checkDeltaTable } from '../helpers/delta-check.js';
import { makeTempDir } from '../helpers/temp.js';
import { tablesRows } from '../helpers/lake-table.js';
import { spawnCli } from './cron-helpers.js';
import { openStore } from '../../src/store/open.js';
import { localStore } from '../../src/store/local.js';
import type { Store } from '../../src/store/store.js';
import { readTable } from '../../src/lake/table.js';

const DAY1 = '2026-11-10T12:00:00Z';
const DAY2 = '2026-11-20T12:00:00Z';
const NAMES = ['history', 'volume', 'latest'];
const ARGS = ['--datasets', NAMES.join(','), '--from', '2026-10-15'];

let s3: S3Server;
let sb: Sandbox;
let kill: ((seen: SeenRequest) => void) | undefined;
let before: Record<string, string[]>;
let after: Record<string, string[]>;

function awsEnv(): Record<string, string> {
  return { AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey, AWS_REGION: 'us-east-1' };
}

/** Runs a sync in-process at `now` against a sandbox of that day. */
async function syncAt(now: string, lake: string, args: readonly string[] = ARGS): Promise<{ code: number | null; stderr: string }> {
  const day = await startSandbox({ now, keys: { valid: [CANARY_KEY] } });
  try {
    return await runCli(['sync', lake, ...(lake.startsWith('s3://') ? ['--endpoint-url', s3.url] : []), ...args], {
      // Knowledge time pinned to the run's day: the lake's versions compare with the references'.
      env: {
        GPUMKT_BASE_URL: day.url,
        GPUMKT_API_KEY: CANARY_KEY,
        GPUMKT_TODAY: now.slice(0, 10),
        GPUMKT_KNOWLEDGE_TIME: now,
        ...awsEnv(),
      },
    });
  } finally {
    await day.close();
  }
}

/** Every row of every dataset, through its log, sorted. */
function rowsOf(store: Store): Promise<Record<string, string[]>> {
  return tablesRows(store, NAMES);
}

beforeAll(async () => {
  s3 = await startS3Server({ onRequest: (q) => kill?.(q) });
  sb = await startSandbox({ now: DAY2, keys: { valid: [CANARY_KEY] } });
  const local = makeTempDir('sync-s3-kill');
  expect((await syncAt(DAY1, local)).code).toBe(0);
  before = await rowsOf(localStore(local));
  expect((await syncAt(DAY2, local)).code).toBe(0);
  after = await rowsOf(localStore(local));
}, 120_000);
afterAll(async () => {
  await sb.close();
  await s3.close();
});

const POINTS: ReadonlyArray<readonly [string, (q: SeenRequest) => boolean]> = [
  [
    "volume's new data file is put, before its commit",
    (q) => q.method === 'PUT' && /\/volume\/.*part-00001-[0-9a-f]{8}\.parquet$/.test(q.key),
  ],
  ["history's commit is put", (q) => q.method === 'PUT' && q.key.endsWith('/history/_delta_log/00000000000000000001.json')],
];

describe('kill -9 during a sync to S3', () => {
  it.each(POINTS.map(([what, at], i) => [what, at, i] as const))(
    'when %s: each table is at a commit, and the next run removes the orphans',
    async (_what, at, i) => {
      const prefix = `killed-${i}`;
      expect((await syncAt(DAY1, `s3://lake/${prefix}`)).code).toBe(0);
      const store = await openStore(`s3://lake/${prefix}`, { env: awsEnv(), endpointUrl: s3.url });
      const run = spawnCli(['sync', `s3://lake/${prefix}`, '--endpoint-url', s3.url, ...ARGS], {
        GPUMKT_BASE_URL: sb.url,
        GPUMKT_API_KEY: CANARY_KEY,
        GPUMKT_TODAY: DAY2.slice(0, 10),
        GPUMKT_KNOWLEDGE_TIME: DAY2,
        ...awsEnv(),
      });
      let hit = false;
      kill = (q) => {
        if (hit || !q.key.startsWith(`${prefix}/`) || !at(q)) return;
        hit = true;
        run.kill('SIGKILL');
      };
      const r = await run.done;
      kill = undefined;
      expect([hit, r.signal], r.stderr).toEqual([true, 'SIGKILL']);
      // Each table: its log reads, follows the protocol, and holds the rows of before or of after.
      const now = await rowsOf(store);
      for (const name of NAMES) {
        expect(await checkDeltaTable(store, name), name).toEqual([]);
        expect([before[name], after[name]], name).toContainEqual(now[name]);
      }
      const orphans = (
        await Promise.all(NAMES.map(async (n) => (await readTable(store, n))?.untracked.map((rel) => `${n}/${rel}`) ?? []))
      ).flat();
      if (i === 0) expect(orphans.length).toBeGreaterThan(0);
      // The next run: the dead run's lease is taken over; a young orphan may be another writer's, so it stays.
      const next = await syncAt(DAY2, `s3://lake/${prefix}`);
      expect(next.code, next.stderr).toBe(0);
      expect(await rowsOf(store)).toEqual(after);
      for (const key of orphans) expect(await store.read(key), key).toBeDefined();
      // An hour later they are a killed run's for sure: removed.
      const objects = s3.bucket('lake').objects;
      for (const key of orphans) {
        const o = objects.get(`${prefix}/${key}`);
        if (o !== undefined) objects.set(`${prefix}/${key}`, { ...o, modified: new Date(Date.now() - 2 * 3_600_000) });
      }
      expect((await syncAt(DAY2, `s3://lake/${prefix}`)).code).toBe(0);
      for (const key of orphans) expect(await store.read(key), key).toBeUndefined();
      for (const name of NAMES) {
        expect(await checkDeltaTable(store, name), name).toEqual([]);
        expect((await readTable(store, name))?.untracked, name).toEqual([]);
      }
      expect(await store.read('.gpumkt-sync.lease')).toBeUndefined();
    },
    120_000,
  );
});
