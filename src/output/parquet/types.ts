/**
 * The column types of Parquet output (docs/parquet.md): how a JSON value from the API becomes a typed
 * Parquet value, and how the type of a field nobody declared is inferred from the rows.
 */
import type { Row } from '../../domain/row.js';
import { InvalidResponseError } from '../../errors.js';
import type { ColumnType } from '../format-types.js';
import { parseDateDays, parseTimestampMicros } from '../../domain/time/iso-time.js';

export { parseDateDays, parseTimestampMicros } from '../../domain/time/iso-time.js';

/** A Parquet column type as gpumkt writes it (the registry's ColumnType); every column is nullable. */
export type ParquetType = ColumnType;

/** One output column: the API's field name and its type. */
export interface ParquetColumn {
  readonly name: string;
  readonly type: ParquetType;
}

const INT64_MAX = 2 ** 63;

/**
 * A value that does not fit its column's type: the response is not the documented shape (exit 6), as a
 * declared type comes from the API's documentation and an inferred one from every row of the response.
 */
export class ParquetValueError extends InvalidResponseError {
  constructor(
    readonly column: string,
    readonly value: unknown,
    readonly type: ParquetType,
  ) {
    super(`column ${column}: ${JSON.stringify(value)?.slice(0, 80) ?? String(value)} is not a valid ${type}`);
  }
}

/** A text rendering of any JSON value for a string column: numbers as received, objects as compact JSON. */
function text(v: unknown): string {
  return typeof v === 'string'
    ? v
    : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint'
      ? String(v)
      : (JSON.stringify(v) ?? '');
}

/**
 * The value written for `v` in a column of `type` (null for null or a missing field): bigint
 * microseconds for timestamps, day numbers for dates, bigint for int64, the double itself for doubles.
 * Throws ParquetValueError when the value does not fit.
 */
export function toParquetValue(column: string, type: ParquetType, v: unknown): bigint | number | boolean | string | null {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'double':
      if (typeof v === 'number') return v;
      break;
    case 'string':
      return text(v);
    case 'timestamp': {
      const micros = typeof v === 'string' ? parseTimestampMicros(v) : undefined;
      if (micros !== undefined) return micros;
      break;
    }
    case 'date': {
      const days = typeof v === 'string' ? parseDateDays(v) : undefined;
      if (days !== undefined) return days;
      break;
    }
    case 'int':
      // -2^63 ≤ v < 2^63; a double past 2^53 is still an exact integer, so BigInt() keeps it as received.
      if (typeof v === 'number' && Number.isInteger(v) && v >= -INT64_MAX && v < INT64_MAX) return BigInt(v);
      break;
    case 'bool':
      if (typeof v === 'boolean') return v;
      break;
  }
  throw new ParquetValueError(column, v, type);
}

// Names of quantities that are real numbers by nature: such a field stays double even when every
// value of one export happens to be whole (a price of 2, an index of 100).
const MEASURE =
  /price|value|index|ratio|pct|percent|share|rate|effect|change|occupancy|volatility|avg|mean|high|low|(^|_)eur($|_)|revpag|revenue|usd|cost|weight|score|utili[sz]ation/i;
// With no value to go by (every row null), the name decides between the time types and text.
const TIME_NAME = /(^|_)(timestamp|time|at)$|At$|Timestamp$/;
const DATE_NAME = /(^|_)date$|Date$/;

/** The observed kinds of one column's non-null values. */
interface Seen {
  count: number;
  numbers: number;
  integers: number;
  booleans: number;
  timestamps: number;
  dates: number;
  other: number;
}

/** No value seen yet. */
function unseen(): Seen {
  return { count: 0, numbers: 0, integers: 0, booleans: 0, timestamps: 0, dates: 0, other: 0 };
}

function observe(seen: Seen, v: unknown): void {
  if (v === null || v === undefined) return;
  seen.count++;
  if (typeof v === 'number') {
    seen.numbers++;
    if (Number.isSafeInteger(v)) seen.integers++;
  } else if (typeof v === 'boolean') seen.booleans++;
  else if (typeof v === 'string') {
    // Only the service's own `…Z` form makes a text field a timestamp: a free-text field that once
    // holds an offset date-time stays text.
    if (v.endsWith('Z') && parseTimestampMicros(v) !== undefined) seen.timestamps++;
    else if (parseDateDays(v) !== undefined) seen.dates++;
    else seen.other++;
  } else seen.other++;
}

function decide(name: string, s: Seen): ParquetType {
  if (s.count === 0) return TIME_NAME.test(name) ? 'timestamp' : DATE_NAME.test(name) ? 'date' : 'string';
  if (s.numbers === s.count) return s.integers === s.count && !MEASURE.test(name) ? 'int' : 'double';
  if (s.booleans === s.count) return 'bool';
  if (s.timestamps === s.count) return 'timestamp';
  if (s.dates === s.count) return 'date';
  // Mixed or other values (objects, free text): text, so nothing is lost.
  return 'string';
}

/**
 * The counts resolveColumns decides an undeclared column's type from, kept across chunks of rows: the
 * types after observing rows chunk by chunk are those resolveColumns gives over all of them at once,
 * without keeping a row (a sync's schema, tallied partition by partition).
 */
export class TypeTally {
  private readonly seen = new Map<string, Seen>();

  constructor(private readonly declared: Readonly<Record<string, ParquetType>> = {}) {}

  /** Counts the values of the undeclared columns among `names` in `rows`. */
  observe(names: readonly string[], rows: Iterable<Row>): void {
    const tallies: Array<[string, Seen]> = [];
    for (const n of names) {
      if (Object.hasOwn(this.declared, n)) continue;
      let s = this.seen.get(n);
      if (s === undefined) this.seen.set(n, (s = unseen()));
      tallies.push([n, s]);
    }
    if (tallies.length === 0) return;
    for (const row of rows) for (const [n, s] of tallies) observe(s, row[n]);
  }

  /** The columns for `names`: a declared type, else the one decided from every value observed (none: by its name). */
  resolve(names: readonly string[]): ParquetColumn[] {
    return names.map((name) => {
      if (Object.hasOwn(this.declared, name)) return { name, type: this.declared[name] as ParquetType };
      const s = this.seen.get(name) ?? unseen();
      return { name, type: decide(name, s) };
    });
  }
}

/**
 * The Parquet columns for `names`: a declared type wins; a field with no declared type (an extra field
 * the API added) is inferred from every value in `rows`. ISO `…Z` date-times become timestamps,
 * `YYYY-MM-DD` dates, booleans bool, numbers int64 only when whole in every row and the name is not
 * a measure (price, value, index, …), else double; anything else, or a mix, is a string column.
 */
export function resolveColumns(
  names: readonly string[],
  rows: Iterable<Row>,
  declared: Readonly<Record<string, ParquetType>> = {},
): ParquetColumn[] {
  const tally = new TypeTally(declared);
  tally.observe(names, rows);
  return tally.resolve(names);
}
