/**
 * The Delta layout of a lake table (--table-format delta, and every lake on object storage): the
 * files a commit removes stay (time travel) and are no orphans to the sweep; the hive layout deletes
 * them (and the sweep clears those a killed run left); on a shared store only untracked files older
 * than the given age are swept; a commit whose own txn already landed is not written twice.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sqlString, useParquetReader } from '../../helpers/duckdb.js';
import { makeTempDir } from '../../helpers/temp.js';
import { checkDeltaTable } from '../../helpers/delta-check.js';
import { createTable, days, historyWriter } from '../../helpers/lake-table.js';
import { localStore } from '../../../src/store/local.js';
import type { Store } from '../../../src/store/store.js';

import { commitTable, writeDataFile, type TableWriter } from '../../../src/lake/commit.js';
import { schemaOf } from '../../../src/lake/schema.js';
import { sweepTable } from '../../../src/lake/sweep.js';
import { readTable } from '../../../src/lake/table.js';
import { logVersions, readCommit, readDeltaTable } from '../../../src/store/delta-log.js';
import { writeCommit } from '../../../src/store/delta-commit.js';

const reader = useParquetReader();

/** A table of one file, then a second commit replacing it; resolves to the first file's key. */
async function replaced(store: Store, w: TableWriter): Promise<string> {
  const a = await writeDataFile(w, days('H100', '2026-11-01', 3, 0), { gpu: 'H100' }, 0);
  await createTable(store, w, [a]);
  const snap = await readTable(store, 'history');
  const b = await writeDataFile(w, days('H100', '2026-11-01', 4, 0), { gpu: 'H100' }, 1);
  await commitTable(store, 'history', snap, { add: [b], remove: snap?.files ?? [], columns: [], operation: 'WRITE' }, w);
  return a.key;
}

describe('the Delta layout', () => {
  it('keeps a removed file, which is neither live nor an orphan; the hive layout deletes it', async () => {
    const delta = localStore(makeTempDir('lake'));
    const old = await replaced(delta, await historyWriter(delta, { keepRemoved: true }));
    expect(await delta.read(old)).toBeDefined();
    const snap = await readTable(delta, 'history');
    expect(snap?.files.map((f) => f.key)).not.toContain(old);
    expect([snap?.untracked, snap?.removedPresent]).toEqual([[], [old.slice('history/'.length)]]);
    expect(await sweepTable(delta, 'history', 'parquet', { keepRemoved: true })).toEqual([]);
    expect(await delta.read(old)).toBeDefined();
    expect(await checkDeltaTable(delta, 'history')).toEqual([]);

    const hive = localStore(makeTempDir('lake'));
    const gone = await replaced(hive, await historyWriter(hive));
    expect(await hive.read(gone)).toBeUndefined();
  });

  it('the hive sweep removes a removed file a killed run left (commit landed, delete not done)', async () => {
    const store = localStore(makeTempDir('lake'));
    const old = await replaced(store, await historyWriter(store, { keepRemoved: true }));
    expect(await sweepTable(store, 'history', 'parquet')).toEqual([old.slice('history/'.length)]);
    expect(await store.read(old)).toBeUndefined();
  });

  it('sweeps only untracked files older than minAgeMs (another writer may be about to commit a younger one)', async () => {
    const store = localStore(makeTempDir('lake'));
    const w = await historyWriter(store);
    const a = await writeDataFile(w, days('H100', '2026-11-01', 3, 0), { gpu: 'H100' }, 0);
    await createTable(store, w, [a]);
    const orphan = await writeDataFile(w, days('H200', '2026-11-01', 1, 0), { gpu: 'H200' }, 1);
    const hour = 3_600_000;
    expect(await sweepTable(store, 'history', 'parquet', { minAgeMs: hour })).toEqual([]);
    expect(await store.read(orphan.key)).toBeDefined();
    expect(await sweepTable(store, 'history', 'parquet', { minAgeMs: hour, now: () => Date.now() + 2 * hour })).toEqual([orphan.relPath]);
    expect(await store.read(orphan.key)).toBeUndefined();
  });
});

describe('txn', () => {
  it("every commit carries the writer's txn, and a commit whose txn already landed (its answer lost) is not written again", async () => {
    const store = localStore(makeTempDir('lake'));
    const txn = { appId: 'gpumkt-run-a', version: 7 };
    const w = await historyWriter(store, { txn });
    const a = await writeDataFile(w, days('H100', '2026-11-01', 3, 0), { gpu: 'H100' }, 0);
    const change = { add: [a], remove: [], columns: schemaOf(w, days('x', '2026-11-01', 1, 0)), operation: 'WRITE' };
    // The first attempt landed, but its writer never heard (the answer was lost): version 0 holds it.
    const lines = await (async () => {
      await commitTable(store, 'history', undefined, change, w);
      return readCommit(store, 'history', 0);
    })();
    expect(lines.find((l) => l.txn !== undefined)?.txn).toMatchObject({ appId: 'gpumkt-run-a', version: 7 });
    // Retried from the same snapshot: the version is taken, by this very run: no second commit.
    expect(await commitTable(store, 'history', undefined, change, w)).toBe(0);
    expect((await logVersions(store, 'history')).commits).toEqual([0]);
    // Another run (another appId) that lost version 0 commits at 1.
    const other = await historyWriter(store, { txn: { appId: 'gpumkt-run-b', version: 7 } });
    const b = await writeDataFile(other, days('H200', '2026-11-01', 1, 0), { gpu: 'H200' }, 0);
    expect(await commitTable(store, 'history', undefined, { ...change, add: [b] }, other)).toBe(1);
    expect((await readTable(store, 'history'))?.files).toHaveLength(2);
    expect(await checkDeltaTable(store, 'history')).toEqual([]);
  });

  it('a txn of an older run of the same appId does not count as this commit', async () => {
    const store = localStore(makeTempDir('lake'));
    const w = await historyWriter(store, { txn: { appId: 'gpumkt-x', version: 2 } });
    const a = await writeDataFile(w, days('H100', '2026-11-01', 3, 0), { gpu: 'H100' }, 0);
    await writeCommit(store, 'history', {
      version: 0,
      create: { id: 'id', columns: schemaOf(w, days('x', '2026-11-01', 1, 0)), partitionColumns: ['gpu'], createdTime: 0 },
      add: [],
      remove: [],
      timestamp: 0,
      operation: 'CREATE TABLE',
      txn: { appId: 'gpumkt-x', version: 1 },
    });
    expect(await commitTable(store, 'history', undefined, { add: [a], remove: [], columns: [], operation: 'WRITE' }, w)).toBe(1);
  });
});

describe('checkpoints', () => {
  it('every 10 versions a checkpoint and _last_checkpoint; the table reads the same with or without them and passes the checker', async () => {
    const dir = makeTempDir('lake');
    const store = localStore(dir);
    const w = await historyWriter(store, { keepRemoved: true, txn: { appId: 'gpumkt-run', version: 3 } });
    const first = await writeDataFile(w, days('H100', '2026-01-01', 2, 0), { gpu: 'H100 SXM/x' }, 0);
    await createTable(store, w, [first]);
    for (let v = 1; v <= 24; v++) {
      const snap = await readTable(store, 'history');
      const gpu = v % 3 === 0 ? null : `G${v % 4}`;
      const replaced = (snap?.files ?? []).filter((f) => f.partitionValues.gpu === gpu).slice(0, 1);
      const f = await writeDataFile(w, days(gpu ?? '', '2026-01-01', 1 + (v % 5)), { gpu }, v);
      expect(await commitTable(store, 'history', snap, { add: [f], remove: replaced, columns: [], operation: 'WRITE' }, w)).toBe(v);
    }
    expect((await logVersions(store, 'history')).checkpoints).toEqual([10, 20]);
    expect(JSON.parse(Buffer.from((await store.read('history/_delta_log/_last_checkpoint')) ?? []).toString('utf8'))).toMatchObject({
      version: 20,
    });
    expect(await checkDeltaTable(store, 'history')).toEqual([]);
    // Another Parquet reader (DuckDB) reads the checkpoint's struct and map columns: one add per live file at version 20.
    const at20 = (await logVersions(store, 'history')).commits.filter((v) => v <= 20);
    expect(at20).toHaveLength(21);
    const cp = await reader.query(
      `SELECT count(add) AS adds, count(metaData) AS metas, count(protocol) AS protos, max(txn.version) AS txn, max(cardinality(add.partitionValues)) AS pv FROM read_parquet(${sqlString(join(dir, 'history/_delta_log/00000000000000000020.checkpoint.parquet'))})`,
    );
    expect(cp.rows[0]).toMatchObject({ metas: 1n, protos: 1n, txn: 3n, pv: 1n });
    const withCheckpoints = await readDeltaTable(store, 'history');
    const table = await readTable(store, 'history');
    for (const v of [10, 20]) await store.delete(`history/_delta_log/${String(v).padStart(20, '0')}.checkpoint.parquet`);
    expect(await readDeltaTable(store, 'history')).toEqual(withCheckpoints);
    expect(await readTable(store, 'history')).toEqual(table);
    expect(withCheckpoints?.txns.get('gpumkt-run')).toBe(3);
    expect(withCheckpoints?.removed.size).toBeGreaterThan(0);
    expect(table?.files.length).toBeGreaterThan(3);
  });

  it('a checkpoint with its early commits gone is the table (a log cleaned up after it)', async () => {
    const store = localStore(makeTempDir('lake'));
    const w = await historyWriter(store);
    const a = await writeDataFile(w, days('H100', '2026-01-01', 2, 0), { gpu: 'H100' }, 0);
    await createTable(store, w, [a]);
    for (let v = 1; v <= 11; v++) {
      const snap = await readTable(store, 'history');
      const f = await writeDataFile(w, days(`G${v}`, '2026-01-01', 1), { gpu: `G${v}` }, v);
      await commitTable(store, 'history', snap, { add: [f], remove: [], columns: [], operation: 'WRITE' }, w);
    }
    const whole = await readTable(store, 'history');
    for (let v = 0; v <= 10; v++) await store.delete(`history/_delta_log/${String(v).padStart(20, '0')}.json`);
    expect(await readTable(store, 'history')).toEqual(whole);
    expect(await checkDeltaTable(store, 'history')).toEqual([]);
  });
});
