/**
 * Commits written by delta-commit.ts: read back right by the log reader, passing the protocol checker,
 * encoded as Spark encodes paths and partition values, and one writer per version (putIfAbsent).
 */
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp.js';
import { checkDeltaTable } from '../../helpers/delta-check.js';
import { commitLines, deltaPath, partitionValue, writeCommit, type DeltaColumn } from '../../../src/store/delta-commit.js';
import { commitKey, readDeltaTable } from '../../../src/store/delta-log.js';
import { localStore } from '../../../src/store/local.js';
import { KeyExistsError } from '../../../src/store/store.js';
import { partitionFolder } from '../../../src/output/parquet/partition.js';

const COLUMNS: DeltaColumn[] = [
  { name: 'date', type: 'date' },
  { name: 'price', type: 'double' },
  { name: 'gpu', type: 'string' },
];

describe('deltaPath and partitionValue', () => {
  it('encode a hive folder as Spark writes it in the log (the fixtures: x=A%252FA, x=B%2520B)', () => {
    expect(deltaPath(`${partitionFolder('x', 'A/A')}/part-1.parquet`)).toBe('x=A%252FA/part-1.parquet');
    expect(deltaPath('gpu=H100 SXM/part-1.parquet')).toBe('gpu=H100%20SXM/part-1.parquet');
    expect(decodeURIComponent(deltaPath('gpu=é 東/p.parquet'))).toBe('gpu=é 東/p.parquet');
  });

  it('serialize values as the protocol says', () => {
    expect(partitionValue('string', 'H100 SXM')).toBe('H100 SXM');
    expect(partitionValue('string', '')).toBeNull();
    expect(partitionValue('string', null)).toBeNull();
    expect(partitionValue('long', 42)).toBe('42');
    expect(partitionValue('boolean', false)).toBe('false');
    expect(partitionValue('date', '2026-11-20')).toBe('2026-11-20');
    expect(partitionValue('timestamp', '2026-11-20T12:00:00.000Z')).toBe('2026-11-20 12:00:00');
    expect(partitionValue('timestamp', '2026-11-20T12:00:00.123456Z')).toBe('2026-11-20 12:00:00.123456');
  });
});

describe('writeCommit', () => {
  it('writes version 0 and a replacing version 1 that the reader replays and the checker passes', async () => {
    const store = localStore(makeTempDir('delta-write'));
    const t = 'history';
    const files = ['gpu=A100/part-r1-0.parquet', 'gpu=H100 SXM/part-r1-1.parquet', 'gpu=H100 SXM/part-r2-0.parquet'];
    for (const f of files) await store.put(`${t}/${f}`, 'PAR1');
    await writeCommit(store, t, {
      version: 0,
      create: { id: '7e1b0c1a-0000-4000-8000-000000000001', columns: COLUMNS, partitionColumns: ['gpu'], createdTime: 1 },
      add: [
        { relPath: files[0] as string, partitionValues: { gpu: 'A100' }, size: 4, modificationTime: 1 },
        { relPath: files[1] as string, partitionValues: { gpu: 'H100 SXM' }, size: 4, modificationTime: 1 },
      ],
      remove: [],
      timestamp: 1,
      operation: 'CREATE TABLE',
    });
    const v0 = await readDeltaTable(store, t);
    const replaced = v0?.files.find((f) => f.partitionValues.gpu === 'H100 SXM');
    expect(replaced?.key).toBe('history/gpu=H100 SXM/part-r1-1.parquet');
    await writeCommit(store, t, {
      version: 1,
      add: [{ relPath: files[2] as string, partitionValues: { gpu: 'H100 SXM' }, size: 4, modificationTime: 2 }],
      remove: replaced ? [replaced] : [],
      timestamp: 2,
      operation: 'WRITE',
    });
    const v1 = await readDeltaTable(store, t);
    expect(v1?.version).toBe(1);
    expect(v1?.metaData?.partitionColumns).toEqual(['gpu']);
    expect(v1?.files.map((f) => [f.key, f.partitionValues])).toEqual([
      ['history/gpu=A100/part-r1-0.parquet', { gpu: 'A100' }],
      ['history/gpu=H100 SXM/part-r2-0.parquet', { gpu: 'H100 SXM' }],
    ]);
    expect(await checkDeltaTable(store, t)).toEqual([]);
    const lines = Buffer.from((await store.read(commitKey(t, 0))) ?? [])
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((l) => Object.keys(JSON.parse(l) as object)[0]);
    expect(lines).toEqual(['commitInfo', 'protocol', 'metaData', 'add', 'add']);
  });

  it('a second writer of the same version fails with KeyExistsError and the first commit stays', async () => {
    const store = localStore(makeTempDir('delta-race'));
    const commit = (op: string) => ({
      version: 0,
      create: { id: 'x', columns: COLUMNS, partitionColumns: [], createdTime: 1 },
      add: [],
      remove: [],
      timestamp: 1,
      operation: op,
    });
    await writeCommit(store, 't', commit('FIRST'));
    await expect(writeCommit(store, 't', commit('SECOND'))).rejects.toBeInstanceOf(KeyExistsError);
    expect(Buffer.from((await store.read(commitKey('t', 0))) ?? []).toString('utf8')).toBe(`${commitLines(commit('FIRST')).join('\n')}\n`);
  });

  it('names gpumkt and its version in commitInfo', () => {
    const info = JSON.parse(commitLines({ version: 3, add: [], remove: [], timestamp: 5, operation: 'WRITE' })[0] as string) as {
      commitInfo: { engineInfo: string; operation: string; timestamp: number };
    };
    expect(info.commitInfo).toMatchObject({ operation: 'WRITE', timestamp: 5 });
    expect(info.commitInfo.engineInfo).toMatch(/^gpumkt\/\d+\.\d+\.\d+/);
  });
});
