/**
 * A line format's file (csv, tsv, ndjson) read back into rows through the format's own codec
 * (LineCodec): each cell as written, as text. The lake merges such rows with the fetched rows put
 * through the same writer and reader, so equal cells compare equal and rewrite to the same bytes.
 */
import type { Row } from '../domain/row.js';
import type { LineCodec, ReadBack } from '../output/format-types.js';
import { OutputError } from '../errors.js';

/** The records of `text`: lines, a line end inside a quoted field kept in its record when the codec is quoted. */
export function splitRecords(text: string, quoted: boolean): string[] {
  const out: string[] = [];
  let start = 0;
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted && c === 0x22) inQuotes = !inQuotes;
    else if (c === 0x0a && !inQuotes) {
      out.push(text.slice(start, i > start && text.charCodeAt(i - 1) === 0x0d ? i - 1 : i));
      start = i + 1;
    }
  }
  if (start < text.length) out.push(text.slice(start));
  return out.filter((r) => r !== '');
}

/** The rows of a line format's file (`text`), each cell as written; every column typed `string`. */
export function readLineRows(codec: LineCodec, text: string): ReadBack {
  const records = splitRecords(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, codec.quoted);
  let columns: readonly string[] | undefined;
  if (codec.header !== undefined) {
    const first = records.shift();
    if (first === undefined) return { columns: [], rows: [] };
    columns = codec.header(first);
    if (columns === undefined) throw new OutputError('a lake file has a header line gpumkt cannot read');
  }
  const names = new Set<string>(columns ?? []);
  const rows: Row[] = [];
  const read = columns === undefined ? undefined : codec.fields(columns, columns);
  for (const rec of records) {
    const cols = columns ?? codec.names?.(rec) ?? [];
    const values = read ? read(rec) : codec.fields(undefined, cols)(rec);
    const row: Row = {};
    cols.forEach((c, i) => {
      names.add(c);
      const v = values[i];
      row[c] = v === undefined ? null : v;
    });
    rows.push(row);
  }
  return { columns: [...names].map((name) => ({ name, type: 'string' as const })), rows };
}
