/**
 * Parquet files written by src/output/parquet/write.ts, read back by DuckDB (an independent reader): types,
 * values (nulls included), compression, row groups, key-value metadata, and the sink contract.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/domain/row.js';
import { ExitCode } from '../../../../src/errors.js';
import { ParquetValueError, type ParquetColumn } from '../../../../src/output/parquet/types.js';
import { requestMetadata, writeParquet } from '../../../../src/output/parquet/write.js';
import { fileSink } from '../../../../src/store/file-sink.js';
import { stdoutSink, type Sink } from '../../../../src/output/files/sink.js';
import { VERSION } from '../../../../src/version.js';
import { isoMicros, useParquetReader } from '../../../helpers/duckdb.js';
import { makeTempDir } from '../../../helpers/temp.js';

const reader = useParquetReader();
let dir: string;
// A fresh folder per test (removed when the file ends).
beforeEach(() => {
  dir = makeTempDir('parquet');
});

const KEY = 'sk_live_abcdefghijklmnop0123456789';
const REQUEST = {
  command: 'history',
  path: '/api/gpu/H100%20SXM/index-history',
  query: { startDate: '2026-01-01', endDate: '2026-01-31' },
};

async function write(
  file: string,
  rows: Iterable<Row>,
  columns: readonly ParquetColumn[],
  extra: { rowGroupRows?: number; request?: unknown } = {},
): Promise<number> {
  return writeParquet(rows, await fileSink(file), {
    columns,
    request: extra.request ?? REQUEST,
    secrets: new Set([KEY]),
    rowGroupRows: extra.rowGroupRows,
  });
}

// One column of each type; every column has a null, and one row lacks fields altogether.
const COLUMNS: ParquetColumn[] = [
  { name: 'timestamp', type: 'timestamp' },
  { name: 'date', type: 'date' },
  { name: 'index_value', type: 'double' },
  { name: 'readings', type: 'int' },
  { name: 'published', type: 'bool' },
  { name: 'gpu', type: 'string' },
];
const ROWS: Row[] = [
  { timestamp: '2026-07-17T20:00:00.000Z', date: '2026-07-17', index_value: 2.5, readings: 24, published: true, gpu: 'H100 SXM' },
  // Doubles exactly as received (0.1, whole-valued, tiny, huge, negative zero), an int beyond 2^53.
  {
    timestamp: '2026-07-17T21:00:00.123Z',
    date: '1969-12-31',
    index_value: 0.1,
    readings: 2 ** 60,
    published: false,
    gpu: 'Ünïcødé 東京 🚀',
  },
  { timestamp: '1969-12-31T23:59:59.999Z', date: '2000-02-29', index_value: 100, readings: -3, published: null, gpu: 'a, "b"\nc' },
  { timestamp: '2026-01-01T00:00:00Z', date: '2026-01-01', index_value: 1e-7, readings: 0, published: true, gpu: '' },
  { timestamp: null, date: null, index_value: 2.5e25, readings: null, published: false, gpu: null },
  { index_value: -0 },
];

describe('writeParquet read back by DuckDB', () => {
  it('writes every type with nulls, and DuckDB reads the same values with the right types', async () => {
    const file = path.join(dir, 'all.parquet');
    expect(await write(file, ROWS, COLUMNS)).toBe(ROWS.length);
    const got = await reader.read(file);
    expect(got.columns).toEqual([
      { name: 'timestamp', type: 'TIMESTAMP WITH TIME ZONE' },
      { name: 'date', type: 'DATE' },
      { name: 'index_value', type: 'DOUBLE' },
      { name: 'readings', type: 'BIGINT' },
      { name: 'published', type: 'BOOLEAN' },
      { name: 'gpu', type: 'VARCHAR' },
    ]);
    // Expected values derived from the JSON with JavaScript's own Date, not with the writer's parser.
    const ts = (s: unknown): unknown => (typeof s === 'string' ? isoMicros(BigInt(Date.parse(s)) * 1000n) : null);
    expect(got.rows).toEqual(
      ROWS.map((r) => ({
        timestamp: ts(r.timestamp),
        date: r.date ?? null,
        index_value: r.index_value,
        readings: typeof r.readings === 'number' ? BigInt(r.readings) : null,
        published: r.published ?? null,
        gpu: r.gpu ?? null,
      })),
    );
    expect(Object.is(got.rows[5]?.index_value, -0)).toBe(true);
  });

  it('keeps microseconds and converts an explicit offset to UTC', async () => {
    const file = path.join(dir, 'micros.parquet');
    await write(file, [{ t: '2026-03-04T05:06:07.123456Z' }, { t: '2026-03-04T07:06:07.5+02:00' }], [{ name: 't', type: 'timestamp' }]);
    expect((await reader.read(file)).rows).toEqual([{ t: '2026-03-04T05:06:07.123456Z' }, { t: '2026-03-04T05:06:07.500000Z' }]);
  });

  it('is snappy-compressed, in row groups of the given size, and carries the version and the request without the key', async () => {
    const file = path.join(dir, 'meta.parquet');
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      timestamp: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
      index_value: i / 7,
      gpu: 'H200',
    }));
    const request = {
      ...REQUEST,
      apiKey: KEY,
      headers: { Authorization: `Bearer ${KEY}` },
      note: `echo ${KEY}`,
      proxy: 'http://user:pw@proxy:3128',
    };
    const columns: ParquetColumn[] = [
      { name: 'timestamp', type: 'timestamp' },
      { name: 'index_value', type: 'double' },
      { name: 'gpu', type: 'string' },
    ];
    await write(file, rows, columns, { rowGroupRows: 1000, request });
    expect(await reader.layout(file)).toEqual({ codecs: ['SNAPPY'], rowGroups: 3 });
    const kv = await reader.kvMetadata(file);
    expect(kv['gpumkt.version']).toBe(VERSION);
    expect(JSON.parse(kv['gpumkt.request'] as string)).toEqual({
      ...REQUEST,
      headers: {},
      note: 'echo ***',
      proxy: 'http://***@proxy:3128',
    });
    expect(readFileSync(file).includes(KEY)).toBe(false);
    const count = await reader.query(`SELECT count(*) AS n, min(index_value) AS lo, max(index_value) AS hi FROM '${file}'`);
    expect(count.rows).toEqual([{ n: 2500n, lo: 0, hi: 2499 / 7 }]);
  });

  it('writes a valid file with the columns and no rows', async () => {
    const file = path.join(dir, 'empty.parquet');
    expect(await write(file, [], COLUMNS)).toBe(0);
    const got = await reader.read(file);
    expect(got.rows).toEqual([]);
    expect(got.columns.map((c) => c.type)).toEqual(['TIMESTAMP WITH TIME ZONE', 'DATE', 'DOUBLE', 'BIGINT', 'BOOLEAN', 'VARCHAR']);
  });
});

describe('writeParquet and its sink', () => {
  it('streams: the first row group reaches the sink before the rows run out', async () => {
    const events: string[] = [];
    const chunks: Uint8Array[] = [];
    const sink: Sink = {
      closed: false,
      write(chunk) {
        events.push('write');
        chunks.push(chunk as Uint8Array);
      },
      async end() {
        events.push('end');
      },
      async abort() {
        events.push('abort');
      },
    };
    function* rows(): Generator<Row> {
      for (let i = 0; i < 5000; i++) {
        if (i % 1000 === 0) events.push(`row ${i}`);
        yield { v: i };
      }
    }
    await writeParquet(rows(), sink, { columns: [{ name: 'v', type: 'int' }], request: {}, rowGroupRows: 1000 });
    expect(events.indexOf('write')).toBeLessThan(events.indexOf('row 2000'));
    expect(events.filter((e) => e === 'write').length).toBeGreaterThanOrEqual(5);
    expect(events.at(-1)).toBe('end');
    // The chunks, joined, are one readable file.
    const file = path.join(dir, 'joined.parquet');
    writeFileSync(file, Buffer.concat(chunks));
    expect((await reader.query(`SELECT sum(v) AS s FROM '${file}'`)).rows).toEqual([{ s: BigInt((4999 * 5000) / 2) }]);
  });

  it('a value that does not fit its column fails the write and leaves the old file byte for byte', async () => {
    const file = path.join(dir, 'keep.parquet');
    writeFileSync(file, 'old contents');
    const rows = [{ t: '2026-01-01T00:00:00.000Z' }, { t: 'yesterday' }];
    const err = await write(file, rows, [{ name: 't', type: 'timestamp' }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParquetValueError);
    expect(err).toMatchObject({ message: 'column t: "yesterday" is not a valid timestamp', exitCode: ExitCode.invalidResponse });
    expect(readFileSync(file, 'utf8')).toBe('old contents');
    expect(readdirSync(dir)).toEqual(['keep.parquet']);
  });

  it.each([
    ['double', '2.5'],
    ['int', 2.5],
    ['bool', 'true'],
    ['date', '2026-02-30'],
    ['timestamp', '2026-01-01 00:00:00'],
  ] as const)('rejects a %s column holding %j', async (type, value) => {
    const err = await write(path.join(dir, 'x.parquet'), [{ c: value }], [{ name: 'c', type }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParquetValueError);
  });

  it('stops pulling rows once the reader of stdout went away, without an error', async () => {
    const gone = new Writable({
      write(_chunk, _enc, cb) {
        cb(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    let pulled = 0;
    function* rows(): Generator<Row> {
      for (let i = 0; i < 100_000; i++) {
        pulled++;
        yield { v: i };
      }
    }
    await writeParquet(rows(), stdoutSink(gone), { columns: [{ name: 'v', type: 'int' }], request: {}, rowGroupRows: 1000 });
    expect(pulled).toBeLessThan(100_000);
  });
});

describe('requestMetadata', () => {
  it('drops key-named fields at any depth and masks the key wherever else it appears', () => {
    const json = requestMetadata({ a: 1, nested: { api_key: KEY, list: [{ token: 'x' }, `k=${KEY}`] }, password: 'p' }, new Set([KEY]));
    expect(JSON.parse(json)).toEqual({ a: 1, nested: { list: [{}, 'k=***'] } });
  });

  it('masks a key that joined the run’s secrets after the same record was written once (the record is masked once per run)', () => {
    const secrets = new Set<string>();
    const record = { urls: [`https://example.com/x?k=${KEY}`] };
    expect(requestMetadata(record, secrets)).toContain(KEY);
    secrets.add(KEY);
    expect(requestMetadata(record, secrets)).not.toContain(KEY);
    expect(requestMetadata(record, secrets)).toBe(JSON.stringify({ urls: ['https://example.com/x?k=***'] }));
  });
});
