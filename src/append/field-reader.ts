/**
 * Reads the time and the series key out of one record of a file --append extends (csv, tsv, ndjson),
 * refusing any record that does not read back exactly as the file's own header says.
 */
import type { LineSyntax } from '../output/format-types.js';
import { UsageError } from '../errors.js';
import { countOf, parseCsvRecordStrict, parseTsvRecord } from './records.js';
import { keyColumnList, keyValue, type KeyColumns } from './key-columns.js';

/** The time and the series key of one record's text. */
export type Fields = (text: string) => { time: unknown; gpu: unknown };

/** The reader of records of a file with this header (ndjson: no header). */
export function fieldReader(format: LineSyntax, header: string, timeKey: string, file: string, keyColumn?: KeyColumns): Fields {
  if (format === 'ndjson') {
    return (text) => {
      const o = JSON.parse(text) as Record<string, unknown>;
      return { time: o[timeKey], gpu: keyValue(o, keyColumn) };
    };
  }
  const csv = format === 'csv';
  const cols = csv ? parseCsvRecordStrict(header) : parseTsvRecord(header);
  if (cols === undefined) throw new UsageError(`${file} line 1 (the header) is not valid csv; --append will not extend it`);
  const ti = cols.indexOf(timeKey);
  const gis = keyColumnList(keyColumn)
    .map((c) => cols.indexOf(c))
    .filter((i) => i !== -1);
  // The key value of a record's fields, as keyValue() makes it of a fetched row.
  const joined = (field: (i: number) => string | undefined): string | undefined => {
    const parts = gis.map(field).filter((v): v is string => v !== undefined && v !== '');
    return parts.length === 0 ? undefined : parts.join(' ');
  };
  if (ti === -1) throw new UsageError(`${file} has no '${timeKey}' column, so --append cannot tell which rows it holds`);
  const sep = csv ? ',' : '\t';
  const plain = csv ? '"' : '\\';
  const width = cols.length;
  // Every record must read back exactly as the file's own header says: as many fields, and (csv) every
  // quote where RFC 4180 allows one. Anything else throws, and the file is refused (exit 2).
  const bad = (): never => {
    throw new Error('not a record of this file');
  };
  return (text) => {
    // Fast path for the common line without quotes (csv) or escapes (tsv): cut out the two fields only.
    if (!text.includes(plain)) {
      if (countOf(text, sep) !== width - 1) bad();
      return { time: nthField(text, sep, ti), gpu: joined((i) => nthField(text, sep, i)) };
    }
    const f = csv ? parseCsvRecordStrict(text) : parseTsvRecord(text);
    if (f === undefined || f.length !== width) return bad();
    return { time: f[ti], gpu: joined((i) => f[i]) };
  };
}

/** Field `n` of a line without quoting, by separator positions (no array of every field). */
function nthField(text: string, sep: string, n: number): string | undefined {
  let start = 0;
  for (let i = 0; i < n; i++) {
    const at = text.indexOf(sep, start);
    if (at === -1) return undefined;
    start = at + 1;
  }
  const end = text.indexOf(sep, start);
  return end === -1 ? text.slice(start) : text.slice(start, end);
}
