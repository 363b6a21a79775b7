/**
 * One request pacer for the whole sync: a full first sync stays within the documented 60 requests a
 * minute (counted at the server) and sends what --dry-run planned (a paged listing: its first page and more); after a 429 every later
 * dataset is paced too, so a stricter server sees no 429 storm at each dataset's start.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp.js';
import { readState, syncAt } from './sync-helpers.js';

const NOW = '2026-11-20T12:00:00Z';

/** The most requests that started within any `windowMs` (a sliding window over the server's log). */
function maxInWindow(starts: readonly number[], windowMs: number): number {
  let most = 0;
  for (let i = 0, j = 0; i < starts.length; i++) {
    while ((starts[i] as number) - (starts[j] as number) >= windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('one pacer for the whole run', () => {
  it('a full first sync (a year, every dataset) draws no 429 from the documented limit and sends what --dry-run planned', async () => {
    const lake = join(makeTempDir('sync-pacer'), 'lake');
    const plan = await syncAt(NOW, ['sync', lake, '--dry-run', '--json']);
    const dry = JSON.parse(plan.stdout) as { requests: number; datasets: Array<{ name: string; requests: number }> };
    const planned = dry.requests;
    // A paged listing (sites) plans its first page: how many pages follow only the service can say.
    const plannedPages = dry.datasets.find((d) => d.name === 'sites')?.requests ?? 0;
    const isPage = (q: { path: string }): boolean => q.path.startsWith('/api/neocloud/sites');
    const sb = { rateLimit: { capacity: 60, refillPerSecond: 1 } };
    const r = await syncAt(NOW, ['sync', lake, '--json'], { sb });
    expect(r.code, r.stderr).toBe(0);
    // More than 60 requests: the pacer held some back, and never longer than the run's span at the server.
    const summary = JSON.parse(r.stdout) as { pacedSeconds: number };
    const span = ((r.requests.at(-1)?.startedAt ?? 0) - (r.requests[0]?.startedAt ?? 0)) / 1000;
    expect(r.requests.length).toBeGreaterThan(60);
    expect(summary.pacedSeconds).toBeGreaterThanOrEqual(0);
    expect(summary.pacedSeconds).toBeLessThanOrEqual(span + 0.1);
    expect(r.requests.filter((q) => q.status === 429)).toEqual([]);
    // Besides the plan, one read of each catalogue sync iterates: the service's memory types, coding products and GPU models (docs/names.md).
    const isCatalogue = (q: { path: string }): boolean =>
      q.path === '/api/llm-coding/products' || q.path === '/api/memory-types' || q.path === '/api/gpu-types';
    expect(r.requests.filter(isCatalogue)).toHaveLength(3);
    expect(r.requests.filter((q) => !isPage(q) && !isCatalogue(q))).toHaveLength(planned - plannedPages);
    expect(r.requests.filter(isPage).length).toBeGreaterThanOrEqual(plannedPages);
    expect(
      maxInWindow(
        r.requests.map((q) => q.startedAt),
        60_000,
      ),
    ).toBeLessThanOrEqual(60);
    // The default first sync reaches back a year.
    expect(readState(lake).datasets.history?.from).toBe('2025-11-20');
    expect(readState(lake).lastRun?.requests).toBe(r.requests.length);
  }, 240_000);

  it('after a 429, later datasets are paced too: no 429 once the first Retry-After has passed', async () => {
    const lake = join(makeTempDir('sync-pacer'), 'lake');
    const capacity = 5;
    const r = await syncAt(NOW, ['sync', lake, '--datasets', 'history,volume,range', '--from', '30d'], {
      sb: { rateLimit: { capacity, refillPerSecond: 2.5 } },
    });
    expect(r.code, r.stderr).toBe(0);
    const log = r.requests.map((q) => ({ at: q.startedAt, status: q.status, path: q.path }));
    // 18 data requests, and one read of the service's GPU models (docs/names.md).
    expect(log.filter((q) => q.status === 200 && q.path !== '/api/gpu-types')).toHaveLength(18);
    expect(log.filter((q) => q.status === 200 && q.path === '/api/gpu-types')).toHaveLength(1);
    const refused = log.filter((q) => q.status === 429);
    // The first dataset's burst overflows the bucket once; that teaches the one pacer of the run.
    expect(refused.length).toBeGreaterThanOrEqual(1);
    // (The read of the GPU models took one token of the bucket before it.)
    expect(refused.length).toBeLessThanOrEqual(6 + 1 - capacity);
    const learnt = (refused[0] as { at: number }).at + 1000;
    const later = log.filter((q) => q.at >= learnt);
    // Requests of the second and third datasets come after it, and none of them is refused.
    expect(later.some((q) => q.path.endsWith('/history-range'))).toBe(true);
    expect(later.filter((q) => q.status === 429)).toEqual([]);
  }, 120_000);
});
