/**
 * kill -9 of the real binary at several points of a sync (each point an event: a file appearing in the
 * lake, a request reaching the server) never leaves a dataset unreadable, duplicated or half-updated:
 * read through its log, each is as before the run or as after it, and the next run completes, equals a
 * full sync, and leaves each dataset's folder holding only its log and the files the log lists.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, watch } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RecordedRequest, type Sandbox } from '../../src/sandbox/index.js';
import { lakeDatasets } from '../../src/sync/lake-datasets.js';
import { CANARY_KEY } from '../helpers/cli.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { makeTempDir } from '../helpers/temp.js';
import { spawnCli } from './cron-helpers.js';
import { expectSameRows, expectUnique, lakeTable, lakeTableByLog, readState, syncAt } from './sync-helpers.js';
import { checkDeltaTable } from '../helpers/delta-check.js';
import { readTable } from '../../src/lake/table.js';
import { localStore } from '../../src/store/local.js';

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
  const w = watch(lake, { recursive: true }, (_event, name) => {
    if (name !== null && match(name) && ++n >= count) resolve();
  });
  return { seen, close: () => w.close() };
}

/** Each dataset, read through its log, equals its "before" or its "after" copy, and is readable with unique keys. */
async function expectBeforeOrAfter(lake: string): Promise<void> {
  for (const d of SERIES) {
    const table = await lakeTableByLog(lake, d.name);
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
  // A data file of the run (version 1 of the table) being written or written, its commit not landed yet.
  [
    "a dataset's new data file is being written",
    (lake) => fileEvent(join(lake, 'range'), (n) => /part-00001-[0-9a-f]{8}\.parquet/.test(n)),
  ],
  // The commit landed; the files it removes may still be there (only the log tells which are live).
  ["a dataset's commit has just landed", (lake) => fileEvent(join(lake, 'range', '_delta_log'), (n) => n === '00000000000000000001.json')],
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
      // A dataset's folder holds its log and the files it lists, nothing a killed run wrote or removed.
      for (const d of SERIES) {
        expect(await checkDeltaTable(localStore(lake), d.name), d.name).toEqual([]);
        const live = (await readTable(localStore(lake), d.name))?.files.map((f) => f.path) ?? [];
        const onDisk = readdirSync(join(lake, d.name), { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile() && !e.parentPath.includes('_delta_log'))
          .map((e) => relative(join(lake, d.name), join(e.parentPath, e.name)));
        expect(onDisk.sort(), d.name).toEqual(live.sort());
      }
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
    // From the day before the last sync's (its revisit window: the day provisional then, and yesterday).
    expect(asked).toEqual(Array(6).fill('2026-11-09'));
    await expectSameRows(reader, lakeTable(lake, 'history'), lakeTable(after, 'history'), 'history');
    expect(existsSync(join(lake, `.history.${dead}.0123456789ab.old`))).toBe(false);
    expect(readdirSync(lake).filter((n) => n.startsWith('.history'))).toEqual([]);
  });
});
