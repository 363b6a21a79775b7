/** The three per-model series endpoints (docs/api-contract.md §2) against the sandbox. */
import type { ZodType } from 'zod';
import { describe, expect, it } from 'vitest';
import history from '../../src/datasets/history.js';
import volume from '../../src/datasets/volume.js';
import range from '../../src/datasets/range.js';

/** The body as these tests read it: a list of rows (the schema has validated it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fields are read and asserted one by one; their types are what the tests check
type ListBody = { data: Array<Record<string, any>>; [field: string]: any };
const listSchema = async (ds: { endpoint: { loadSchema(): Promise<unknown> } }) => (await ds.endpoint.loadSchema()) as ZodType<ListBody>;
const historySimpleSchema = await listSchema(history);
const volumeMetricsSchema = await listSchema(volume);
const historyRangeSchema = await listSchema(range);
import { addDays, daysBetween } from '../../src/domain/time/dates.js';
import { HISTORY_START, dayStats, publishedDay, readingsOn } from '../../src/sandbox/models/market.js';
import { SANDBOX_PREMIUM_KEY } from '../../src/sandbox/keys.js';
import { TODAY, datesBetween, errorBody, get, useSandbox } from './helpers.js';

const sb = useSandbox();
const H100 = '/api/gpu/H100%20SXM';
const FROM30 = addDays(TODAY, -29);
/** Hourly readings of H100 SXM (model 0) in a window: what records_found must say. */
const hourlyCount = (from: string, to: string): number =>
  datesBetween(from, to).reduce((n, d) => n + readingsOn(0, daysBetween(HISTORY_START, d)), 0);
const times = (rows: Record<string, string>[], key: string): string[] => rows.map((r) => r[key] as string);
const isDesc = (xs: string[]): boolean => xs.every((x, i) => i === 0 || xs[i - 1]! > x);

describe('history-simple', () => {
  it('serves the 100 most recent hourly points of the default window, newest first', async () => {
    const r = await get(sb(), `${H100}/history-simple`);
    expect(r.status).toBe(200);
    const body = historySimpleSchema.parse(r.body);
    expect(Object.keys(r.body)).toEqual(['success', 'access', 'granularity', 'query', 'data']);
    expect([r.body.access, r.body.granularity]).toEqual(['full', 'hourly']);
    expect(r.body.query).toEqual({
      gpu_name: 'H100 SXM',
      start_date: `${FROM30}T00:00:00.000Z`,
      end_date: `${TODAY}T23:59:59.999Z`,
      records_found: hourlyCount(FROM30, TODAY),
      limit_applied: 100,
      data_granularity: 'hourly',
    });
    expect(body.data).toHaveLength(100);
    expect(Object.keys(r.body.data[0])).toEqual(['timestamp', 'index_value']);
    expect(isDesc(times(r.body.data, 'timestamp'))).toBe(true);
    expect(body.data[0]!.timestamp).toBe(`${TODAY}T23:00:00.000Z`);
  });

  it('applies limit as the N most recent points; a huge limit returns the whole window', async () => {
    const all = await get(sb(), `${H100}/history-simple?startDate=${FROM30}&endDate=${TODAY}&limit=1e12`);
    const five = await get(sb(), `${H100}/history-simple?startDate=${FROM30}&endDate=${TODAY}&limit=5`);
    expect(all.body.query.limit_applied).toBe(1e12);
    expect(all.body.data).toHaveLength(all.body.query.records_found);
    expect(five.body.query).toMatchObject({ records_found: all.body.query.records_found, limit_applied: 5 });
    expect(five.body.data).toEqual(all.body.data.slice(0, 5));
  });

  it('serves daily points at midnight, one per day with readings, priced like the index', async () => {
    const r = await get(sb(), `${H100}/history-simple?startDate=2026-01-01&endDate=${TODAY}&granularity=daily&limit=1000`);
    const days = datesBetween('2026-01-01', TODAY);
    expect(r.body.query.records_found).toBe(days.length);
    expect(times(r.body.data, 'timestamp')).toEqual(days.map((d) => `${d}T00:00:00.000Z`).reverse());
    for (const p of r.body.data) {
      const date = p.timestamp.slice(0, 10);
      expect(p.index_value).toBe(dayStats(0, daysBetween(HISTORY_START, date))!.price);
      const pub = publishedDay('H100 SXM', date, TODAY);
      if (pub) expect(p.index_value).toBe(pub.price);
    }
  });

  it('returns an empty series (200) for a window before the history or after today', async () => {
    for (const q of ['startDate=2023-01-01&endDate=2023-12-31', 'startDate=2026-04-01&endDate=2026-04-30']) {
      const r = await get(sb(), `${H100}/history-simple?${q}`);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual([]);
      expect(r.body.query.records_found).toBe(0);
    }
  });
});

describe('volume-metrics', () => {
  it('serves utilization ratios in [0, 1], newest first, with the 2.4 query echo', async () => {
    const r = await get(sb(), `${H100}/volume-metrics?startDate=2026-03-01&endDate=${TODAY}&limit=50&region=global&foo=bar`);
    expect(r.status).toBe(200);
    const body = volumeMetricsSchema.parse(r.body);
    expect(r.body.query).toEqual({
      gpu_name: 'H100 SXM',
      region: '',
      start_date: '2026-03-01T00:00:00.000Z',
      end_date: `${TODAY}T23:59:59.999Z`,
      records_found: hourlyCount('2026-03-01', TODAY),
      limit_applied: 50,
      data_granularity: 'hourly',
    });
    expect(body.data).toHaveLength(50);
    expect(isDesc(times(r.body.data, 'recorded_at'))).toBe(true);
    for (const p of r.body.data) {
      expect(Object.keys(p)).toEqual(['recorded_at', 'exact_timestamp', 'utilization_ratio']);
      expect(p.utilization_ratio).toBeGreaterThan(0);
      expect(p.utilization_ratio).toBeLessThanOrEqual(1);
      expect(p.recorded_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);
      const lag = Date.parse(p.exact_timestamp) - Date.parse(p.recorded_at);
      expect(lag).toBeGreaterThan(0);
      expect(lag).toBeLessThan(300_000);
    }
  });

  it('daily utilization is the day occupancy of the index', async () => {
    const r = await get(sb(), `${H100}/volume-metrics?startDate=2026-02-01&endDate=${TODAY}&granularity=daily`);
    expect(r.body.query.data_granularity).toBe('daily');
    const idx = await get(sb(), `/api/utilization-index/history?gpuType=H100%20SXM&startDate=2026-02-01`);
    const occ = new Map<string, number>(idx.body.data.map((x: { date: string; occupancy: number }) => [x.date, x.occupancy]));
    expect(occ.size).toBeGreaterThan(30);
    for (const p of r.body.data) {
      const o = occ.get(p.recorded_at.slice(0, 10));
      if (o !== undefined) expect(p.utilization_ratio).toBe(o);
    }
  });
});

describe('history-range', () => {
  /** Checks the documented order: groups (days or months) newest first, ascending inside a group. */
  const checkOrder = (stamps: string[], groupLen: number): void => {
    const groups: string[][] = [];
    for (const s of stamps) {
      const last = groups[groups.length - 1];
      if (last && last[0]!.slice(0, groupLen) === s.slice(0, groupLen)) last.push(s);
      else groups.push([s]);
    }
    expect(groups.length).toBeGreaterThan(1);
    expect(isDesc(groups.map((g) => g[0]!.slice(0, groupLen)))).toBe(true);
    for (const g of groups) expect(g).toEqual([...g].sort());
    expect(stamps).not.toEqual([...stamps].sort());
    expect(stamps).not.toEqual([...stamps].sort().reverse());
  };

  it('auto gives hourly rows for 30 days inclusive, in its documented (unsorted) order', async () => {
    const r = await get(sb(), `${H100}/history-range?startDate=${FROM30}&endDate=${TODAY}&granularity=auto&limit=100000`);
    const body = historyRangeSchema.parse(r.body);
    expect(r.body.query).toMatchObject({ data_granularity: 'hourly', region: '', records_found: hourlyCount(FROM30, TODAY) });
    expect(body.data).toHaveLength(hourlyCount(FROM30, TODAY));
    expect(new Set(body.data.map((x) => x.data_type))).toEqual(new Set(['hourly']));
    for (const x of r.body.data) expect(Object.keys(x)).toEqual(['recorded_at', 'exact_timestamp', 'index_value', 'data_type']);
    checkOrder(times(r.body.data, 'recorded_at'), 10);
    const simple = await get(sb(), `${H100}/history-simple?startDate=${FROM30}&endDate=${TODAY}&limit=100000`);
    const sorted = [...r.body.data].sort((a, b) => (a.recorded_at < b.recorded_at ? 1 : -1));
    expect(sorted.map((x) => [x.recorded_at, x.index_value])).toEqual(
      simple.body.data.map((x: { timestamp: string; index_value: number }) => [x.timestamp, x.index_value]),
    );
  });

  it('auto gives daily rows for 31 days, months newest first and days ascending within a month', async () => {
    const from = addDays(TODAY, -30);
    const r = await get(sb(), `${H100}/history-range?startDate=${from}&endDate=${TODAY}`);
    expect(r.body.query).toMatchObject({ data_granularity: 'daily', records_found: 31, limit_applied: 100 });
    expect(r.body.data.every((x: { data_type: string }) => x.data_type === 'daily')).toBe(true);
    checkOrder(times(r.body.data, 'recorded_at'), 7);
  });

  it('limit keeps the N most recent rows, and the full hourly history is served whole', async () => {
    const r = await get(sb(), `${H100}/history-range?startDate=2026-03-13&endDate=${TODAY}&granularity=hourly&limit=30`);
    expect(times(r.body.data, 'recorded_at')).toEqual([
      ...Array.from({ length: 24 }, (_, h) => `${TODAY}T${String(h).padStart(2, '0')}:00:00.000Z`),
      ...Array.from({ length: 6 }, (_, h) => `2026-03-14T${String(h + 18).padStart(2, '0')}:00:00.000Z`),
    ]);
    const full = await get(sb(), `${H100}/history-range?startDate=2000-01-01&endDate=${TODAY}&granularity=hourly&limit=1000000000000`);
    expect(full.body.query.records_found).toBe(hourlyCount(HISTORY_START, TODAY));
    // Missing readings are missing rows: fewer than 24 a day over the whole history.
    expect(full.body.query.records_found).toBeLessThan(24 * (daysBetween(HISTORY_START, TODAY) + 1));
    expect(full.body.data).toHaveLength(full.body.query.records_found);
  });
});

describe('series errors and plans', () => {
  const bad = (m: string): string => errorBody('Bad request', m);
  const badGpu = bad('Invalid GPU type. Allowed: H100 SXM, H200, A100 SXM4, RTX 5090, B200, RTX PRO 6000 WS');
  const cases: [string, number, string][] = [
    ['/api/gpu/h100/history-simple', 400, badGpu],
    ['/api/gpu/H100/volume-metrics', 400, badGpu],
    ['/api/gpu/H100+SXM/history-range', 400, badGpu],
    [`${H100}/history-simple?granularity=weekly`, 400, bad('Invalid granularity: use daily, hourly or auto')],
    [`${H100}/history-simple?startDate=2026-02-30`, 400, bad('Invalid startDate: use a calendar date in YYYY-MM-DD format')],
    [`${H100}/volume-metrics?startDate=2026-03-10&endDate=2026-03-01`, 400, bad('startDate must not be after endDate')],
    ...['0', '-1', 'abc', '1.5', '', '1e400', '+3'].map((l): [string, number, string] => [
      `${H100}/history-range?limit=${encodeURIComponent(l)}`,
      400,
      bad('Invalid limit: must be an integer of at least 1'),
    ]),
  ];
  for (const [path, status, text] of cases) {
    it(`${path} → ${status}`, async () => {
      const r = await get(sb(), path);
      expect(r.status).toBe(status);
      expect(r.text).toBe(text);
    });
  }

  it('a premium key asking for hourly or auto is served daily rows and told so, never refused', async () => {
    for (const q of ['granularity=hourly&startDate=2025-01-01', 'granularity=auto', '', 'granularity=daily']) {
      for (const leaf of ['history-simple', 'volume-metrics', 'history-range']) {
        const r = await get(sb(), `${H100}/${leaf}?${q}&limit=1000`, SANDBOX_PREMIUM_KEY);
        expect(r.status).toBe(200);
        expect([r.body.access, r.body.granularity, r.body.query.data_granularity]).toEqual(['premium', 'daily', 'daily']);
        const daily = await get(sb(), `${H100}/${leaf}?${q.replace(/granularity=\w+/, '')}&granularity=daily&limit=1000`);
        expect([daily.body.access, daily.body.granularity]).toEqual(['full', 'daily']);
        expect(r.body.data).toEqual(daily.body.data);
        expect(r.body.query.records_found).toBe(daily.body.query.records_found);
        if (leaf === 'history-range')
          expect(new Set(r.body.data.map((x: { data_type: string }) => x.data_type))).toEqual(new Set(['daily']));
      }
    }
    const util = await get(sb(), '/api/utilization-index/history', SANDBOX_PREMIUM_KEY);
    expect([util.status, util.body.access]).toEqual([200, 'premium']);
  });
});
