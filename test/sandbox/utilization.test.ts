/**
 * The utilization cross-section (`/api/gpu-utilization`), recomputed from volume-metrics: the latest
 * hourly ratio, and the means of the daily ratios of the 7 and 30 days ending today.
 */
import { describe, expect, it } from 'vitest';
import { GPU_MODELS } from '../../src/domain/catalogues/gpus.js';
import { addDays } from '../../src/domain/time/dates.js';
import { HISTORY_START } from '../../src/sandbox/models/market.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { TODAY, get, useSandbox } from './helpers.js';

const sb = useSandbox();
const q = encodeURIComponent;

/** Mean of the daily utilization ratios volume-metrics serves for a window. */
async function dailyMean(gpu: string, from: string): Promise<number> {
  const r = await get(sb(), `/api/gpu/${q(gpu)}/volume-metrics?startDate=${from}&endDate=${TODAY}&granularity=daily&limit=1000`);
  const ratios: number[] = r.body.data.map((p: { utilization_ratio: number }) => p.utilization_ratio);
  expect(ratios.length).toBeGreaterThan(0);
  return ratios.reduce((a, b) => a + b, 0) / ratios.length;
}

describe('gpu-utilization', () => {
  it('serves every model with its latest hourly ratio and 7/30-day means from volume-metrics', async () => {
    const r = await get(sb(), '/api/gpu-utilization');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.count).toBe(6);
    expect(r.body.data.map((row: { gpu_type: string }) => row.gpu_type)).toEqual([...GPU_MODELS]);
    for (const row of r.body.data) {
      expect(Object.keys(row)).toEqual(['gpu_type', 'region', 'utilization_ratio', 'avg_7d', 'avg_30d', 'recorded_at']);
      expect(row.region).toBe('global');
      const hourly = await get(
        sb(),
        `/api/gpu/${q(row.gpu_type)}/volume-metrics?startDate=${TODAY}&endDate=${TODAY}&granularity=hourly&limit=1`,
      );
      expect(row.utilization_ratio).toBe(hourly.body.data[0].utilization_ratio);
      expect(row.recorded_at).toBe(hourly.body.data[0].recorded_at);
      expect(Math.abs(row.avg_7d - (await dailyMean(row.gpu_type, addDays(TODAY, -6))))).toBeLessThanOrEqual(1e-12);
      expect(Math.abs(row.avg_30d - (await dailyMean(row.gpu_type, addDays(TODAY, -29))))).toBeLessThanOrEqual(1e-12);
      for (const v of [row.utilization_ratio, row.avg_7d, row.avg_30d]) expect(v > 0 && v <= 1).toBe(true);
    }
  });

  it('ignores parameters (the route takes none) and serves the same bytes twice', async () => {
    const a = await get(sb(), '/api/gpu-utilization');
    expect((await get(sb(), '/api/gpu-utilization?gpuType=H200&startDate=2025-01-01')).text).toBe(a.text);
  });

  it('leaves out models without a reading in 30 days: none before the history, averages only once it starts', async () => {
    const before = await startSandbox({ today: addDays(HISTORY_START, -1) });
    const first = await startSandbox({ today: HISTORY_START });
    try {
      expect((await get(before, '/api/gpu-utilization')).body).toEqual({ success: true, count: 0, data: [] });
      const day0 = await get(first, '/api/gpu-utilization');
      expect(day0.body.count).toBe(6);
      // One day of data: both means are that day's ratio.
      for (const row of day0.body.data) expect(row.avg_7d).toBe(row.avg_30d);
    } finally {
      await Promise.all([before.close(), first.close()]);
    }
  });
});
