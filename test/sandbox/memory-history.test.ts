/**
 * Memory price history (`/api/memory/{type}/history`): weekday readings, oldest first, cut from the
 * same daily series as the `/api/memory-index` snapshot, so its last row is the snapshot.
 */
import { describe, expect, it } from 'vitest';
import { MEMORY_TYPES } from '../../src/domain/catalogues/memory-types.js';
import { addDays } from '../../src/domain/time/dates.js';
import { HISTORY_START } from '../../src/sandbox/models/market.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { TODAY, datesBetween, errorBody, get, useSandbox } from './helpers.js';

const sb = useSandbox();
const q = encodeURIComponent;
const FIELDS = ['date', 'id', 'memoryType', 'category', 'price', 'weeklyHigh', 'weeklyLow', 'changePct', 'sourceUpdatedAt', 'timestamp'];
/** 2026-03-16 is a Monday, TODAY (2026-03-15) a Sunday. */
const MONDAY = '2026-03-16';
type Row = { date: string; price: number } & Record<string, string | number>;
const weekday = (iso: string): number => new Date(iso).getUTCDay();

/** The snapshot row of the memory index for a type as of a sandbox's today. */
async function snapshot(s: Parameters<typeof get>[0], id: string): Promise<Row> {
  return (await get(s, `/api/memory-index?type=${id}`)).body.data;
}

describe('memory history', () => {
  it('ends with the memory-index snapshot for every type, on a Sunday and on a Monday', async () => {
    const monday = await startSandbox({ today: MONDAY });
    try {
      for (const s of [sb(), monday]) {
        for (const t of MEMORY_TYPES) {
          const r = await get(s, `/api/memory/${t.id}/history`);
          const last = r.body.data.at(-1) as Row;
          const snap = await snapshot(s, t.id);
          const { updatedAt, ...rest } = snap;
          expect({ ...rest, timestamp: updatedAt }).toEqual(Object.fromEntries(FIELDS.map((f) => [f, last[f]])));
        }
      }
      expect((await snapshot(sb(), 'mem_ddr4_8gb')).date).toBe('2026-03-13T00:00:00.000Z');
      expect((await snapshot(monday, 'mem_ddr4_8gb')).date).toBe(`${MONDAY}T00:00:00.000Z`);
    } finally {
      await monday.close();
    }
  });

  it('serves weekday rows oldest first in the documented shape, internally consistent', async () => {
    const r = await get(sb(), `/api/memory/mem_ddr5_16gb/history?startDate=2026-01-01&endDate=${TODAY}`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'id', 'memoryType', 'count', 'data']);
    expect(r.body).toMatchObject({
      success: true,
      id: 'mem_ddr5_16gb',
      memoryType: 'DDR5 16Gb (2Gx8) 4800/5600',
      count: r.body.data.length,
    });
    const rows: Row[] = r.body.data;
    expect(rows).toHaveLength(52); // 2026-01-01 … 2026-03-15: 74 days, 52 of them weekdays
    for (const [i, row] of rows.entries()) {
      expect(Object.keys(row)).toEqual(FIELDS);
      expect([1, 2, 3, 4, 5]).toContain(weekday(row.date));
      expect(row.category).toBe('dram');
      expect((row.sourceUpdatedAt as string).slice(0, 10)).toBe(row.date.slice(0, 10));
      expect(Date.parse(row.timestamp as string)).toBeGreaterThan(Date.parse(row.sourceUpdatedAt as string));
      if (i === 0) continue;
      const prev = rows[i - 1]!;
      expect(row.date > prev.date).toBe(true);
      // changePct against the previous reading (Friday for a Monday).
      expect(row.changePct).toBe(((row.price - prev.price) / prev.price) * 100);
      if (i >= 4) {
        const week = rows.filter((x) => x.date <= row.date && Date.parse(x.date) > Date.parse(row.date) - 7 * 86_400_000);
        expect(week).toHaveLength(5);
        expect(row.weeklyHigh).toBe(Math.max(...week.map((x) => x.price)));
        expect(row.weeklyLow).toBe(Math.min(...week.map((x) => x.price)));
      }
    }
  });

  it('accepts the type by URL-encoded name, with the same bytes as by id', async () => {
    const byId = await get(sb(), '/api/memory/mem_ddr5_16gb/history?startDate=2026-03-01');
    const byName = await get(sb(), `/api/memory/${q('DDR5 16Gb (2Gx8) 4800/5600')}/history?startDate=2026-03-01`);
    expect(byName.status).toBe(200);
    expect(byName.text).toBe(byId.text);
  });

  it('defaults to the 30 days ending today; limit keeps the most recent rows, still oldest first', async () => {
    const dflt = await get(sb(), '/api/memory/mem_slc_1gb/history');
    expect(dflt.text).toBe((await get(sb(), `/api/memory/mem_slc_1gb/history?startDate=${addDays(TODAY, -29)}&endDate=${TODAY}`)).text);
    const all = await get(sb(), `/api/memory/mem_slc_1gb/history?startDate=${HISTORY_START}&endDate=${TODAY}`);
    expect(all.body.data[0].date).toBe(`${HISTORY_START}T00:00:00.000Z`);
    // Every weekday of the history, one row each (fewer than the default limit of 1000).
    const weekdays = datesBetween(HISTORY_START, TODAY).filter((d) => weekday(d) >= 1 && weekday(d) <= 5);
    expect(all.body.data.map((r: Row) => r.date.slice(0, 10))).toEqual(weekdays);
    expect(all.body.count).toBe(575);
    const three = await get(sb(), `/api/memory/mem_slc_1gb/history?startDate=${HISTORY_START}&endDate=${TODAY}&limit=3`);
    expect(three.body.count).toBe(3);
    expect(three.body.data).toEqual(all.body.data.slice(-3));
  });

  it('answers a window without trading days (a weekend, before the history, after today) with no rows', async () => {
    for (const [from, to] of [
      ['2026-03-14', TODAY],
      ['2023-06-01', '2023-12-31'],
      [MONDAY, '2026-03-20'],
    ]) {
      const r = await get(sb(), `/api/memory/mem_mlc_32gb/history?startDate=${from}&endDate=${to}`);
      expect([r.status, r.body.count, r.body.data]).toEqual([200, 0, []]);
    }
  });

  const bad: [string, number, string][] = [
    ['/api/memory/mem_ddr9/history', 404, errorBody('No data available', 'No memory price data found for type mem_ddr9')],
    ['/api/memory/MEM_DDR5_16GB/history', 404, errorBody('No data available', 'No memory price data found for type MEM_DDR5_16GB')],
    [
      '/api/memory/mem_ddr4_8gb/history?startDate=2026-03-10&endDate=2026-03-01',
      400,
      errorBody('Bad request', 'startDate must not be after endDate'),
    ],
    [
      '/api/memory/mem_ddr4_8gb/history?endDate=03/01/2026',
      400,
      errorBody('Bad request', 'Invalid endDate: use a calendar date in YYYY-MM-DD format'),
    ],
    ['/api/memory/mem_ddr4_8gb/history?limit=0', 400, errorBody('Bad request', 'Invalid limit: must be an integer of at least 1')],
  ];
  for (const [path, status, text] of bad) {
    it(`${status}: ${path}`, async () => {
      const r = await get(sb(), path);
      expect([r.status, r.text]).toEqual([status, text]);
    });
  }
});
