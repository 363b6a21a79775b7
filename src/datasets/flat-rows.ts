/**
 * Helpers of the descriptors whose rows are flattened out of a nested body (forward curves' points,
 * token volume's labs per day): the envelope check covers the outer shape only, so each flat row is
 * held to its declared shape here, and a row that breaks it is a warning (exit 6 with --strict).
 */
import { objectCheck, type Check, type Shape } from '../api/validate.js';
import type { Row } from '../domain/row.js';

/** A field's value as a message shows it: JSON, but `1e999` (Infinity once parsed) as itself, never JSON's `null`. */
export function valueText(v: unknown): string {
  if (typeof v === 'number' && !Number.isFinite(v)) return `${String(v)} (not a finite number)`;
  return JSON.stringify(v) ?? 'missing';
}

/** For each row that breaks `shape`, the first field that is off and its documented kind (`?` dropped). */
export function shapeFaults(rows: readonly Row[], shape: Shape): Array<{ row: Row; index: number; field: string; kind: string }> {
  const whole = objectCheck(shape);
  const fields: Array<[string, string, Check]> = Object.entries(shape).map(([k, spec]) => [k, spec, objectCheck({ [k]: spec })]);
  const out: Array<{ row: Row; index: number; field: string; kind: string }> = [];
  rows.forEach((row, index) => {
    if (whole(row)) return;
    const bad = fields.find(([, , check]) => !check(row));
    if (bad) out.push({ row, index, field: bad[0], kind: bad[1].replace(/\?$/, '') });
  });
  return out;
}

/**
 * One message for the rows that break `shape` (at most one warning line, decision G): it names the
 * first such row by `name(row)` and its first field that is off, and counts the other rows.
 */
export function shapeProblems(rows: readonly Row[], shape: Shape, name: (row: Row) => string): string[] {
  const faults = shapeFaults(rows, shape);
  const f = faults[0];
  if (f === undefined) return [];
  const first = `${name(f.row)}: ${f.field} is ${valueText(f.row[f.field])}, not the documented ${f.kind}`;
  const more = faults.length - 1;
  return [more === 0 ? first : `${first} (and ${more} more row${more === 1 ? '' : 's'} off the documented shape)`];
}

/** The fields of `shape` that some row holds off their documented kind (kept as received: typed formats infer them). */
export function offShapeFields(rows: readonly Row[], shape: Shape): Set<string> {
  const out = new Set<string>();
  const whole = objectCheck(shape);
  const fields: Array<[string, Check]> = Object.entries(shape).map(([k, spec]) => [k, objectCheck({ [k]: spec })]);
  for (const row of rows) if (!whole(row)) for (const [k, check] of fields) if (!check(row)) out.add(k);
  return out;
}

/** Copies `from`'s fields onto `to` as `<prefix>_<field>` (a nested object flattened one level); null or absent adds nothing. */
export function flattenInto(to: Row, prefix: string, from: unknown): void {
  if (typeof from !== 'object' || from === null || Array.isArray(from)) return;
  for (const [k, v] of Object.entries(from as Record<string, unknown>)) to[`${prefix}_${k}`] = v;
}

/** `row` with the declared `columns` first, in their order, then its other fields as they came (a flattened row reads like csv). */
export function inColumnOrder(row: Row, columns: readonly string[]): Row {
  const out: Row = {};
  for (const c of columns) if (c in row) out[c] = row[c];
  for (const [k, v] of Object.entries(row)) if (!(k in out)) out[k] = v;
  return out;
}
