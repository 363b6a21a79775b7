/**
 * Strict, fast parsers for the API's dates and times, as Parquet stores them: `YYYY-MM-DD` as days since
 * 1970-01-01, an ISO 8601 instant as microseconds since the epoch (UTC). Impossible dates (Feb 30) and
 * times (24:00) are rejected, never rolled over.
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a valid date, else undefined (Feb 30 is not a date). */
function epochDays(y: number, m: number, d: number): number | undefined {
  const back = new Date(Date.UTC(2000, m - 1, d));
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
  back.setUTCFullYear(y, m - 1, d);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return undefined;
  return Math.round(back.getTime() / DAY_MS);
}

// Rows of a series share their day: its day number is computed once, not per row.
const dayCache = new Map<number, number | undefined>();

function cachedEpochDays(y: number, m: number, d: number): number | undefined {
  const key = y * 10_000 + m * 100 + d;
  if (dayCache.has(key)) return dayCache.get(key);
  if (dayCache.size >= 4096) dayCache.clear();
  const days = epochDays(y, m, d);
  dayCache.set(key, days);
  return days;
}

/** The `n`-digit decimal number at `s[i]`, or -1 when any of those characters is not a digit. */
function digits(s: string, i: number, n: number): number {
  let v = 0;
  for (let k = i; k < i + n; k++) {
    const c = s.charCodeAt(k) - 48;
    if (!(c >= 0 && c <= 9)) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** Days since 1970-01-01 of the `YYYY-MM-DD` at the start of `s`, else undefined. */
function datePart(s: string): number | undefined {
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return undefined;
  const y = digits(s, 0, 4);
  const m = digits(s, 5, 2);
  const d = digits(s, 8, 2);
  return y < 0 || m < 1 || m > 12 || d < 1 || d > 31 ? undefined : cachedEpochDays(y, m, d);
}

// Below this many seconds from 1970 (about 285 years) microseconds fit a double exactly.
const EXACT_SECONDS = 9e9;

/**
 * Microseconds since the epoch (UTC) of `YYYY-MM-DDTHH:MM:SS[.f{1,6}](Z|±HH:MM)`, else undefined: the
 * service's timestamps (`2026-07-17T20:00:00.000Z`) and any ISO 8601 instant with an explicit zone.
 * Up to six fractional digits are kept exactly (the column is microseconds). Parsed by hand rather
 * than with a regular expression or Date.parse: it runs once per cell, and is several times faster.
 */
export function parseTimestampMicros(s: string): bigint | undefined {
  const len = s.length;
  if (len < 20 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return undefined;
  const days = datePart(s);
  const h = digits(s, 11, 2);
  const mi = digits(s, 14, 2);
  const sec = digits(s, 17, 2);
  if (days === undefined || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59) return undefined;
  let i = 19;
  let micros = 0;
  if (s.charCodeAt(i) === 46) {
    const start = ++i;
    while (i < len && i - start < 7 && digits(s, i, 1) >= 0) i++;
    const n = i - start;
    if (n === 0 || n > 6) return undefined;
    micros = digits(s, start, n) * 10 ** (6 - n);
  }
  let seconds = days * 86_400 + h * 3600 + mi * 60 + sec;
  const zone = s.charCodeAt(i);
  if (zone === 43 || zone === 45) {
    // ±HH:MM
    const oh = digits(s, i + 1, 2);
    const om = digits(s, i + 4, 2);
    if (len !== i + 6 || s.charCodeAt(i + 3) !== 58 || oh < 0 || oh > 23 || om < 0 || om > 59) return undefined;
    seconds -= (zone === 45 ? -1 : 1) * (oh * 3600 + om * 60);
  } else if (zone !== 90 || len !== i + 1) return undefined;
  if (Math.abs(seconds) < EXACT_SECONDS) return BigInt(seconds * 1_000_000 + micros);
  return BigInt(seconds) * 1_000_000n + BigInt(micros);
}

/** Days since 1970-01-01 of `YYYY-MM-DD`, else undefined. */
export function parseDateDays(s: string): number | undefined {
  return s.length === 10 ? datePart(s) : undefined;
}
