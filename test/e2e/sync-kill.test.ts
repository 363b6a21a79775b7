/**
 * kill -9 of the real binary at several points of a sync (each point an event: a file appearing in the
 * lake, a request reaching the server) never leaves a dataset unreadable, duplicated or half-updated:
 * each is as before the run or as after it, and the next run completes and equals a full sync.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, watch } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RecordedRequest, type Sandbox } from '../../src/sandbox/index.js';
import { lakeDatasets } from '../../src/sync/lake-datasets.js';
import { CANARY_KEY } from '../helpers/cli.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { makeTempDir } from '../helpers/temp.js';
import { spawnCli } from './cron-helpers.js';
import { expectSameRows, expectUnique, lakeTable, readState, syncAt } from './sync-helpers.js';

const reader = useParquetReader();
const DAY1 = '2026-11-10T12:00:00Z';
const DAY2 = '2026-11-20T12:00:00Z';
// The first families (a run under the pacer's first minute, so each kill lands in a quick run).
const NAMES = ['util-index', 'history', 'volume', 'range', 'memory', 'utilization', 'volatility'];
const ARGS = ['--from', '2026-10-01', '--datasets', NAMES.join(',')];
const SERIES = lakeDatasets().filter((d) => d.kind === 'series' && NAMES.includes(d.name));

let dir: string;
let before: string;
let after: string;
let sb: Sandbox;
let onRequest: ((q: RecordedRequest) => void) | undefined;

beforeAll(async () => {
  dir = makeTempDir('sync-kill');
  before = join(dir, 'before');
  after = join(dir, 'after');
  expect((await syncAt(DAY1, ['sync', before, ...ARGS])).code).toBe(0);
  // What a complete run on day 2 leaves: the "after" every dataset must equal if it was replaced.
  cpSync(before, after, { recursive: true });
  expect((await syncAt(DAY2, ['sync', after, ...ARGS])).code).toBe(0);
  sb = await startSandbox({ now: DAY2, keys: { valid: [CANARY_KEY] }, intercept: (q) => void onRequest?.(q) });
});
afterAll(async () => {
  await sb.close();
});

/** Resolves on the first change in `lake` whose name `match` accepts (the count-th such change). */
function fileEvent(lake: string, match: (name: string) => boolean, count = 1): { seen: Promise<void>; close(): void } {
  let n = 0;
  let resolve: () => void = () => undefined;
  const seen = new Promise<void>((r) => (resolve = r));
  const w = watch(lake, (_event, name) => {
    if (name !== null && match(name) && ++n >= count) resolve();
  });
  return { seen, close: () => w.close() };
}

/** Each dataset equals its "before" or its "after" copy, and is readable with unique keys. */
async function expectBeforeOrAfter(lake: string): Promise<void> {
  for (const d of SERIES) {
    const table = lakeTable(lake, d.name);
    const key = [d.timeKey, d.partition]
      .filter(Boolean)
      .map((c) => `"${String(c)}"`)
      .join(', ');
    await expectUnique(reader, table, key, d.name);
    const n = Number((await reader.query(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
    const other = n === readState(before).datasets[d.name]?.rows ? before : after;
    await expectSameRows(reader, table, lakeTable(other, d.name), `${d.name} (as ${other === before ? 'before' : 'after'})`);
  }
}

const POINTS: ReadonlyArray<readonly [string, (lake: string) => { seen: Promise<void>; close(): void }]> = [
  ['the state file is first written', (lake) => fileEvent(lake, (n) => n === '.gpumkt-sync.json')],
  [
    'a request of the third dataset is in flight',
    () => {
      let resolve: () => void = () => undefined;
      const seen = new Promise<void>((r) => (resolve = r));
      onRequest = (q) => void (q.path.endsWith('/volume-metrics') && resolve());
      return { seen, close: () => (onRequest = undefined) };
    },
  ],
  ["a dataset's new folder is being built", (lake) => fileEvent(lake, (n) => n.startsWith('.range.') && n.endsWith('.tmp'))],
  ['several datasets are done', (lake) => fileEvent(lake, (n) => n === '.gpumkt-sync.json', 6)],
];

describe('kill -9 during a sync', () => {
  it.each(POINTS)(
    'when %s: every dataset is as before or after, and the next run completes',
    async (_what, trigger) => {
      const lake = join(dir, `lake-${readdirSync(dir).length}`);
      cpSync(before, lake, { recursive: true });
      const t = trigger(lake);
      const run = spawnCli(['sync', lake, ...ARGS], {
        GPUMKT_BASE_URL: sb.url,
        GPUMKT_API_KEY: CANARY_KEY,
        GPUMKT_TODAY: DAY2.slice(0, 10),
      });
      await Promise.race([t.seen, run.done]);
      run.kill('SIGKILL');
      t.close();
      await run.done;
      await expectBeforeOrAfter(lake);
      const next = await syncAt(DAY2, ['sync', lake, ...ARGS]);
      expect(next.code, next.stderr).toBe(0);
      for (const d of SERIES) await expectSameRows(reader, lakeTable(lake, d.name), lakeTable(after, d.name), d.name);
      // Nothing a killed run left behind stays: no temporary folder or file, no lock.
      const names = new Set([...NAMES, '.gpumkt-sync.json']);
      expect(readdirSync(lake).filter((n) => !names.has(n))).toEqual([]);
      expect(readdirSync(join(lake, 'util-index'))).toEqual(['part-0.parquet']);
    },
    60_000,
  );

  it('a dataset set aside mid-swap by a killed run is restored and extended, not fetched again whole', async () => {
    const lake = join(dir, 'aside');
    cpSync(before, lake, { recursive: true });
    // The state a kill between the swap's two renames leaves: the old folder renamed, the new one not yet in.
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    renameSync(join(lake, 'history'), join(lake, `.history.${dead}.0123456789ab.old`));
    mkdirSync(join(lake, `.history.${dead}.ba9876543210.tmp`));
    const next = await syncAt(DAY2, ['sync', lake, ...ARGS]);
    expect(next.code, next.stderr).toBe(0);
    const asked = next.requests.filter((q) => q.path.endsWith('/history-simple')).map((q) => q.query.startDate);
    expect(asked).toEqual(Array(6).fill('2026-11-10'));
    await expectSameRows(reader, lakeTable(lake, 'history'), lakeTable(after, 'history'), 'history');
    expect(existsSync(join(lake, `.history.${dead}.0123456789ab.old`))).toBe(false);
    expect(readdirSync(lake).filter((n) => n.startsWith('.history'))).toEqual([]);
  });
});
