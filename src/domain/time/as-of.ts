/**
 * `--as-of`: the knowledge time a lake is read at (docs/point-in-time.md), as UTC ISO with
 * milliseconds. A date means the end of that UTC day (`2026-11-20` → `2026-11-20T23:59:59.999Z`), so
 * everything a sync received that day counts; a time is that instant.
 */
import { UsageError } from '../../errors.js';
import { DATE_BOUNDS, dateToMs, isIsoDate, parseUserDate, utcToday } from './dates.js';
import { isoInstant, parseInstant } from './instants.js';

const DAY_MS = 86_400_000;
const FORMS =
  'use a date (YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back: the end of that UTC day), now, or a time such as 2026-11-20T18:00:00Z or 2026-11-20T19:00:00+01:00';

/** The last millisecond of a UTC day. */
export function endOfDay(date: string): string {
  return isoInstant(dateToMs(date) + DAY_MS - 1);
}

/**
 * Parses `--as-of` against the clock's `now`: `now`; a date in any form the CLI takes for dates (its
 * end); or an ISO time with a zone (`Z`, `±HH:MM`; none means UTC, as `--at` reads it). Anything else is
 * a usage error (exit 2) naming the forms.
 */
export function parseAsOf(input: string, now: Date, flag = '--as-of'): string {
  const s = input.trim();
  if (s.toLowerCase() === 'now') return isoInstant(now.getTime());
  if (!/\d[T ]\d/i.test(s)) {
    let date: string;
    try {
      date = parseUserDate(s, utcToday(now), flag);
    } catch (err) {
      // A date outside the bounds keeps its own message; anything else is told the --as-of forms.
      if (err instanceof UsageError && /before|after/.test(err.message) && isIsoDate(s)) throw err;
      throw new UsageError(`invalid ${flag} '${input}': ${FORMS}`);
    }
    return endOfDay(date);
  }
  const ms = parseInstant(s.replace(/t/, 'T').replace(/z$/, 'Z'));
  if (ms === undefined) throw new UsageError(`invalid ${flag} '${input}': ${FORMS}`);
  const day = isoInstant(ms).slice(0, 10);
  if (day < DATE_BOUNDS.min || day > DATE_BOUNDS.max)
    throw new UsageError(`invalid ${flag} '${input}': times run from ${DATE_BOUNDS.min} to ${DATE_BOUNDS.max}`);
  return isoInstant(ms);
}
