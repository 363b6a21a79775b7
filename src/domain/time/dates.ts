/** Calendar dates as the API uses them (YYYY-MM-DD, UTC): parsing user input, arithmetic, windows. */
import { UsageError } from '../../errors.js';

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const SPAN = /^(\d{1,5})([dwmy])$/;

/** Today's UTC date as YYYY-MM-DD. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** True when `s` is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Milliseconds since the epoch of a YYYY-MM-DD date at 00:00 UTC. */
export function dateToMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** YYYY-MM-DD of an epoch millisecond value (UTC). */
export function msToDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Adds (or with a negative n, subtracts) whole days. */
export function addDays(date: string, n: number): string {
  return msToDate(dateToMs(date) + n * DAY_MS);
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((dateToMs(b) - dateToMs(a)) / DAY_MS);
}

/** Subtracts whole months, clamping to the month's last day (2026-03-31 − 1m = 2026-02-28). */
export function subtractMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return msToDate(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
}

/**
 * The dates a user may give (README "Bounds"): GPU-compute market data starts long after 2000, and a
 * typo such as `--from 0026-01-01` or `--from 99999d` would otherwise turn into thousands of requests.
 */
export const DATE_BOUNDS = { min: '2000-01-01', max: '2099-12-31' } as const;

/**
 * Parses a user date: YYYY-MM-DD, `today`, `yesterday`, or a span back from today
 * (`7d`, `4w`, `3m`, `1y`), within DATE_BOUNDS. Throws a usage error naming the flag and the accepted forms.
 */
export function parseUserDate(input: string, today: string, flag = 'date'): string {
  const date = parseDateForm(input, today, flag);
  if (date >= DATE_BOUNDS.min && date <= DATE_BOUNDS.max) return date;
  const side = date < DATE_BOUNDS.min ? `before ${DATE_BOUNDS.min}` : `after ${DATE_BOUNDS.max}`;
  throw new UsageError(`invalid ${flag} '${input}': ${side} (dates run from ${DATE_BOUNDS.min} to ${DATE_BOUNDS.max})`);
}

function parseDateForm(input: string, today: string, flag: string): string {
  const s = input.trim().toLowerCase();
  if (s === 'today') return today;
  if (s === 'yesterday') return addDays(today, -1);
  const span = SPAN.exec(s);
  if (span) {
    const n = Number(span[1]);
    switch (span[2]) {
      case 'd':
        return addDays(today, -n);
      case 'w':
        return addDays(today, -7 * n);
      case 'm':
        return subtractMonths(today, n);
      default:
        return subtractMonths(today, 12 * n);
    }
  }
  if (isIsoDate(s)) return s;
  const why = ISO_DATE.test(s) ? 'is not a calendar date' : 'is not a date';
  throw new UsageError(
    `invalid ${flag} '${input}': ${why}; use YYYY-MM-DD, today, yesterday, or a span back from today such as 7d, 4w, 3m, 1y`,
  );
}

/** A closed window of days. */
export interface DateWindow {
  readonly from: string;
  readonly to: string;
}

/**
 * Resolves --from/--to into a window: --to defaults to today, --from to 29 days before --to.
 * Throws a usage error when from is after to.
 */
export function resolveWindow(from: string | undefined, to: string | undefined, today: string): DateWindow {
  const end = to === undefined ? today : parseUserDate(to, today, '--to');
  const start = from === undefined ? addDays(end, -29) : parseUserDate(from, today, '--from');
  if (start > end) throw new UsageError(`--from ${start} is after --to ${end}`);
  return { from: start, to: end };
}

/** Splits a window into consecutive windows of at most `maxDays` days each (inclusive), in order. */
export function splitWindow(window: DateWindow, maxDays: number): DateWindow[] {
  const out: DateWindow[] = [];
  let from = window.from;
  while (from <= window.to) {
    const end = addDays(from, maxDays - 1);
    const to = end < window.to ? end : window.to;
    out.push({ from, to });
    from = addDays(to, 1);
  }
  return out;
}
