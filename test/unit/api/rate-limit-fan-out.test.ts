/** The shared sliding-window limiter holds a 70-request fan-out to 60 a minute (fake clock, no real minute). */
import { describe, expect, it } from 'vitest';
import { RateLimiter, type LimiterClock } from '../../../src/api/rate-limit.js';
import { mapConcurrent } from '../../../src/run/fetch/fan-out.js';

/** A clock whose sleeps advance time instantly (the earliest wake first). */
function fakeClock(): LimiterClock & { t: number } {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t = Math.max(clock.t, clock.t + ms);
      await Promise.resolve();
    },
  };
  return clock;
}

describe('RateLimiter under fan-out', () => {
  it('70 requests through a 6-wide fan-out: 60 in the first minute, the rest a minute after, never 61 in any 60 s', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(60, 60_000, clock);
    const starts: number[] = [];
    await mapConcurrent(
      Array.from({ length: 70 }, (_, i) => i),
      6,
      async () => {
        await limiter.take();
        starts.push(clock.now());
      },
    );
    expect(starts).toHaveLength(70);
    expect(starts.filter((t) => t < 60_000)).toHaveLength(60);
    expect(Math.min(...starts.slice(60))).toBeGreaterThanOrEqual(60_000);
    // Sliding window: for every start, the starts within the 60 s before it (itself included) number ≤ 60.
    for (const t of starts) expect(starts.filter((s) => s > t - 60_000 && s <= t).length).toBeLessThanOrEqual(60);
  });

  it('a lowered limit paces the same way: 5 a second for 12 requests', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(5, 1000, clock);
    const starts: number[] = [];
    await mapConcurrent(
      Array.from({ length: 12 }, (_, i) => i),
      6,
      async () => {
        await limiter.take();
        starts.push(clock.now());
      },
    );
    expect(starts).toEqual([0, 0, 0, 0, 0, 1000, 1000, 1000, 1000, 1000, 2000, 2000]);
  });
});
