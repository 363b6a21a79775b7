/**
 * Column types for Parquet: declared types win; fields nobody declared are inferred from every row's
 * JSON value (and, when every value is null, from the name). A round trip shows what DuckDB then sees.
 */
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/domain/row.js';
import { parseDateDays, parseTimestampMicros } from '../../../../src/domain/time/iso-time.js';
import { resolveColumns } from '../../../../src/output/parquet/types.js';
import { writeParquet } from '../../../../src/output/parquet/write.js';
import { fileSink } from '../../../../src/store/file-sink.js';
import { useParquetReader } from '../../../helpers/duckdb.js';
import { makeTempDir } from '../../../helpers/temp.js';

const types = (names: string[], rows: Row[], declared = {}): Record<string, string> =>
  Object.fromEntries(resolveColumns(names, rows, declared).map((c) => [c.name, c.type]));

describe('resolveColumns', () => {
  it('keeps a declared type even when one export happens to hold only whole numbers', () => {
    const rows = [{ index_value: 100 }, { index_value: 2 }];
    expect(types(['index_value'], rows, { index_value: 'double' })).toEqual({ index_value: 'double' });
    // A declared int stays int; a declared type is never second-guessed from the values.
    expect(types(['readings'], [{ readings: 24 }], { readings: 'int' })).toEqual({ readings: 'int' });
  });

  it('infers an undeclared field from its values', () => {
    const rows: Row[] = [
      {
        count: 3,
        ratio: 0.5,
        price: 2,
        flag: true,
        at: '2026-07-17T20:00:00.000Z',
        day: '2026-07-17',
        name: 'x',
        extra: { a: 1 },
        mixed: 1,
        offset: '2026-07-17T20:00:00+02:00',
      },
      {
        count: null,
        ratio: 1,
        price: 3,
        flag: false,
        at: '2026-07-18T20:00:00Z',
        day: null,
        name: 'y',
        extra: [1],
        mixed: 'one',
        offset: null,
      },
    ];
    expect(types(Object.keys(rows[0] as Row), rows)).toEqual({
      count: 'int', // whole in every row, a count by name
      ratio: 'double', // 1 and 0.5
      price: 'double', // whole in every row, but a price is a real number by nature
      flag: 'bool',
      at: 'timestamp',
      day: 'date',
      name: 'string',
      extra: 'string', // objects and arrays: compact JSON text
      mixed: 'string',
      offset: 'string', // only the service's own `…Z` form is taken for a timestamp
    });
  });

  it('uses every row, not the first: a fraction late in the rows makes the column double', () => {
    const rows: Row[] = Array.from({ length: 100_000 }, (_, i) => ({ n: i === 99_999 ? 0.5 : i }));
    expect(types(['n'], rows)).toEqual({ n: 'double' });
  });

  it('falls back to the name when every value is null or missing', () => {
    const rows: Row[] = [{ updated_at: null, settlementDate: null, note: null }, {}];
    expect(types(['updated_at', 'settlementDate', 'note'], rows)).toEqual({
      updated_at: 'timestamp',
      settlementDate: 'date',
      note: 'string',
    });
  });

  it('takes a timestamp for what it is, whatever the field is called (memory rows name a full timestamp `date`)', () => {
    expect(types(['date'], [{ date: '2026-07-17T20:00:00.000Z' }])).toEqual({ date: 'timestamp' });
  });
});

// 0000-01-01 and 10000-01-01 in ms: the four-digit years; a day's margin for the offsets.
const YEAR_0 = -62_167_219_200_000;
const YEAR_10000 = 253_402_300_800_000;
const DAY = 86_400_000;

describe('the value parsers', () => {
  it("agree with JavaScript's Date on which YYYY-MM-DD are dates, and on their day numbers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const back = new Date(Date.UTC(2000, m - 1, d));
        back.setUTCFullYear(y, m - 1, d);
        const real = m >= 1 && m <= 12 && back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d;
        expect(parseDateDays(text)).toBe(real ? back.getTime() / DAY : undefined);
      }),
      { numRuns: 3000 },
    );
  });

  it("agree with JavaScript's Date on every instant from year 0 to 9999, with any offset", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: YEAR_0 + DAY, max: YEAR_10000 - DAY }),
        fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
        (ms, offsetMin) => {
          const iso = new Date(ms).toISOString();
          expect(parseTimestampMicros(iso)).toBe(BigInt(ms) * 1000n);
          expect(parseDateDays(iso.slice(0, 10))).toBe(Math.floor(ms / 86_400_000));
          // The same instant written in local time at another offset.
          const local = new Date(ms + offsetMin * 60_000).toISOString().slice(0, 23);
          const sign = offsetMin < 0 ? '-' : '+';
          const abs = Math.abs(offsetMin);
          const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
          if (/^\d{4}-/.test(local)) expect(parseTimestampMicros(local + zone)).toBe(BigInt(ms) * 1000n);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reject impossible dates and times rather than rolling them over', () => {
    for (const s of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31']) expect(parseDateDays(s), s).toBeUndefined();
    expect(parseDateDays('2024-02-29')).toBe(19_782);
    // Leap years by the Gregorian rule, back to year 1 and before 1970.
    for (const s of ['1900-02-29', '2100-02-29', '2026-1a-01', '20x6-01-01', '2026-01-1']) expect(parseDateDays(s), s).toBeUndefined();
    expect(parseDateDays('2000-02-29')).toBe(11_016);
    expect(parseDateDays('0001-01-01')).toBe(-719_162);
    expect(parseDateDays('1969-12-31')).toBe(-1);
    for (const s of ['2026-01-01T24:00:00Z', '2026-01-01T10:60:00Z', '2026-01-01T10:00:00', '2026-01-01T10:00:00.1234567Z']) {
      expect(parseTimestampMicros(s), s).toBeUndefined();
    }
    expect(parseTimestampMicros('1970-01-01T00:00:00.000001Z')).toBe(1n);
    expect(parseTimestampMicros('1970-01-01T00:00:00-00:30')).toBe(1_800_000_000n);
  });
});

describe('inferred columns read back by DuckDB', () => {
  const reader = useParquetReader();
  let dir: string;
  beforeAll(() => {
    dir = makeTempDir('parquet-infer');
  });

  it('gives extra fields the inferred types and keeps nested values as JSON text', async () => {
    const rows: Row[] = [
      {
        timestamp: '2026-07-17T20:00:00.000Z',
        index_value: 100,
        window_days: 30,
        provenance: { updated_at: '2026-07-17' },
        has_mark: true,
      },
      { timestamp: '2026-07-18T20:00:00.000Z', index_value: 101, window_days: 30, provenance: null, has_mark: false },
    ];
    const columns = resolveColumns(Object.keys(rows[0] as Row), rows, { timestamp: 'timestamp', index_value: 'double' });
    const file = path.join(dir, 'inferred.parquet');
    await writeParquet(rows, await fileSink(file), { columns, request: {} });
    const got = await reader.read(file);
    expect(got.columns).toEqual([
      { name: 'timestamp', type: 'TIMESTAMP WITH TIME ZONE' },
      { name: 'index_value', type: 'DOUBLE' },
      { name: 'window_days', type: 'BIGINT' },
      { name: 'provenance', type: 'VARCHAR' },
      { name: 'has_mark', type: 'BOOLEAN' },
    ]);
    expect(got.rows.map((r) => [r.index_value, r.window_days, r.provenance])).toEqual([
      [100, 30n, '{"updated_at":"2026-07-17"}'],
      [101, 30n, null],
    ]);
  });
});
