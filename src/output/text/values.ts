/** How a cell value becomes text in the machine formats (csv, tsv, markdown): values as received. */
import type { Row } from '../../domain/row.js';

/**
 * A number's text as String() spells it: the shortest text that reads back as the same double
 * (JSON.parse already made the API's text a double; never a rounded one). For a finite number
 * JSON.stringify gives the very same text (the spec defines it as ToString), but V8 puts every
 * String() of a new double in its number-to-string cache and allocates that string in old space,
 * where it outlives the cache entry until a full collection: ~20 MiB of peak memory per million
 * distinct values written. JSON.stringify writes the digits into its result, at the same speed.
 */
export function numberText(n: number): string {
  return Number.isFinite(n) ? JSON.stringify(n) : String(n);
}

/**
 * Render one cell: numbers via numberText (as String() spells them), null/undefined empty, booleans
 * `true`/`false`, objects and arrays as compact JSON. Strings are returned untouched.
 */
export function cellText(v: unknown): string {
  // Ordered by frequency in market rows: numbers and strings dominate, so test them first.
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'object') return JSON.stringify(v);
  return typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';
}

// Cells a spreadsheet would run as a formula (OWASP "CSV injection"): `=` `+` `-` `@` TAB CR.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Guard a text cell against formula injection by prefixing `'`. Only JS strings are guarded: a numeric
 * value such as -1.25 stays a number, so spreadsheets still compute with it.
 */
export function guardFormula(s: string): string {
  return FORMULA_START.test(s) ? "'" + s : s;
}

/** True when every non-null value of `col` is a number and there is at least one: right-aligned. */
export function isNumericColumn(rows: readonly Row[], col: string): boolean {
  let seen = false;
  for (const row of rows) {
    const v = row[col];
    if (v === null || v === undefined) continue;
    if (typeof v !== 'number') return false;
    seen = true;
  }
  return seen;
}

/** A number as shown in the table: as received, but a fraction longer than 6 digits is rounded. */
export function displayNumber(n: number): string {
  const s = String(n);
  const dot = s.indexOf('.');
  // Exponent forms (1e-7, 1.5e+25) are already short; only long plain fractions are rounded.
  if (dot < 0 || s.includes('e') || s.length - dot - 1 <= 6) return s;
  // Small magnitudes keep 6 significant digits rather than 6 decimals, so 0.0000012345 stays visible.
  return String(Math.abs(n) >= 1 ? Number(n.toFixed(6)) : Number(n.toPrecision(6)));
}
