/**
 * Latest prices: the settled daily index (`/api/daily-index`, `/api/daily-index/all`) and the current
 * hourly index (`/api/gpu/{gpuName}`) must be the last values of the series history-simple serves.
 */
import { describe, expect, it } from 'vitest';
import { GPU_MODELS } from '../../src/domain/catalogues/gpus.js';
import { addDays } from '../../src/domain/time/dates.js';
import { HISTORY_START } from '../../src/sandbox/models/market.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { TODAY, errorBody, get, useSandbox } from './helpers.js';

const sb = useSandbox();
const q = encodeURIComponent;
const YESTERDAY = addDays(TODAY, -1);

/** history-simple's newest point of a window at a grain. */
async function lastHistoryPoint(
  s: Sandbox,
  gpu: string,
  from: string,
  to: string,
  granularity: string,
): Promise<{ timestamp: string; index_value: number }> {
  const r = await get(s, `/api/gpu/${q(gpu)}/history-simple?startDate=${from}&endDate=${to}&granularity=${granularity}&limit=1`);
  expect(r.status).toBe(200);
  return r.body.data[0];
}

describe('daily index', () => {
  it('equals the last settled (yesterday) daily value of history-simple, for every model', async () => {
    for (const gpu of GPU_MODELS) {
      const r = await get(sb(), `/api/daily-index?gpuType=${q(gpu)}`);
      expect(r.status).toBe(200);
      expect(Object.keys(r.body)).toEqual(['success', 'data']);
      expect(Object.keys(r.body.data)).toEqual(['gpu_name', 'region', 'index_value', 'date']);
      const last = await lastHistoryPoint(sb(), gpu, addDays(TODAY, -29), YESTERDAY, 'daily');
      expect(r.body).toEqual({ success: true, data: { gpu_name: gpu, region: '', index_value: last.index_value, date: YESTERDAY } });
      expect(last.timestamp).toBe(`${YESTERDAY}T00:00:00.000Z`);
    }
  });

  it('/all carries the same rows as the single-model route, in model order', async () => {
    const all = await get(sb(), '/api/daily-index/all');
    expect(all.body.success).toBe(true);
    expect(all.body.count).toBe(6);
    for (const [i, gpu] of GPU_MODELS.entries()) {
      expect(all.body.data[i]).toEqual((await get(sb(), `/api/daily-index?gpuType=${q(gpu)}`)).body.data);
    }
  });

  it('moves with today: the next day settles the day this sandbox calls today', async () => {
    const next = await startSandbox({ today: addDays(TODAY, 1) });
    try {
      const r = await get(next, '/api/daily-index?gpuType=B200');
      const last = await lastHistoryPoint(sb(), 'B200', TODAY, TODAY, 'daily');
      expect(r.body.data).toEqual({ gpu_name: 'B200', region: '', index_value: last.index_value, date: TODAY });
    } finally {
      await next.close();
    }
  });

  it('validates gpuType: required, a known model, given once', async () => {
    const cases: [string, string][] = [
      ['', errorBody('Bad request', 'gpuType query parameter is required')],
      ['?gpuType=H100', errorBody('Bad request', 'Invalid GPU type. Allowed: H100 SXM, H200, A100 SXM4, RTX 5090, B200, RTX PRO 6000 WS')],
      ['?gpuType=B200&gpuType=H200', errorBody('Bad request', 'Parameter gpuType must be given at most once')],
    ];
    for (const [query, text] of cases) {
      const r = await get(sb(), `/api/daily-index${query}`, null);
      expect([query, r.status, r.text]).toEqual([query, 400, text]);
    }
  });

  it('404s when nothing settled in the last 7 days (the first day of the history)', async () => {
    const first = await startSandbox({ today: HISTORY_START });
    try {
      const one = await get(first, '/api/daily-index?gpuType=H100%20SXM');
      expect([one.status, one.text]).toEqual([404, errorBody('No data available', 'No daily index data found for H100 SXM')]);
      const all = await get(first, '/api/daily-index/all', null);
      expect([all.status, all.text]).toEqual([404, errorBody('No data available', 'No daily index data found for any GPU type')]);
    } finally {
      await first.close();
    }
  });
});

describe('current index', () => {
  it('equals the last hourly value of history-simple, stamped with when that reading was taken', async () => {
    for (const gpu of GPU_MODELS) {
      const r = await get(sb(), `/api/gpu/${q(gpu)}`);
      expect(r.status).toBe(200);
      expect(Object.keys(r.body.data)).toEqual(['gpu_name', 'region', 'index_value', 'last_updated']);
      const last = await lastHistoryPoint(sb(), gpu, TODAY, TODAY, 'hourly');
      expect(r.body.data.gpu_name).toBe(gpu);
      expect(r.body.data.region).toBe('');
      expect(r.body.data.index_value).toBe(last.index_value);
      // The same hour's exact reading time, from the endpoint that publishes it.
      const range = await get(sb(), `/api/gpu/${q(gpu)}/history-range?startDate=${TODAY}&endDate=${TODAY}&granularity=hourly&limit=1`);
      expect(range.body.data[0].recorded_at).toBe(last.timestamp);
      expect(r.body.data.last_updated).toBe(range.body.data[0].exact_timestamp);
      expect(Date.parse(r.body.data.last_updated) - Date.parse(last.timestamp)).toBeGreaterThan(0);
    }
  });

  it('400s an unknown model; 404s before the history starts', async () => {
    const r = await get(sb(), '/api/gpu/H100', null);
    expect([r.status, r.body.message]).toEqual([
      400,
      'Invalid GPU type. Allowed: H100 SXM, H200, A100 SXM4, RTX 5090, B200, RTX PRO 6000 WS',
    ]);
    const before = await startSandbox({ today: addDays(HISTORY_START, -1) });
    try {
      const n = await get(before, '/api/gpu/H200', null);
      expect([n.status, n.text]).toEqual([404, errorBody('No data available', 'No index data found for H200')]);
    } finally {
      await before.close();
    }
  });
});
