import { describe, expect, it } from 'vitest';
import { RateLimiter, type LimiterClock } from '../../../src/api/rate-limit.js';

/** A clock whose sleep moves time forward at once, recording each sleep. */
function fakeClock(): LimiterClock & { t: number; sleeps: number[] } {
  const c = {
    t: 0,
    sleeps: [] as number[],
    now: () => c.t,
    sleep: async (ms: number) => {
      c.sleeps.push(ms);
      c.t += ms;
    },
  };
  return c;
}

describe('RateLimiter (sliding window)', () => {
  it('lets 60 start at once, and the 61st only when the first leaves the 60 s window', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(60, 60_000, clock);
    const starts: number[] = [];
    for (let i = 0; i < 61; i++) {
      await limiter.take();
      starts.push(clock.t);
    }
    expect(starts.slice(0, 60).every((t) => t === 0)).toBe(true);
    expect(starts[60]).toBe(60_000);
  });

  it('counts the time it held requests back, and not the time between them', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(3, 1000, clock);
    for (let i = 0; i < 3; i++) await limiter.take();
    expect(limiter.waitedMs).toBe(0);
    clock.t += 400; // time spent elsewhere (on the wire, in the program) is not the pacer's
    await limiter.take(); // the 4th waits for the 1st to leave the window: 600 ms more
    expect(limiter.waitedMs).toBe(600);
    clock.t += 5000;
    await limiter.take();
    expect(limiter.waitedMs).toBe(600);
  });

  it('counts nothing for a start it did not hold, even when the clock ticks while it looks', async () => {
    const clock = fakeClock();
    // Every read of the clock is a millisecond later, as a real clock may be between two reads.
    const ticking: LimiterClock = { now: () => (clock.t += 1), sleep: (ms, signal) => clock.sleep(ms, signal) };
    const limiter = new RateLimiter(60, 60_000, ticking);
    for (let i = 0; i < 10; i++) await limiter.take();
    expect(clock.sleeps).toEqual([]);
    expect(limiter.waitedMs).toBe(0);
  });

  it('never allows more than `limit` starts in any window, however they are spread', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(5, 1000, clock);
    const starts: number[] = [];
    for (let i = 0; i < 40; i++) {
      clock.t += (i * 37) % 300;
      await limiter.take();
      starts.push(clock.t);
    }
    for (const t of starts) expect(starts.filter((s) => s > t - 1000 && s <= t).length).toBeLessThanOrEqual(5);
  });

  it('holdUntil (a 429 with Retry-After) makes every later start wait', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(60, 60_000, clock);
    await limiter.take();
    limiter.holdUntil(5000);
    limiter.holdUntil(2000); // an earlier hold never shortens a later one
    await limiter.take();
    expect(clock.t).toBe(5000);
  });

  it('an aborted waiter rejects and does not block the queue', async () => {
    const limiter = new RateLimiter(1, 60_000);
    await limiter.take();
    const ac = new AbortController();
    const waiting = limiter.take(ac.signal);
    ac.abort(new Error('interrupted'));
    await expect(waiting).rejects.toThrow('interrupted');
  });

  it('after a 429 the burst is gone: held starts resume one per Retry-After (at most one a second)', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(60, 60_000, clock);
    for (let i = 0; i < 5; i++) await limiter.take();
    limiter.holdUntil(1000);
    const starts: number[] = [];
    for (let i = 0; i < 4; i++) {
      await limiter.take();
      starts.push(clock.t);
    }
    expect(starts).toEqual([1000, 2000, 3000, 4000]);
    // A longer Retry-After holds longer, but the pace afterwards is never slower than the documented one a second.
    limiter.holdUntil(clock.t + 30_000);
    await limiter.take();
    await limiter.take();
    expect(clock.t).toBe(35_000);
  });
});
