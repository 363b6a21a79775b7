/**
 * Strict, fast parsers for the API's dates and times, as Parquet stores them: `YYYY-MM-DD` as days since
 * 1970-01-01, an ISO 8601 instant as microseconds since the epoch (UTC). Impossible dates (Feb 30) and
 * times (24:00) are rejected, never rolled over.
 */

// Days in each month (index 1–12), February at its leap-year most.
const MONTH_DAYS = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Days since 1970-01-01 of a valid proleptic Gregorian date, else undefined (Feb 30 is not a date).
 * Plain arithmetic (Howard Hinnant's days_from_civil), not a Date: it runs for every cell of a
 * timestamp column, two million times in a million-row export.
 */
function epochDays(y: number, m: number, d: number): number | undefined {
  if (m < 1 || m > 12 || d < 1 || d > MONTH_DAYS[m]!) return undefined;
  if (m === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return undefined;
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yearOfEra = yy - era * 400;
  const dayOfYear = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

/** The two-digit decimal number at `s[i]`, or -1 when either character is not a digit. */
function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** Days since 1970-01-01 of the `YYYY-MM-DD` at the start of `s`, else undefined. */
function datePart(s: string): number | undefined {
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return undefined;
  const century = twoDigits(s, 0);
  const year = twoDigits(s, 2);
  return century < 0 || year < 0 ? undefined : epochDays(century * 100 + year, twoDigits(s, 5), twoDigits(s, 8));
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
  const h = twoDigits(s, 11);
  const mi = twoDigits(s, 14);
  const sec = twoDigits(s, 17);
  if (days === undefined || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59) return undefined;
  let i = 19;
  let micros = 0;
  if (s.charCodeAt(i) === 46) {
    // One to six fractional digits, each worth a tenth of the one before.
    let worth = 100_000;
    for (i++; i < len; i++) {
      const c = s.charCodeAt(i) - 48;
      if (!(c >= 0 && c <= 9)) break;
      if (worth < 1) return undefined;
      micros += c * worth;
      worth /= 10;
    }
    if (i === 20) return undefined;
  }
  let seconds = days * 86_400 + h * 3600 + mi * 60 + sec;
  const zone = s.charCodeAt(i);
  if (zone === 43 || zone === 45) {
    // ±HH:MM
    const oh = twoDigits(s, i + 1);
    const om = twoDigits(s, i + 4);
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
