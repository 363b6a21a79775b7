/**
 * The sandbox never serves after its clock, in every route: at 03:05 UTC the current values are the
 * last hour at or before 03:05 (not the end of the day), and today's daily values are provisional
 * averages of the hours so far.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { get } from './helpers.js';

const NOW = '2026-03-15T03:05:00.000Z';
const NOW_MS = Date.parse(NOW);
let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ now: NOW });
});
afterAll(() => sb.close());

/** Every ISO timestamp anywhere in `body`. */
function timestamps(body: unknown): string[] {
  return [...JSON.stringify(body).matchAll(/"(\d{4}-\d{2}-\d{2}T[^"]+)"/g)].map((m) => m[1] as string);
}

describe('a sandbox at 03:05 UTC', () => {
  it.each([
    '/api/gpu/H100%20SXM',
    '/api/gpu-utilization',
    '/api/gpu/H100%20SXM/volatility?startDate=2026-03-14&endDate=2026-03-15',
    '/api/gpu/H100%20SXM/history-simple?startDate=2026-03-15&endDate=2026-03-15&granularity=hourly',
    '/api/gpu/H100%20SXM/volume-metrics?startDate=2026-03-15&endDate=2026-03-15&granularity=hourly',
  ])('%s: nothing after the clock', async (path) => {
    const r = await get(sb, path);
    expect(r.status, r.text).toBe(200);
    const stamps = timestamps(r.body).filter((t) => !/T23:59:59\.999Z$/.test(t));
    expect(stamps.length).toBeGreaterThan(0);
    for (const t of stamps) expect(Date.parse(t), `${path}: ${t}`).toBeLessThanOrEqual(NOW_MS);
  });

  it('the current index is the last hourly reading at or before the clock', async () => {
    const hourly = await get(sb, '/api/gpu/H100%20SXM/history-simple?startDate=2026-03-15&endDate=2026-03-15&granularity=hourly&limit=1');
    const current = await get(sb, '/api/gpu/H100%20SXM');
    expect(current.body.data.index_value).toBe(hourly.body.data[0].index_value);
  });

  it("volatility's today is the provisional daily value of the hours so far", async () => {
    const daily = await get(sb, '/api/gpu/H100%20SXM/history-simple?startDate=2026-03-15&endDate=2026-03-15&granularity=daily&limit=1');
    const vol = await get(sb, '/api/gpu/H100%20SXM/volatility?startDate=2026-03-15&endDate=2026-03-15');
    expect(vol.body.data.at(-1).index_value).toBe(daily.body.data[0].index_value);
  });
});
