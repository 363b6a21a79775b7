import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF, parseHttpDate, parseRetryAfter, RETRYABLE_STATUSES } from '../../../src/api/retry.js';
import { sleep } from '../../../src/domain/time/sleep.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');

describe('backoffDelay (full jitter)', () => {
  it('is a whole number in [0, min(cap, base·2ⁿ)] for any retry, policy and random source', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 120_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, baseMs, capMs, r) => {
          const d = backoffDelay(retry, { baseMs, capMs }, () => r);
          expect(Number.isInteger(d)).toBe(true);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(Math.min(capMs, baseMs * 2 ** retry));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('spans the whole range: 0 with random 0, the ceiling with random just below 1', () => {
    expect(backoffDelay(0, DEFAULT_BACKOFF, () => 0)).toBe(0);
    expect(backoffDelay(0, DEFAULT_BACKOFF, () => 0.999999)).toBe(500);
    expect(backoffDelay(2, DEFAULT_BACKOFF, () => 0.999999)).toBe(2000);
    expect(backoffDelay(50, DEFAULT_BACKOFF, () => 0.999999)).toBe(10_000);
  });

  it('is jittered: many draws are not all equal', () => {
    const draws = new Set(Array.from({ length: 50 }, () => backoffDelay(3)));
    expect(draws.size).toBeGreaterThan(10);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('2', NOW)).toBe(2000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter(['7', '9'], NOW)).toBe(7000);
    expect(parseRetryAfter('3600', NOW)).toBe(3_600_000);
  });

  it('reads the three HTTP date forms as GMT; a past date means now', () => {
    expect(parseRetryAfter('Fri, 20 Nov 2026 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Friday, 20-Nov-26 12:01:00 GMT', NOW)).toBe(60_000);
    expect(parseRetryAfter('Fri Nov 20 12:00:05 2026', NOW)).toBe(5000);
    expect(parseRetryAfter('Thu, 19 Nov 2026 12:00:00 GMT', NOW)).toBe(0);
  });

  it('is undefined for absent or garbage values, which then fall back to backoff', () => {
    for (const v of [undefined, '', 'soon', 'soon 2', 'later 2099', '-5', '1.5', '2e3', '0x10', 'Fri, 20 Nov 2026', 'tomorrow']) {
      expect(parseRetryAfter(v, NOW), String(v)).toBeUndefined();
    }
  });

  it('never reads arbitrary text as a date (V8 Date.parse would take most of it)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const v = parseHttpDate(s);
        if (v !== undefined) expect(s).toMatch(/ GMT$|^\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}$/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('retry policy', () => {
  it('retries 408, 429 and 5xx gateway faults, never 4xx client errors', () => {
    for (const s of [408, 429, 500, 502, 503, 504]) expect(RETRYABLE_STATUSES.has(s)).toBe(true);
    for (const s of [400, 401, 403, 404, 301, 302, 501]) expect(RETRYABLE_STATUSES.has(s)).toBe(false);
  });

  it('sleep rejects with the abort reason at once', async () => {
    const ac = new AbortController();
    const p = sleep(60_000, ac.signal);
    ac.abort(new Error('stop'));
    await expect(p).rejects.toThrow('stop');
  });
});
