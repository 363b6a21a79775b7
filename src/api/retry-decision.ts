/**
 * Whether a failed attempt is tried again, and after how long: the retries left, the Retry-After the
 * server asked for against the time budget, or backoff. Words the failure when the answer is no.
 */
import { UnreachableError, type GpumktError } from '../errors.js';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './retry.js';

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
  if (attempt >= retries) {
    throw new UnreachableError(`${failure.message}${retries > 0 ? ` (after ${attempt + 1} attempts)` : ''}`, failure.hint);
  }
  if (waitMs !== undefined && waitMs > s.left) {
    // Waiting would break the budget, and a shorter wait would only earn another refusal.
    const at = isoSecond(Date.now() + waitMs);
    const when = at !== undefined ? ` (at ${at})` : '';
    throw new UnreachableError(
      `${failure.message}; the server asks to retry after ${seconds(waitMs)}${when}, beyond the time budget of ${seconds(s.budget)}`,
      at !== undefined ? `try again after ${at}` : undefined,
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
