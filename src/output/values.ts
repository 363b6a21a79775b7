/** How a cell value becomes text in the machine formats (csv, tsv, markdown): values as received. */
import type { Row } from '../api/endpoint.js';

/**
 * Render one cell: numbers via String() (JSON.parse already made the API's text a double, and String()
 * gives back its shortest round-trip spelling, never a rounded one), null/undefined empty, booleans
 * `true`/`false`, objects and arrays as compact JSON. Strings are returned untouched.
 */
export function cellText(v: unknown): string {
  // Ordered by frequency in market rows: numbers and strings dominate, so test them first.
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
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
