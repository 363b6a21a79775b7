/**
 * Rolling volatility, recomputed here from history-simple's daily values with the definition
 * documented in src/sandbox/models/volatility-model.ts: over the windowDays most recent daily log returns
 * r = ln(v_t / v_{t-1}) ending at t, the sample standard deviation (n − 1) × √365; null when fewer than
 * windowDays returns exist, or windowDays = 1.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time/dates.js';
import { HISTORY_START } from '../../src/sandbox/models/market.js';
import { TODAY, errorBody, get, useSandbox } from './helpers.js';

const sb = useSandbox();
const B200 = '/api/gpu/B200/volatility';

/** history-simple's daily values of a model from the start of the history to `to`, oldest first. */
async function dailyValues(gpu: string, to: string): Promise<{ date: string; value: number }[]> {
  const r = await get(
    sb(),
    `/api/gpu/${encodeURIComponent(gpu)}/history-simple?startDate=${HISTORY_START}&endDate=${to}&granularity=daily&limit=100000`,
  );
  expect(r.body.query.records_found).toBe(r.body.data.length);
  return r.body.data.map((p: { timestamp: string; index_value: number }) => ({ date: p.timestamp, value: p.index_value })).reverse();
}

/** The expected volatility at position k of `values` (oldest first). */
function expected(values: readonly { value: number }[], k: number, w: number): number | null {
  if (w < 2 || k - w < 0) return null;
  const r: number[] = [];
  for (let j = k - w + 1; j <= k; j++) r.push(Math.log(values[j]!.value / values[j - 1]!.value));
  const mean = r.reduce((a, b) => a + b, 0) / r.length;
  const variance = r.reduce((a, x) => a + (x - mean) * (x - mean), 0) / (r.length - 1);
  return Math.sqrt(variance) * Math.sqrt(365);
}

describe('volatility', () => {
  for (const [gpu, from, w] of [
    ['B200', '2025-06-01', 30],
    ['H100 SXM', '2025-12-01', 7],
    ['RTX PRO 6000 WS', '2024-01-01', 2],
    ['A100 SXM4', '2024-11-01', 365],
  ] as const) {
    it(`recomputes from history-simple's daily values to 1e-12 (${gpu}, windowDays ${w})`, async () => {
      const r = await get(sb(), `/api/gpu/${encodeURIComponent(gpu)}/volatility?startDate=${from}&endDate=${TODAY}&windowDays=${w}`);
      expect(r.status).toBe(200);
      const values = await dailyValues(gpu, TODAY);
      const inWindow = values.filter((v) => v.date.slice(0, 10) >= from);
      expect(r.body.data).toHaveLength(inWindow.length);
      expect(r.body.query).toEqual({
        gpu_name: gpu,
        region: 'global',
        start_date: `${from}T00:00:00.000Z`,
        end_date: `${TODAY}T23:59:59.999Z`,
        window_days: w,
        records_found: inWindow.length,
      });
      // Most recent first, as the service orders it.
      const rows = [...r.body.data].reverse();
      let checked = 0;
      for (const [i, row] of rows.entries()) {
        const k = values.length - inWindow.length + i;
        expect(Object.keys(row)).toEqual(['recorded_at', 'gpu_type', 'region', 'index_value', 'rolling_volatility', 'window_days']);
        expect([row.recorded_at, row.gpu_type, row.region, row.index_value, row.window_days]).toEqual([
          values[k]!.date,
          gpu,
          'global',
          values[k]!.value,
          w,
        ]);
        const want = expected(values, k, w);
        if (want === null) expect(row.rolling_volatility).toBeNull();
        else {
          expect(Math.abs(row.rolling_volatility - want)).toBeLessThanOrEqual(1e-12);
          expect(row.rolling_volatility).toBeGreaterThan(0);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  }

  it('is null where the window reaches before the history, and for windowDays=1', async () => {
    const early = await get(sb(), `${B200}?startDate=${HISTORY_START}&endDate=2024-01-05&windowDays=3`);
    expect(early.body.data.map((r: { rolling_volatility: number | null }) => r.rolling_volatility === null)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    const one = await get(sb(), `${B200}?startDate=2026-03-01&endDate=${TODAY}&windowDays=1`);
    expect(one.body.data).toHaveLength(15);
    expect(one.body.data.every((r: { rolling_volatility: number | null }) => r.rolling_volatility === null)).toBe(true);
  });

  it('defaults windowDays to 30, and serves the same bytes for the explicit 30', async () => {
    const dflt = await get(sb(), `${B200}?startDate=2026-03-01&endDate=${TODAY}`);
    expect(dflt.body.query.window_days).toBe(30);
    expect(dflt.text).toBe((await get(sb(), `${B200}?startDate=2026-03-01&endDate=${TODAY}&windowDays=30`)).text);
  });

  it('answers a window without data with no rows; a longer window shares the overlap', async () => {
    const after = await get(sb(), `${B200}?startDate=${addDays(TODAY, 1)}&endDate=${addDays(TODAY, 9)}`);
    expect([after.status, after.body.data, after.body.query.records_found]).toEqual([200, [], 0]);
    const long = await get(sb(), `${B200}?startDate=2026-01-01&endDate=${TODAY}`);
    const short = await get(sb(), `${B200}?startDate=2026-03-01&endDate=2026-03-10`);
    const overlap = long.body.data.filter((r: { recorded_at: string }) => r.recorded_at >= '2026-03-01' && r.recorded_at < '2026-03-11');
    expect(short.body.data).toEqual(overlap);
  });

  const bad: [string, string][] = [
    ['', 'startDate and endDate query parameters are required (format: YYYY-MM-DD)'],
    ['?startDate=2026-03-01', 'startDate and endDate query parameters are required (format: YYYY-MM-DD)'],
    [`?endDate=${TODAY}`, 'startDate and endDate query parameters are required (format: YYYY-MM-DD)'],
    ['?startDate=2026-03-10&endDate=2026-03-01', 'startDate must not be after endDate'],
    ['?startDate=2026-02-30&endDate=2026-03-01', 'Invalid startDate: use a calendar date in YYYY-MM-DD format'],
    ...['0', '366', '-1', '1.5', 'abc', '', '1e2'].map((w): [string, string] => [
      `?startDate=2026-03-01&endDate=${TODAY}&windowDays=${w}`,
      'Invalid windowDays: must be an integer from 1 to 365',
    ]),
  ];
  for (const [query, message] of bad) {
    it(`400: ${query || '(no parameters)'}`, async () => {
      const r = await get(sb(), `${B200}${query}`);
      expect([r.status, r.text]).toEqual([400, errorBody('Bad request', message)]);
    });
  }

  it('accepts the bounds 1 and 365; 400s an unknown model before looking at dates', async () => {
    for (const w of [1, 365]) expect((await get(sb(), `${B200}?startDate=2026-03-01&endDate=${TODAY}&windowDays=${w}`)).status).toBe(200);
    const r = await get(sb(), '/api/gpu/B300/volatility');
    expect([r.status, r.body.message]).toEqual([
      400,
      'Invalid GPU type. Allowed: H100 SXM, H200, A100 SXM4, RTX 5090, B200, RTX PRO 6000 WS',
    ]);
  });
});
