/**
 * The Delta log reader reads every table other engines wrote (test/fixtures/delta-tables: Spark's
 * Delta Lake and delta-rs) right — the live files and their partition values at the latest version,
 * checkpoint included — and the protocol checker passes on them and names what a broken log breaks.
 */
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp.js';
import { checkDeltaTable } from '../../helpers/delta-check.js';
import { readDeltaTable } from '../../../src/store/delta-log.js';
import { localStore } from '../../../src/store/local.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/delta-tables');
const fixtures = localStore(FIXTURES);

/** The live files of a table: path → partition values. */
async function live(table: string): Promise<Record<string, Record<string, string | null>>> {
  const snap = await readDeltaTable(fixtures, table);
  return Object.fromEntries((snap?.files ?? []).map((f) => [f.path, { ...f.partitionValues }]));
}

const p = (uuid: string, n = '00000'): string => `part-${n}-${uuid}-c000.snappy.parquet`;

describe('readDeltaTable on tables other engines wrote', () => {
  it('replays adds and removes over several commits (Spark: delta-0.8.0, simple_table; an empty table)', async () => {
    expect(await live('delta-0.8.0')).toEqual({
      [p('04ec9591-0b73-459e-8d18-ba5711d6cbe1')]: {},
      [p('c9b90f86-73e6-46c8-93ba-ff6bfaf892a1')]: {},
    });
    expect(Object.keys(await live('simple_table'))).toEqual([
      p('2befed33-c358-4768-a43c-3eda0d2a499d'),
      p('c1777d7d-89d9-4790-b38a-6ee7e24456b1'),
      p('7891c33d-cedc-47c3-88a6-abcfb049d3b4', '00001'),
      p('315835fe-fb44-4562-98f6-5e6cfa3ae45d', '00004'),
      p('3a0e4727-de0d-41b6-81ef-5223cf40f025', '00007'),
    ]);
    expect((await readDeltaTable(fixtures, 'simple_table'))?.version).toBe(4);
    expect(await live('simple_commit')).toEqual({});
    expect((await readDeltaTable(fixtures, 'simple_commit'))?.metaData?.partitionColumns).toEqual([]);
  });

  it('reads partition values as serialized, and decodes URL-encoded paths to the files on disk', async () => {
    const special = await readDeltaTable(fixtures, 'delta-0.8.0-special-partition');
    expect(special?.files.map((f) => [f.path, f.key, f.partitionValues])).toEqual([
      [
        'x=A%252FA/part-00007-b350e235-2832-45df-9918-6cab4f7578f7.c000.snappy.parquet',
        'delta-0.8.0-special-partition/x=A%2FA/part-00007-b350e235-2832-45df-9918-6cab4f7578f7.c000.snappy.parquet',
        { x: 'A/A' },
      ],
      [
        'x=B%2520B/part-00015-e9abbc6f-85e9-457b-be8e-e9f5b8a22890.c000.snappy.parquet',
        'delta-0.8.0-special-partition/x=B%20B/part-00015-e9abbc6f-85e9-457b-be8e-e9f5b8a22890.c000.snappy.parquet',
        { x: 'B B' },
      ],
    ]);
    for (const f of special?.files ?? []) expect(await fixtures.read(f.key)).toBeDefined();
    expect(Object.values(await live('delta-0.8.0-null-partition'))).toEqual([{ k: 'A' }, { k: null }]);
    expect(Object.values(await live('delta-0.8.0-partitioned'))).toEqual([
      { year: '2020', month: '1', day: '1' },
      { year: '2020', month: '2', day: '3' },
      { year: '2020', month: '2', day: '5' },
      { year: '2021', month: '12', day: '20' },
      { year: '2021', month: '12', day: '4' },
      { year: '2021', month: '4', day: '5' },
    ]);
    expect(Object.values(await live('delta-2.2.0-partitioned-types'))).toEqual([
      { c1: '4', c2: 'c' },
      { c1: '5', c2: 'b' },
      { c1: '6', c2: 'a' },
    ]);
    expect(Object.keys(await live('delta-0.8.0-date'))).toEqual([p('d22c627d-9655-4153-9527-f8995620fa42')]);
    expect(Object.keys(await live('table_with_edge_timestamps'))).toHaveLength(2);
  });

  it('starts from a Parquet checkpoint and replays the commits after it (delta-rs)', async () => {
    const snap = await readDeltaTable(fixtures, 'checkpoint_with_partitions');
    expect(snap?.version).toBe(2);
    expect(snap?.protocol).toEqual({ minReaderVersion: 1, minWriterVersion: 2 });
    expect(snap?.files.map((f) => [f.path, f.partitionValues])).toEqual([
      ['8ac7d8e1-daab-48ef-9d05-ec22fb4b0d2f', { color: null }],
      ['f62d8868-d952-4f9d-8bb2-fd4e011ebf36', { color: 'red' }],
    ]);
  });

  it('has no table where there is no log', async () => {
    expect(await readDeltaTable(fixtures, 'no-such-table')).toBeUndefined();
  });
});

describe('checkDeltaTable', () => {
  const WHOLE = [
    'delta-0.8.0',
    'simple_table',
    'simple_commit',
    'delta-0.8.0-partitioned',
    'delta-0.8.0-special-partition',
    'delta-0.8.0-null-partition',
    'delta-0.8.0-date',
    'delta-2.2.0-partitioned-types',
    'table_with_edge_timestamps',
  ];

  it('passes on every fixture table whose data files are there', async () => {
    for (const t of WHOLE) expect([t, await checkDeltaTable(fixtures, t)]).toEqual([t, []]);
  });

  it('names live files missing from the store (the checkpoint fixture ships its log only)', async () => {
    const problems = await checkDeltaTable(fixtures, 'checkpoint_with_partitions');
    expect(problems).toEqual([
      expect.stringMatching(/^8ac7d8e1-daab-48ef-9d05-ec22fb4b0d2f is live in the log but missing/),
      expect.stringMatching(/^f62d8868-d952-4f9d-8bb2-fd4e011ebf36 is live in the log but missing/),
    ]);
  });

  it('names a gap in the versions, a path added again after its removal, and partition values not serialized as the protocol says', async () => {
    const dir = makeTempDir('delta-bad');
    cpSync(path.join(FIXTURES, 'delta-0.8.0'), path.join(dir, 't'), { recursive: true });
    const store = localStore(dir);
    const log = path.join(dir, 't', '_delta_log');
    // Version 2 re-adds the file version 1 removed; version 3 is missing before 4.
    writeFileSync(
      path.join(log, '00000000000000000002.json'),
      `${JSON.stringify({ add: { path: p('911a94a2-43f6-4acb-8620-5e68c2654989', '00001'), partitionValues: {}, size: 1, modificationTime: 1, dataChange: true } })}\n`,
    );
    writeFileSync(path.join(log, '00000000000000000004.json'), `${JSON.stringify({ commitInfo: { timestamp: 1 } })}\n`);
    const problems = await checkDeltaTable(store, 't');
    expect(problems).toContainEqual(expect.stringMatching(/version 3 is missing \(found 4\)/));
    expect(problems).toContainEqual(expect.stringMatching(/part-00001-911a94a2.* is added again after its removal/));
    rmSync(path.join(log, '00000000000000000004.json'));

    const parts = path.join(dir, 'p');
    cpSync(path.join(FIXTURES, 'delta-2.2.0-partitioned-types'), parts, { recursive: true });
    writeFileSync(
      path.join(parts, '_delta_log', '00000000000000000001.json'),
      `${JSON.stringify({ add: { path: 'c1=x y/part-9.parquet', partitionValues: { c1: 7, c2: 'a' }, size: 1, modificationTime: 1, dataChange: true } })}\n`,
    );
    const bad = await checkDeltaTable(store, 'p');
    expect(bad).toContainEqual(expect.stringMatching(/c1=x y\/part-9\.parquet is not URL-encoded/));
    expect(bad).toContainEqual(expect.stringMatching(/partition c1=7 is not a serialized integer/));
  });
});
