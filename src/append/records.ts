/**
 * Streaming record splitting and field parsing for the files --append reads back. Works on bytes:
 * in UTF-8 no multi-byte character contains `"` (0x22), CR or LF, so byte offsets are exact and the
 * old file can later be copied verbatim. Last, the reader of a record's time and series key, which
 * refuses any record that does not read back exactly as the file's own header says.
 */
import type { LineSyntax } from '../output/format-types.js';
import { UsageError } from '../errors.js';
import { keyColumnList, keyValue, type KeyColumns } from './key-columns.js';
import { fileChunks } from '../store/paths.js';

/** One record of a file: its text (no line end) and where its bytes lie. */
export interface RawRecord {
  /** Byte offset of the record's first byte. */
  readonly start: number;
  /** Byte offset just after the record's line end (or the end of the file). */
  readonly end: number;
  /** The record's bytes, line end included. */
  readonly bytes: Buffer;
  /** True when the record ended in CRLF. */
  readonly crlf: boolean;
  /** True when the record ended in a line end (false only for a last line without one). */
  readonly terminated: boolean;
}

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

/**
 * Yields the records of a file, streamed, one batch per read chunk (an await per record would cost
 * more than the parsing). With `quoted` (CSV), a LF inside a quoted field does not end the record:
 * quote parity over the record's bytes tells (a doubled quote flips it twice).
 */
export async function* readRecords(file: string, quoted: boolean): AsyncGenerator<RawRecord[]> {
  let pending: Buffer[] = [];
  let pendingStart = 0;
  let offset = 0; // bytes consumed before the current chunk
  let inQuotes = false;
  for await (const chunk of fileChunks(file, { chunk: 1 << 20 })) {
    const batch: RawRecord[] = [];
    let from = 0;
    // The next quote at or after `from`, searched once and reused: searching afresh per line would
    // scan to the chunk's end every time in a file without quotes (quadratic).
    let q = quoted ? chunk.indexOf(QUOTE) : -1;
    while (from < chunk.length) {
      const lf = chunk.indexOf(LF, from);
      const stop = lf === -1 ? chunk.length : lf;
      while (q !== -1 && q < stop) {
        inQuotes = !inQuotes;
        q = chunk.indexOf(QUOTE, q + 1);
      }
      if (lf === -1) {
        pending.push(chunk.subarray(from));
        break;
      }
      const piece = chunk.subarray(from, lf + 1);
      from = lf + 1;
      if (inQuotes) {
        pending.push(piece); // the LF belongs to a quoted field
        continue;
      }
      // A record inside one chunk is a view, not a copy.
      const bytes = pending.length === 0 ? piece : Buffer.concat([...pending, piece]);
      const end = offset + from;
      batch.push({ start: pendingStart, end, bytes, crlf: bytes.length >= 2 && bytes[bytes.length - 2] === CR, terminated: true });
      pending = [];
      pendingStart = end;
    }
    offset += chunk.length;
    if (batch.length > 0) yield batch;
  }
  const rest = Buffer.concat(pending);
  if (rest.length > 0) yield [{ start: pendingStart, end: offset, bytes: rest, crlf: false, terminated: false }];
}

/** A record's text without its line end (and without a leading BOM when `stripBom`). */
export function recordText(rec: RawRecord, stripBom: boolean): string {
  let n = rec.bytes.length;
  if (rec.terminated) n -= rec.crlf ? 2 : 1;
  let s = rec.bytes.toString('utf8', 0, n);
  if (stripBom && s.charCodeAt(0) === 0xfeff) s = s.slice(1);
  return s;
}

/** The fields of one RFC 4180 record (quoted fields, doubled quotes, line breaks inside quotes). */
export function parseCsvRecord(text: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

/**
 * The fields of one RFC 4180 record read strictly, or undefined when a CSV reader could not read it
 * exactly: a quote inside an unquoted field, anything but a separator after a closing quote, or a
 * quoted field that never ends. --append refuses such a file rather than guess where its rows are.
 */
export function parseCsvRecordStrict(text: string): string[] | undefined {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (text[i] === '"') {
      let field = '';
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q === -1) return undefined;
        field += text.slice(i, q);
        if (text[q + 1] === '"') {
          field += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      out.push(field);
      if (i === text.length) return out;
      if (text[i] !== ',') return undefined;
      i++;
    } else {
      const comma = text.indexOf(',', i);
      const field = comma === -1 ? text.slice(i) : text.slice(i, comma);
      if (field.includes('"')) return undefined;
      out.push(field);
      if (comma === -1) return out;
      i = comma + 1;
    }
  }
}

/** How many times `sep` occurs in `text`. */
export function countOf(text: string, sep: string): number {
  let n = 0;
  for (let at = text.indexOf(sep); at !== -1; at = text.indexOf(sep, at + 1)) n++;
  return n;
}

const TSV_ESCAPES: Readonly<Record<string, string>> = { t: '\t', n: '\n', r: '\r', '\\': '\\' };

/** The fields of one linear-TSV line, escapes undone. */
export function parseTsvRecord(text: string): string[] {
  return text.split('\t').map((f) => (f.includes('\\') ? f.replace(/\\([tnr\\])/g, (_, c: string) => TSV_ESCAPES[c] ?? c) : f));
}

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
