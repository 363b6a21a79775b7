/**
 * When and how long to wait between attempts: exponential backoff with full jitter, capped, and
 * Retry-After in both its forms. Unlike undici's RetryHandler, a Retry-After beyond what the overall
 * deadline allows is reported, never silently clamped.
 */

/** Backoff settings. */
export interface BackoffPolicy {
  readonly baseMs: number;
  readonly capMs: number;
}

/** The default policy: 0.5 s doubling, at most 10 s. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 500, capMs: 10_000 };

/** HTTP statuses worth another attempt. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** Full-jitter delay for the n-th retry (0-based): uniform in [0, min(cap, base·2ⁿ)]. */
export function backoffDelay(retry: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(retry, 30));
  return Math.floor(random() * ceiling);
}

/**
 * Milliseconds a Retry-After header asks for, from delta-seconds or an HTTP date; undefined when
 * absent or unparseable (the caller then falls back to backoff).
 */
export function parseRetryAfter(header: string | string[] | undefined, nowMs: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  if (!/[a-z]/i.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Sleeps `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
