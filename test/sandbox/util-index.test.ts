/** The utilization index endpoint (docs/api-contract.md §2, §4) against the sandbox: shapes, rules, rebasing, errors. */
import type { ZodType } from 'zod';
import { describe, expect, it } from 'vitest';
import utilIndex, { UTIL_INDEX_COLUMNS } from '../../src/datasets/util-index.js';

/** The body as these tests read it: a list of rows (the schema has validated it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fields are read and asserted one by one; their types are what the tests check
type ListBody = { data: Array<Record<string, any>>; [field: string]: any };
const listSchema = async (ds: { endpoint: { loadSchema(): Promise<unknown> } }) => (await ds.endpoint.loadSchema()) as ZodType<ListBody>;
const utilIndexSchema = await listSchema(utilIndex);
import { GPU_MODELS, type GpuModel } from '../../src/domain/catalogues/gpus.js';
import { addDays, daysBetween } from '../../src/domain/time/dates.js';
import { HISTORY_START, publishedDay, readingsOn, utilIndexRows } from '../../src/sandbox/models/market.js';
import { TODAY, datesBetween, errorBody, get, useSandbox } from './helpers.js';

const sb = useSandbox();
const PATH = '/api/utilization-index/history';
const gpuQ = (gpu: GpuModel | undefined): string => (gpu ? `gpuType=${encodeURIComponent(gpu)}&` : '');
const dayIndex = (date: string): number => daysBetween(HISTORY_START, date);

describe('util-index: shape', () => {
  it('serves the default trailing 30-day window with every documented field', async () => {
    const r = await get(sb(), `${PATH}?gpuType=H100%20SXM`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(r.text));
    const body = utilIndexSchema.parse(r.body);
    expect(body).toMatchObject({
      success: true,
      startDate: addDays(TODAY, -29),
      endDate: TODAY,
      region: 'global',
      gpuTypes: ['H100 SXM'],
      baseDate: '2026-01-01',
      intensitySource: 'unavailable',
    });
    expect(body.count).toBe(body.data.length);
    expect(body.data.length).toBeGreaterThan(25);
    for (const row of body.data) expect(Object.keys(row)).toEqual([...UTIL_INDEX_COLUMNS]);
    expect(r.body.data).toEqual(
      utilIndexRows({ gpuType: 'H100 SXM', from: addDays(TODAY, -29), to: TODAY, baseDate: '2026-01-01', today: TODAY }),
    );
  });

  it('aggregates all six models when gpuType is absent', async () => {
    const r = await get(sb(), `${PATH}?startDate=2026-03-01`);
    expect(r.status).toBe(200);
    expect(r.body.gpuTypes).toEqual([...GPU_MODELS]);
    const row = r.body.data[0];
    expect(row.reportingTypes).toBe(6);
    const parts = GPU_MODELS.map((g) => publishedDay(g, row.date, TODAY));
    const sum = parts.reduce((a, p) => a + (p?.capacity ?? Number.NaN), 0);
    expect(row.capacity).toBe(Math.round(sum * 100) / 100);
  });
});

describe('util-index: the §4 rules over a 400-day window', () => {
  const from = addDays(TODAY, -399);
  for (const gpu of [...GPU_MODELS, undefined]) {
    it(`holds for ${gpu ?? 'the aggregate'}`, async () => {
      const r = await get(sb(), `${PATH}?${gpuQ(gpu)}startDate=${from}&endDate=${TODAY}`);
      expect(r.status).toBe(200);
      const rows = utilIndexSchema.parse(r.body).data;
      const dates = rows.map((x) => x.date);
      // Unpublished days are exactly those with fewer than 24 readings (any model's, for the aggregate).
      const models = gpu ? [GPU_MODELS.indexOf(gpu)] : [0, 1, 2, 3, 4, 5];
      const unpublished = datesBetween(from, TODAY).filter((d) => models.some((m) => readingsOn(m, dayIndex(d)) < 24));
      expect(unpublished.length).toBeGreaterThan(0);
      expect(dates).toEqual(datesBetween(from, TODAY).filter((d) => !unpublished.includes(d)));
      for (const d of unpublished) expect(dates).not.toContain(d);
      expect(rows.length).toBe(400 - unpublished.length);
      rows.forEach((row, i) => {
        for (const key of UTIL_INDEX_COLUMNS) expect(row).toHaveProperty(key);
        expect(row.readings).toBeGreaterThanOrEqual(24);
        expect(row.occupancy).toBe((row.rented as number) / (row.capacity as number));
        if (i === 0) {
          expect(row).toMatchObject({
            demandEffect: null,
            supplyEffect: null,
            occupancyChange: null,
            decompositionBasis: 'no_prior_day',
            comparable: false,
          });
          return;
        }
        const prev = rows[i - 1]!;
        expect(row.date > prev.date).toBe(true);
        expect(row).toMatchObject({ decompositionBasis: 'like_for_like', comparable: true });
        expect((row.demandEffect as number) + (row.supplyEffect as number)).toBe(row.occupancyChange);
        const rt = row.rented as number,
          ct = row.capacity as number,
          rp = prev.rented as number,
          cp = prev.capacity as number;
        expect(row.demandEffect).toBe((rt - rp) / cp);
        expect(row.supplyEffect).toBe(rt / ct - rt / cp);
      });
      // A day after a gap is decomposed against the day before the gap.
      const gapEnd = rows.findIndex((row, i) => i > 0 && daysBetween(rows[i - 1]!.date, row.date) > 1);
      expect(gapEnd).toBeGreaterThan(0);
    });
  }

  it('includes two consecutive unpublished days somewhere in the history', () => {
    const twoInARow = datesBetween(HISTORY_START, TODAY).some(
      (d) => readingsOn(0, dayIndex(d)) < 24 && readingsOn(0, dayIndex(d) + 1) < 24,
    );
    expect(twoInARow).toBe(true);
  });
});

describe('util-index: rebasing', () => {
  it('gives the base day exactly 100 and rebases other rows on it, even when the base lies outside the window', async () => {
    const r = await get(sb(), `${PATH}?gpuType=H200&startDate=2025-12-20&endDate=2026-01-10&baseDate=2026-01-01`);
    expect(r.body.baseAvailable).toBe(true);
    const base = r.body.data.find((x: { date: string }) => x.date === '2026-01-01');
    expect(base.index).toBe(100);
    const outside = await get(sb(), `${PATH}?gpuType=H200&startDate=2026-03-01&endDate=2026-03-10&baseDate=2026-01-01`);
    expect(outside.body.baseAvailable).toBe(true);
    for (const row of outside.body.data) expect(row.index).toBe(100 * (row.eur / base.eur));
  });

  it('rebases on the first row when the base day is not published', async () => {
    const unpublished = datesBetween('2025-06-01', '2026-03-01').find((d) => readingsOn(1, dayIndex(d)) < 24)!;
    for (const baseDate of ['2023-06-01', unpublished, '2026-12-01']) {
      const r = await get(sb(), `${PATH}?gpuType=H200&startDate=2026-02-01&endDate=2026-03-01&baseDate=${baseDate}`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ baseDate, baseAvailable: false });
      const first = r.body.data[0];
      expect(first.index).toBe(100);
      for (const row of r.body.data) expect(row.index).toBe(100 * (row.eur / first.eur));
    }
  });
});

describe('util-index: errors', () => {
  const bad = (m: string): string => errorBody('Bad request', m);
  const cases: [string, number, string][] = [
    ['gpuType=h100', 400, bad('Invalid GPU type. Allowed: H100 SXM, H200, A100 SXM4, RTX 5090, B200, RTX PRO 6000 WS')],
    ['gpuType=', 400, bad('Invalid GPU type. Allowed: H100 SXM, H200, A100 SXM4, RTX 5090, B200, RTX PRO 6000 WS')],
    ['startDate=2026-02-30', 400, bad('Invalid startDate: use a calendar date in YYYY-MM-DD format')],
    ['endDate=2026-3-1', 400, bad('Invalid endDate: use a calendar date in YYYY-MM-DD format')],
    ['baseDate=yesterday', 400, bad('Invalid baseDate: use a calendar date in YYYY-MM-DD format')],
    ['startDate=2026-03-02&endDate=2026-03-01', 400, bad('startDate must not be after endDate')],
    [`startDate=${addDays(TODAY, -400)}&endDate=${TODAY}`, 400, bad('Date range too large: at most 400 days per request')],
    [
      'startDate=2023-01-01&endDate=2023-12-31&gpuType=H100%20SXM',
      404,
      errorBody('No data available', 'No daily index data found for H100 SXM'),
    ],
    ['startDate=2026-04-01&endDate=2026-04-10', 404, errorBody('No data available', 'No daily index data found for all GPU types')],
    ['region=eu', 404, errorBody('No data available', 'No daily index data found for region eu')],
    ['startDate=2026-03-01&startDate=2026-03-02', 400, bad('Parameter startDate must be given at most once')],
  ];
  for (const [query, status, text] of cases) {
    it(`${query} → ${status}`, async () => {
      const r = await get(sb(), `${PATH}?${query}`);
      expect(r.status).toBe(status);
      expect(r.text).toBe(text);
    });
  }

  it('accepts exactly 400 days and 404s a window holding only an unpublished day', async () => {
    expect(addDays(TODAY, -400)).toBe('2025-02-08');
    expect((await get(sb(), `${PATH}?startDate=2025-02-09&endDate=${TODAY}`)).status).toBe(200);
    const d = datesBetween('2025-01-01', TODAY).find((x) => readingsOn(0, dayIndex(x)) < 24)!;
    const r = await get(sb(), `${PATH}?gpuType=H100%20SXM&startDate=${d}&endDate=${d}`);
    expect(r.status).toBe(404);
    expect(r.text).toBe(errorBody('No data available', 'No daily index data found for H100 SXM'));
  });
});
