/** The pacer tells its watchers of each hold as it begins (a progress line counts it down), and what the line says. */
import { describe, expect, it } from 'vitest';
import { RateLimiter, type Hold, type LimiterClock } from '../../../src/api/rate-limit.js';
import { fitLine, holdText } from '../../../src/run/fetch/hold.js';

/** A clock whose sleep moves time forward at once. */
function fakeClock(): LimiterClock & { t: number } {
  const c = {
    t: 0,
    now: () => c.t,
    sleep: async (ms: number) => void (c.t += ms),
  };
  return c;
}

describe('RateLimiter.onHold', () => {
  it('is told of the hold of the 61st start (the window) and of a Retry-After, and not after it stops watching', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(60, 60_000, clock);
    const holds: Hold[] = [];
    const stop = limiter.onHold((h) => holds.push(h));
    for (let i = 0; i < 60; i++) await limiter.take();
    expect(holds).toEqual([]);
    clock.t = 12_000;
    await limiter.take();
    expect(holds).toEqual([{ ms: 48_000, why: 'window', limit: 60, windowMs: 60_000 }]);
    limiter.holdUntil(clock.t + 5000);
    await limiter.take();
    expect(holds[1]).toEqual({ ms: 5000, why: 'retry-after', limit: 60, windowMs: 60_000 });
    stop();
    limiter.holdUntil(clock.t + 5000);
    await limiter.take();
    expect(holds).toHaveLength(2);
  });
});

describe('holdText, fitLine', () => {
  const hold: Hold = { ms: 48_000, why: 'window', limit: 60, windowMs: 61_000 };
  it("names the service's limit and the seconds left, shorter for a narrow terminal", () => {
    expect(holdText(hold, 47_200)).toBe("waiting for the service's limit of 60 a minute, 48s");
    expect(holdText(hold, 47_200, true)).toBe('limit 60 a minute: 48s');
    expect(holdText({ ...hold, why: 'retry-after' }, 4000)).toBe('waiting as the service asked (429 Retry-After), 4s');
  });

  it('takes the first line that fits with the cursor after it, else cuts the last', () => {
    expect(fitLine(20, ['a'.repeat(20), 'b'.repeat(19)])).toBe('b'.repeat(19));
    expect(fitLine(20, ['a'.repeat(30), 'b'.repeat(25)])).toBe('b'.repeat(19));
  });
});
