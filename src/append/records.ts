/**
 * Streaming record splitting for the files --append reads back. Works on bytes: in UTF-8 no
 * multi-byte character contains `"` (0x22), CR or LF, so byte offsets are exact and the old file can
 * later be copied verbatim. Last, the reader of a record's time and series key over the format's own
 * codec (LineCodec, in the format's file), which refuses any record that does not read back exactly
 * as the file's own header says.
 */
import type { LineCodec } from '../output/format-types.js';
import { UsageError } from '../errors.js';
import { keyColumnList, type KeyColumns } from './key-columns.js';
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

/** The time and the series key of one record's text. */
export type Fields = (text: string) => { time: unknown; gpu: unknown };

/**
 * The reader of the records of a file of `format` whose first line is `header` (undefined for a
 * format without a header line): the format's codec reads the fields, this joins the key columns'
 * values as keyValue() joins a fetched row's. Refuses a header the codec cannot read exactly and a
 * file without the time column.
 */
export function fieldReader(
  codec: LineCodec,
  format: string,
  header: string | undefined,
  timeKey: string,
  file: string,
  keyColumn?: KeyColumns,
): Fields {
  let columns: readonly string[] | undefined;
  if (codec.header !== undefined) {
    columns = codec.header(header ?? '');
    if (columns === undefined) throw new UsageError(`${file} line 1 (the header) is not valid ${format}; --append will not extend it`);
    if (!columns.includes(timeKey)) throw new UsageError(`${file} has no '${timeKey}' column, so --append cannot tell which rows it holds`);
  }
  const read = codec.fields(columns, [timeKey, ...keyColumnList(keyColumn)]);
  return (text) => {
    const values = read(text);
    let gpu: string | undefined;
    for (let i = 1; i < values.length; i++) {
      const v = values[i];
      if (typeof v === 'string' && v !== '') gpu = gpu === undefined ? v : `${gpu} ${v}`;
    }
    return { time: values[0], gpu };
  };
}
