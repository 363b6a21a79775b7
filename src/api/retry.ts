/**
 * Whether a failed attempt is tried again (retryDelay), and when: exponential backoff with full
 * jitter, capped, and Retry-After in both its forms. Unlike undici's RetryHandler, a Retry-After
 * beyond what the overall deadline allows is reported, never silently clamped, and garbage is never
 * read as a date.
 */
import { UnreachableError, type GpumktError } from '../errors.js';

/** Backoff settings. */
export interface BackoffPolicy {
  readonly baseMs: number;
  readonly capMs: number;
}

/** The default policy: 0.5 s doubling, at most 10 s (AWS "standard" mode uses 1 s / 20 s for slower APIs). */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 500, capMs: 10_000 };

/** HTTP statuses worth another attempt. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** Full-jitter delay for the n-th retry (0-based): a whole number uniform in [0, min(cap, base·2ⁿ)]. */
export function backoffDelay(retry: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(Math.max(retry, 0), 30));
  // random() is in [0, 1); the +1 makes the ceiling itself reachable, the min keeps a bad source in bounds.
  return Math.min(ceiling, Math.max(0, Math.floor(random() * (ceiling + 1))));
}

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
// RFC 9110 5.6.7: IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient must accept.
const IMF_FIXDATE = new RegExp(`^${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`);
const RFC850_DATE = new RegExp(`^${LONG_DAY}, \\d{2}-${MONTH}-\\d{2} ${TIME} GMT$`);
const ASCTIME_DATE = new RegExp(`^${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4}$`);

/** Epoch milliseconds of an HTTP date in any of its three forms; undefined for anything else. */
export function parseHttpDate(value: string): number | undefined {
  let text: string;
  if (IMF_FIXDATE.test(value) || RFC850_DATE.test(value)) text = value;
  // asctime carries no zone but means GMT; Date.parse would read it as local time.
  else if (ASCTIME_DATE.test(value)) text = `${value} GMT`;
  else return undefined;
  // V8's Date.parse accepts almost anything ("soon 2" is a day in 2001); only the forms above get here.
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : at;
}

/**
 * Milliseconds a Retry-After header asks for, from delta-seconds or an HTTP date (a past date means
 * "now"); undefined when absent or unparseable, and the caller then falls back to backoff.
 */
export function parseRetryAfter(header: string | string[] | undefined, nowMs: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = parseHttpDate(v);
  return at === undefined ? undefined : Math.max(0, at - nowMs);
}

/** What the decision weighs after a failed attempt. */
export interface RetryState {
  /** The attempt that failed, 0-based. */
  readonly attempt: number;
  readonly retries: number;
  readonly failure: GpumktError;
  /** What the server's Retry-After asked for, if it did. */
  readonly waitMs: number | undefined;
  /** Milliseconds left of the budget, and the budget itself (for messages). */
  readonly left: number;
  readonly budget: number;
  readonly backoff: BackoffPolicy | undefined;
  /** The error of a budget that runs out before the wait ends. */
  readonly outOfTime: () => UnreachableError;
}

/** Milliseconds to wait before the next attempt; throws the error that ends the request when there is none. */
export function retryDelay(s: RetryState): number {
  const { attempt, retries, failure, waitMs } = s;
  // The server's status, when it answered one: the run then knows the service was reached.
  const status = failure instanceof UnreachableError ? failure.status : undefined;
  if (attempt >= retries) {
    throw new UnreachableError(`${failure.message}${retries > 0 ? ` (after ${attempt + 1} attempts)` : ''}`, failure.hint, status);
  }
  if (waitMs !== undefined && waitMs > s.left) {
    // Waiting would break the budget, and a shorter wait would only earn another refusal.
    const at = isoSecond(Date.now() + waitMs);
    const when = at !== undefined ? ` (at ${at})` : '';
    throw new UnreachableError(
      `${failure.message}; the server asks to retry after ${seconds(waitMs)}${when}, beyond the time budget of ${seconds(s.budget)}`,
      at !== undefined ? `try again after ${at}` : undefined,
      status,
    );
  }
  const delay = waitMs ?? backoffDelay(attempt, s.backoff ?? DEFAULT_BACKOFF);
  if (delay > s.left) throw s.outOfTime();
  return delay;
}

/** A span in seconds for messages: tenths for short spans, whole seconds from 100 s on (a Retry-After of 1e24 s stays readable). */
export const seconds = (ms: number): string => `${ms >= 100_000 ? Math.round(ms / 1000) : Math.round(ms / 100) / 10} s`;

/** An epoch time as an ISO second (2026-11-22T08:49:05Z), or undefined beyond what a Date can hold. */
function isoSecond(ms: number): string | undefined {
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z') : undefined;
}
