/**
 * Hive-partitioned Parquet folders: DuckDB reads the folder as one dataset with the partition column;
 * a re-run replaces the old dataset whole; a failed or aborted run leaves it untouched.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/domain/row.js';
import { OutputError, UsageError } from '../../../../src/errors.js';
import { sweepStaleDirs } from '../../../../src/store/dir-swap.js';
import { HIVE_NULL, MAX_PARTITIONS, partitionFolder, writePartitioned } from '../../../../src/output/parquet/partition.js';
import type { ParquetColumn } from '../../../../src/output/parquet/types.js';
import { ParquetValueError } from '../../../../src/output/parquet/types.js';
import { isoMicros, useParquetReader } from '../../../helpers/duckdb.js';
import { makeTempDir } from '../../../helpers/temp.js';

const reader = useParquetReader();
let parent: string;
let target: string;
// A fresh folder per test (removed when the file ends).
beforeEach(() => {
  parent = makeTempDir('partition');
  target = path.join(parent, 'history');
});

const COLUMNS: ParquetColumn[] = [
  { name: 'timestamp', type: 'timestamp' },
  { name: 'index_value', type: 'double' },
  { name: 'gpu', type: 'string' },
];

function rows(gpus: string[], days: number): Row[] {
  const out: Row[] = [];
  for (let d = 0; d < days; d++) {
    for (const [g, gpu] of gpus.entries())
      out.push({ timestamp: new Date(Date.UTC(2026, 0, 1 + d)).toISOString(), index_value: 1 + d / 10 + g, gpu });
  }
  return out;
}

const write = (input: Row[], extra: { signal?: AbortSignal; columns?: ParquetColumn[]; partitionBy?: string } = {}) =>
  writePartitioned(input, target, {
    columns: extra.columns ?? COLUMNS,
    partitionBy: extra.partitionBy ?? 'gpu',
    request: { command: 'history' },
    signal: extra.signal,
  });

/** Every entry under `dir` with its bytes (folders as 'dir'), by relative path: a whole-dataset fingerprint. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of (readdirSync(dir, { recursive: true }) as string[]).sort()) {
    const p = path.join(dir, rel);
    out[rel] = statSync(p).isDirectory() ? 'dir' : readFileSync(p).toString('base64');
  }
  return out;
}

/** The whole folder as DuckDB reads it, with hive partitioning: (gpu, timestamp, index_value) rows. */
async function dataset(orderBy = 'gpu, timestamp'): Promise<Row[]> {
  const got = await reader.read(`${target}/**/*.parquet`, { hive: true, orderBy });
  return got.rows.map((r) => ({ gpu: r.gpu, timestamp: r.timestamp, index_value: r.index_value }));
}

/** What DuckDB shows for an API timestamp (microseconds), computed with JavaScript's own Date. */
const shown = (iso: unknown): string => isoMicros(BigInt(Date.parse(String(iso))) * 1000n);

describe('writePartitioned', () => {
  it('writes gpu=<value>/part-0.parquet folders that DuckDB reads as one dataset with the gpu column', async () => {
    const input = rows(['H100 SXM', 'B200', 'RTX PRO 6000 WS'], 40);
    const summary = await write(input);
    expect(summary).toEqual({ partitions: ['gpu=H100 SXM', 'gpu=B200', 'gpu=RTX PRO 6000 WS'], rows: 120 });
    expect(readdirSync(target).sort()).toEqual(['gpu=B200', 'gpu=H100 SXM', 'gpu=RTX PRO 6000 WS']);
    expect(readdirSync(path.join(target, 'gpu=H100 SXM'))).toEqual(['part-0.parquet']);

    const whole = await reader.read(`${target}/**/*.parquet`, { hive: true, orderBy: 'gpu, timestamp' });
    expect(whole.columns).toEqual([
      { name: 'timestamp', type: 'TIMESTAMP WITH TIME ZONE' },
      { name: 'index_value', type: 'DOUBLE' },
      { name: 'gpu', type: 'VARCHAR' },
    ]);
    const byText = (a: unknown, b: unknown): number => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);
    const expected = [...input].sort((a, b) => byText(a.gpu, b.gpu) || byText(a.timestamp, b.timestamp));
    expect(await dataset()).toEqual(expected.map((r) => ({ gpu: r.gpu, timestamp: shown(r.timestamp), index_value: r.index_value })));
    // The partition column is in the folder names only: one part file alone has no gpu column.
    const part = await reader.read(path.join(target, 'gpu=B200', 'part-0.parquet'));
    expect(part.columns.map((c) => c.name)).toEqual(['timestamp', 'index_value']);
    expect(readdirSync(parent)).toEqual(['history']);
  });

  it('escapes values as Hive does, null and empty go to the default partition, and DuckDB decodes them back', async () => {
    expect(partitionFolder('memoryType', 'DDR3 4Gb (512Mx8) 1600/1866')).toBe('memoryType=DDR3 4Gb (512Mx8) 1600%2F1866');
    expect(partitionFolder('k', 'a=b:c#d%')).toBe('k=a%3Db%3Ac%23d%25');
    expect(partitionFolder('k', null)).toBe(`k=${HIVE_NULL}`);
    expect(partitionFolder('k', '')).toBe(`k=${HIVE_NULL}`);
    const input: Row[] = [
      { timestamp: '2026-01-01T00:00:00.000Z', index_value: 1, gpu: 'a/b=c' },
      { timestamp: '2026-01-01T00:00:00.000Z', index_value: 2, gpu: null },
    ];
    await write(input);
    expect(readdirSync(target).sort()).toEqual([`gpu=${HIVE_NULL}`, 'gpu=a%2Fb%3Dc']);
    expect((await dataset('index_value')).map((r) => r.gpu)).toEqual(['a/b=c', null]);
  });

  it('a re-run replaces the old dataset whole: partitions gone from the new rows disappear', async () => {
    await write(rows(['H100 SXM', 'H200'], 5));
    const second = rows(['H200', 'B200'], 3);
    await write(second);
    expect(readdirSync(target).sort()).toEqual(['gpu=B200', 'gpu=H200']);
    const b200 = second.filter((r) => r.gpu === 'B200');
    const h200 = second.filter((r) => r.gpu === 'H200');
    expect(await dataset()).toEqual(
      [...b200, ...h200].map((r) => ({ gpu: r.gpu, timestamp: shown(r.timestamp), index_value: r.index_value })),
    );
    expect(readdirSync(parent)).toEqual(['history']);
  });

  it('a run that fails part-way leaves the old dataset byte for byte and no temporary folder', async () => {
    await write(rows(['H100 SXM', 'H200'], 5));
    const before = snapshot(target);
    const bad = [...rows(['H100 SXM'], 3), { timestamp: 'not a time', index_value: 1, gpu: 'H200' }];
    await expect(write(bad)).rejects.toBeInstanceOf(ParquetValueError);
    expect(snapshot(target)).toEqual(before);
    expect(readdirSync(parent)).toEqual(['history']);
  });

  it('an aborted run (SIGINT) leaves the old dataset and no temporary folder', async () => {
    await write(rows(['H100 SXM'], 5));
    const before = snapshot(target);
    const ac = new AbortController();
    ac.abort(new Error('interrupted'));
    await expect(write(rows(['B200'], 5), { signal: ac.signal })).rejects.toThrow('interrupted');
    expect(snapshot(target)).toEqual(before);
    expect(readdirSync(parent)).toEqual(['history']);
  });

  it('refuses to replace a folder holding anything but a partitioned dataset, or a file', async () => {
    mkdirSync(target);
    writeFileSync(path.join(target, 'notes.txt'), 'mine');
    await expect(write(rows(['H200'], 1))).rejects.toThrow(OutputError);
    expect(readFileSync(path.join(target, 'notes.txt'), 'utf8')).toBe('mine');
    rmSync(target, { recursive: true });
    writeFileSync(target, 'a file');
    await expect(write(rows(['H200'], 1))).rejects.toThrow(/it exists and is not a folder/);
    expect(readFileSync(target, 'utf8')).toBe('a file');
    expect(readdirSync(parent)).toEqual(['history']);
  });

  it('rejects an unknown partition column and a near-unique one before creating anything', async () => {
    await expect(write(rows(['H200'], 1), { partitionBy: 'region' })).rejects.toThrow(UsageError);
    const many = Array.from({ length: MAX_PARTITIONS + 1 }, (_, i) => ({
      timestamp: new Date(i * 60_000).toISOString(),
      index_value: i,
      gpu: 'H200',
    }));
    await expect(write(many, { partitionBy: 'timestamp' })).rejects.toThrow(/more than 10000 folders/);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('with no rows, makes an empty folder', async () => {
    expect(await write([])).toEqual({ partitions: [], rows: 0 });
    expect(readdirSync(target)).toEqual([]);
  });
});

describe('sweepStaleDirs', () => {
  /** The pid of a process that has certainly exited. */
  const deadPid = (): number =>
    Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);

  it('restores the old dataset a killed run set aside, and removes its half-built folder', async () => {
    await write(rows(['H100 SXM'], 2));
    const before = snapshot(target);
    const pid = deadPid();
    // A run killed between its two renames: the old dataset as .old, its new one still .tmp, no target.
    const old = path.join(parent, `.history.${pid}.0123456789ab.old`);
    const tmp = path.join(parent, `.history.${pid}.0123456789ab.tmp`);
    cpSync(target, old, { recursive: true });
    cpSync(target, tmp, { recursive: true });
    rmSync(target, { recursive: true });
    // A live process's folders are never touched.
    const mine = path.join(parent, `.history.${process.pid}.ba9876543210.tmp`);
    mkdirSync(mine);
    expect(await sweepStaleDirs(parent, 'history')).toBe(2);
    expect(readdirSync(parent).sort()).toEqual(['.history.' + process.pid + '.ba9876543210.tmp', 'history']);
    expect(snapshot(target)).toEqual(before);
  });
});
