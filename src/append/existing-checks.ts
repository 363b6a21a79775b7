/**
 * What --append checks in each row of the file it extends, beyond parsing: the time has the shape of the
 * file's first time (a date, or a UTC timestamp), and the series key (gpu, memory type id) is present and
 * known. A row that fails is refused with its line and column, before anything is written.
 */
import { UsageError } from '../errors.js';

/** The two shapes a time column holds in files gpumkt writes. */
export type TimeShape = 'date' | 'timestamp';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

/** The shape of a time value, or undefined for anything else (an offset, a bare time, text). */
export function timeShape(time: string): TimeShape | undefined {
  return DATE.test(time) ? 'date' : UTC_TIMESTAMP.test(time) ? 'timestamp' : undefined;
}

/** Where a row sits, for messages. */
export interface RowPlace {
  readonly file: string;
  readonly line: number;
}

const refuse = (at: RowPlace, what: string): never => {
  throw new UsageError(`${at.file} line ${at.line}: ${what}; --append will not extend it`);
};

/** Refuses a time whose shape differs from the file's (`shape`, from its first row; `like`: the previous time). */
export function checkTimeShape(
  at: RowPlace,
  column: string,
  time: string,
  shape: TimeShape | undefined,
  like: string | undefined,
): TimeShape {
  const own = timeShape(time);
  const shown = JSON.stringify(time.slice(0, 40));
  const want = shape ?? own;
  if (want === undefined) return refuse(at, `'${column}' is not a date or a UTC timestamp (${shown})`);
  if (own !== want) {
    const example = like ?? (want === 'date' ? '2026-11-14' : '2026-11-14T00:00:00.000Z');
    refuse(at, `'${column}' is not ${want === 'date' ? 'a date' : 'a UTC timestamp'} like ${example} (${shown})`);
  }
  return want;
}

/** Refuses a row of a keyed file whose key is blank, or not one `known` accepts. */
export function checkSeriesKey(at: RowPlace, column: string, value: unknown, known: ((v: string) => boolean) | undefined): void {
  if (typeof value !== 'string' || value.trim() === '') return refuse(at, `the '${column}' column is empty`);
  if (known !== undefined && !known(value))
    refuse(at, `${JSON.stringify(value.slice(0, 40)).replace(/^"|"$/g, "'")} in the '${column}' column is not a GPU model`);
}
