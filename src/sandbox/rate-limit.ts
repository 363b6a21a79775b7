/**
 * The service's rate limiter, as documented: per client address, ahead of authentication; on overflow
 * 429 with `Retry-After` (seconds) and a JSON body stating the allowance. The sandbox models it as a
 * token bucket: `capacity` requests at once, refilled at `refillPerSecond` (the service: 60 a minute
 * per address = capacity 60, refill 1). Off unless a sandbox is given one.
 */
import { jsonReply, type Reply } from './http.js';

/** A token bucket: a burst of `capacity` requests, then `refillPerSecond` on average. */
export interface RateLimit {
  readonly capacity: number;
  readonly refillPerSecond: number;
}

/** Per-address buckets; `take` answers undefined (go ahead) or the 429 to send. */
export interface RateLimiter {
  take(address: string): Reply | undefined;
}

/** Rounds for a human message without float noise (2.5, not 2.5000000000000004). */
const tidy = (x: number): number => Math.round(x * 1000) / 1000;

/** A limiter over `limit`, reading time (ms) from `clock` (a monotonic one in the server). */
export function createRateLimiter(limit: RateLimit, clock: () => number): RateLimiter {
  const { capacity, refillPerSecond } = limit;
  if (!Number.isInteger(capacity) || capacity < 1) throw new TypeError(`rateLimit.capacity must be an integer ≥ 1, got ${capacity}`);
  if (!(refillPerSecond > 0) || !Number.isFinite(refillPerSecond))
    throw new TypeError(`rateLimit.refillPerSecond must be > 0, got ${refillPerSecond}`);
  const buckets = new Map<string, { tokens: number; at: number }>();
  const windowSeconds = tidy(capacity / refillPerSecond);
  return {
    take(address) {
      const t = clock();
      const b = buckets.get(address) ?? { tokens: capacity, at: t };
      b.tokens = Math.min(capacity, b.tokens + ((t - b.at) / 1000) * refillPerSecond);
      b.at = t;
      buckets.set(address, b);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return undefined;
      }
      // A refused request takes no token: waiting Retry-After seconds is always enough for one.
      const retryAfter = Math.max(1, Math.ceil((1 - b.tokens) / refillPerSecond));
      return jsonReply(
        429,
        {
          error: 'Too many requests',
          message: `Rate limit exceeded: at most ${capacity} requests per ${windowSeconds} seconds per address. Retry after ${retryAfter} s.`,
          limit: capacity,
          windowSeconds,
          retryAfter,
        },
        { 'Retry-After': String(retryAfter) },
      );
    },
  };
}
