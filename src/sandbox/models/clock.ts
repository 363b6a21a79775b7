/**
 * The sandbox's clock: what exists at a given instant. A reading exists once it has been taken (its
 * exact time at or before the clock), so the clock's own day is an average of the hours so far and
 * no later hour or day exists. See market.ts for the rules this serves.
 */
import { isIsoDate } from '../../domain/time/dates.js';
import { DAY_MS, HISTORY_START_MS, dayStats, readingsOn, summarize, type DayStats } from './readings.js';

/** How a sandbox is told the time: epoch ms, an ISO 8601 instant, a Date, or a function read at every request. */
export type ClockOption = number | string | Date | (() => number);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The clock of a day given without a time: its last millisecond, so every reading of the day has been taken. */
export function endOfDayMs(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`) + DAY_MS - 1;
}

/** Epoch ms of a fixed clock option; throws TypeError for anything that is not an instant. */
function fixedMs(now: number | string | Date): number {
  const ms = typeof now === 'number' ? now : now instanceof Date ? now.getTime() : ISO_INSTANT.test(now) ? Date.parse(now) : Number.NaN;
  if (!Number.isFinite(ms))
    throw new TypeError(`sandbox: now must be epoch ms, a Date or an ISO 8601 instant with a time zone, got ${String(now)}`);
  return ms;
}

/**
 * The clock a sandbox reads at every request: `now` when given; else the end of `today` (a pinned
 * day is complete, as it always was); else the real time. Giving both is ambiguous, so a TypeError.
 */
export function sandboxClock(opts: { readonly today?: string; readonly now?: ClockOption }): () => number {
  if (opts.today !== undefined && !isIsoDate(opts.today)) throw new TypeError(`startSandbox: today must be YYYY-MM-DD, got ${opts.today}`);
  if (opts.now !== undefined && opts.today !== undefined) throw new TypeError('startSandbox: give today or now, not both');
  const { now } = opts;
  if (typeof now === 'function') return now;
  if (now !== undefined) {
    const ms = fixedMs(now);
    return () => ms;
  }
  if (opts.today !== undefined) {
    const ms = endOfDayMs(opts.today);
    return () => ms;
  }
  return () => Date.now();
}

/** Model m's day d as it stands at `asOfMs`: only readings already taken count; undefined when none. */
export function dayStatsAsOf(m: number, d: number, asOfMs: number): DayStats | undefined {
  const start = HISTORY_START_MS + d * DAY_MS;
  if (d < 0 || asOfMs < start) return undefined;
  // Every reading of a day is taken before the next midnight: a past day is complete (and cached).
  if (asOfMs >= start + DAY_MS) return dayStats(m, d);
  return summarize(m, d, asOfMs) ?? undefined;
}

/** Readings of model m on day d taken by `asOfMs` (0–24). */
export function readingsAsOf(m: number, d: number, asOfMs: number): number {
  const start = HISTORY_START_MS + d * DAY_MS;
  if (d < 0 || asOfMs < start) return 0;
  if (asOfMs >= start + DAY_MS) return readingsOn(m, d);
  return summarize(m, d, asOfMs)?.readings ?? 0;
}
