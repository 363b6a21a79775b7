/** The optional rate limit: a per-address token bucket answering 429 with Retry-After and the allowance. */
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/sandbox/rate-limit.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { TODAY, get, useSandbox } from './helpers.js';

describe('token bucket', () => {
  it('allows a burst of `capacity`, then one request per refill, each 429 saying when to come back', () => {
    let t = 0;
    const limiter = createRateLimiter({ capacity: 5, refillPerSecond: 2.5 }, () => t);
    for (let i = 0; i < 5; i++) expect(limiter.take('a')).toBeUndefined();
    const refused = limiter.take('a')!;
    expect(refused.status).toBe(429);
    expect(refused.headers['Retry-After']).toBe('1');
    expect(JSON.parse(refused.body)).toEqual({
      error: 'Too many requests',
      message: 'Rate limit exceeded: at most 5 requests per 2 seconds per address. Retry after 1 s.',
      limit: 5,
      windowSeconds: 2,
      retryAfter: 1,
    });
    // Another address has its own bucket.
    expect(limiter.take('b')).toBeUndefined();
    // A refused request takes no token: 400 ms later (one token at 2.5/s) one more goes through.
    t = 399;
    expect(limiter.take('a')?.status).toBe(429);
    t = 400;
    expect(limiter.take('a')).toBeUndefined();
    expect(limiter.take('a')?.status).toBe(429);
    // After a long pause the bucket is full again, never fuller.
    t = 60_000;
    for (let i = 0; i < 5; i++) expect(limiter.take('a')).toBeUndefined();
    expect(limiter.take('a')?.status).toBe(429);
  });

  it('Retry-After is whole seconds, enough for one token: 60 a minute waits 1 s, 1 a minute 60 s', () => {
    let t = 0;
    const perMinute = createRateLimiter({ capacity: 60, refillPerSecond: 1 }, () => t);
    for (let i = 0; i < 60; i++) perMinute.take('x');
    const r = perMinute.take('x')!;
    expect([r.headers['Retry-After'], JSON.parse(r.body).message]).toEqual([
      '1',
      'Rate limit exceeded: at most 60 requests per 60 seconds per address. Retry after 1 s.',
    ]);
    const slow = createRateLimiter({ capacity: 1, refillPerSecond: 1 / 60 }, () => t);
    slow.take('x');
    t = 30_000;
    expect(slow.take('x')!.headers['Retry-After']).toBe('30');
  });

  it('rejects a bucket that could never serve', () => {
    expect(() => createRateLimiter({ capacity: 0, refillPerSecond: 1 }, () => 0)).toThrow(TypeError);
    expect(() => createRateLimiter({ capacity: 2, refillPerSecond: 0 }, () => 0)).toThrow(TypeError);
  });
});

describe('the sandbox with a rate limit', () => {
  // So slow a refill (one token every 5 s) that a loaded machine cannot refill during the burst.
  const sb = useSandbox({ rateLimit: { capacity: 3, refillPerSecond: 0.2 } });

  it('serves the first `capacity` requests of a burst and answers the rest 429, before authentication', async () => {
    const replies = await Promise.all(Array.from({ length: 6 }, () => get(sb(), '/api/memory-index')));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    for (const r of replies.filter((x) => x.status === 429)) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(5);
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(r.body.message).toMatch(/^Rate limit exceeded: at most 3 requests per 15 seconds per address\. Retry after [1-5] s\.$/);
    }
    // The limiter runs ahead of authentication, as the service's does: no key gets 429, not 401.
    expect((await get(sb(), '/api/memory-index', null)).status).toBe(429);
    expect(
      sb()
        .requests.map((r) => r.status)
        .filter((s) => s === 429),
    ).toHaveLength(4);
  });

  it('is off by default: 80 requests at once are all served', async () => {
    const open = await startSandbox({ today: TODAY });
    try {
      const replies = await Promise.all(Array.from({ length: 80 }, () => get(open, '/api/memory-index?category=module')));
      expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200]));
    } finally {
      await open.close();
    }
  });
});
