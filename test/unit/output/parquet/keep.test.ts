/**
 * An append's rewrite of a Parquet file keeps the file's leading row groups (src/output/parquet/keep.ts):
 * the file it writes is byte for byte the one a full write of the same rows gives, the groups kept are
 * exactly those wholly within the rows written again unchanged, and anything gpumkt would not cut the
 * same way is written whole. DuckDB reads the result.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/domain/row.js';
import type { FormatOptions, HeldRows } from '../../../../src/output/format-types.js';
import { columnsFor, formatter } from '../../../../src/output/parquet/format.js';
import { keptGroups } from '../../../../src/output/parquet/keep.js';
import { parquetSchema, ROW_GROUP_ROWS, writeParquet } from '../../../../src/output/parquet/write.js';
import { fileSink } from '../../../../src/store/file-sink.js';
import { useParquetReader } from '../../../helpers/duckdb.js';
import { makeTempDir } from '../../../helpers/temp.js';

const reader = useParquetReader();
let dir: string;
beforeEach(() => {
  dir = makeTempDir('parquet-keep');
});

const OPTIONS: FormatOptions = {
  columns: ['timestamp', 'date', 'index_value', 'readings', 'published', 'gpu', 'note'],
  types: { timestamp: 'timestamp', date: 'date', index_value: 'double', readings: 'int', published: 'bool', gpu: 'string', note: 'string' },
  selected: true,
  header: true,
  color: false,
  width: 80,
  csvSafe: false,
  dialect: 'rfc4180',
  request: { command: 'history', query: { startDate: '2025-01-01' } },
};

const GPUS = ['H100 SXM', 'A100 SXM4', 'RTX PRO 6000 Blackwell Workstation Edition', 'B200'];

/** `n` rows of every column type, nulls and a NaN among them, microseconds in some timestamps. */
function makeRows(n: number, from = 0): Row[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const hour = Math.floor(i / GPUS.length);
    return {
      timestamp: new Date(Date.UTC(2025, 0, 1) + hour * 3_600_000).toISOString().replace('.000Z', i % 97 === 0 ? '.123456Z' : '.000Z'),
      date: new Date(Date.UTC(2025, 0, 1) + hour * 3_600_000).toISOString().slice(0, 10),
      index_value: i % 211 === 0 ? null : i === 777 ? Number.NaN : Math.round((2 + Math.sin(i / 40)) * 1e6) / 1e6,
      readings: i % 13 === 0 ? null : i * 1_000_003,
      published: i % 7 === 0 ? null : i % 3 === 0,
      gpu: GPUS[i % GPUS.length] as string,
      note: i % 5 === 0 ? null : `ünïcode row ${i} ${'x'.repeat(i % 40)}`,
    };
  });
}

async function writeFile(file: string, rows: readonly Row[], held?: HeldRows, opts = OPTIONS): Promise<Buffer> {
  await (formatter.write as NonNullable<typeof formatter.write>)(rows, await fileSink(file), opts, held);
  return readFileSync(file);
}

/** A file of `rows` written, then read back as an append reads it. */
async function heldFile(rows: readonly Row[], name = 'held.parquet') {
  const file = path.join(dir, name);
  const bytes = await writeFile(file, rows);
  const back = await (formatter.read as NonNullable<typeof formatter.read>)(file);
  return { file, bytes, back };
}

describe('an append keeps the leading row groups of the file it rewrites', () => {
  it('the file is byte for byte the full write of the same rows, with every whole group before the new rows kept', async () => {
    const { bytes: before, back } = await heldFile(makeRows(9_000));
    expect(back.rows).toHaveLength(9_000);
    const merged = [...back.rows, ...makeRows(100, 9_000)];
    const held = { source: back.source, rows: back.rows.length };
    const kept = keptGroups(held.source, parquetSchema(columnsFor(merged, OPTIONS)), merged, held.rows, ROW_GROUP_ROWS);
    expect(kept?.rows).toBe(2 * ROW_GROUP_ROWS);
    expect(kept?.groups).toHaveLength(2);
    const appended = await writeFile(path.join(dir, 'appended.parquet'), merged, held);
    const full = await writeFile(path.join(dir, 'full.parquet'), merged);
    expect(appended.equals(full)).toBe(true);
    // The kept groups' bytes are the held file's own.
    const end = 4 + (kept?.bytes.length ?? 0);
    expect(appended.subarray(0, end).equals(before.subarray(0, end))).toBe(true);
    // An independent reader sees every row, in order.
    const read = await reader.read(path.join(dir, 'appended.parquet'));
    expect(read.rows).toHaveLength(9_100);
    expect(read.rows.at(-1)?.gpu).toBe(merged.at(-1)?.gpu);
  });

  it('a held row replaced (a provisional day settled) ends the groups kept before its group', async () => {
    const { back } = await heldFile(makeRows(9_000));
    const merged = [...back.rows, ...makeRows(10, 9_000)];
    merged[5_000] = { ...(merged[5_000] as Row), index_value: 99.5 };
    const held = { source: back.source, rows: 5_000 };
    expect(keptGroups(held.source, parquetSchema(columnsFor(merged, OPTIONS)), merged, held.rows, ROW_GROUP_ROWS)?.rows).toBe(
      ROW_GROUP_ROWS,
    );
    const appended = await writeFile(path.join(dir, 'appended.parquet'), merged, held);
    expect(appended.equals(await writeFile(path.join(dir, 'full.parquet'), merged))).toBe(true);
    expect((await reader.read(path.join(dir, 'appended.parquet'))).rows[5_000]?.index_value).toBe(99.5);
  });

  it('keeps nothing where the rows would be cut or typed otherwise: fewer held rows than a group, other groups, another schema', async () => {
    const { back } = await heldFile(makeRows(9_000));
    const schema = parquetSchema(columnsFor(back.rows, OPTIONS));
    // Fewer unchanged rows than one group.
    expect(keptGroups(back.source, schema, back.rows, ROW_GROUP_ROWS - 1, ROW_GROUP_ROWS)).toBeUndefined();
    // Another column order, another type: the schema this run writes differs from the file's.
    const reordered = { ...OPTIONS, columns: ['gpu', ...OPTIONS.columns.filter((c) => c !== 'gpu')] } as FormatOptions;
    expect(keptGroups(back.source, parquetSchema(columnsFor(back.rows, reordered)), back.rows, 9_000, ROW_GROUP_ROWS)).toBeUndefined();
    const retyped = { ...OPTIONS, types: { ...OPTIONS.types, readings: 'double' } } as FormatOptions;
    expect(keptGroups(back.source, parquetSchema(columnsFor(back.rows, retyped)), back.rows, 9_000, ROW_GROUP_ROWS)).toBeUndefined();
    // Nothing read back from a file (no source), or a file of other row groups.
    expect(keptGroups(undefined, schema, back.rows, 9_000, ROW_GROUP_ROWS)).toBeUndefined();
    const small = path.join(dir, 'small-groups.parquet');
    await writeParquet(back.rows, await fileSink(small), { columns: columnsFor(back.rows, OPTIONS), request: {}, rowGroupRows: 1_000 });
    const smallBack = await (formatter.read as NonNullable<typeof formatter.read>)(small);
    expect(keptGroups(smallBack.source, schema, smallBack.rows, 9_000, ROW_GROUP_ROWS)).toBeUndefined();
    // Written whole then: still the full write's bytes.
    const merged = [...smallBack.rows, ...makeRows(5, 9_000)];
    const appended = await writeFile(path.join(dir, 'appended.parquet'), merged, { source: smallBack.source, rows: 9_000 });
    expect(appended.equals(await writeFile(path.join(dir, 'full.parquet'), merged))).toBe(true);
  });
});
