// Shared fixture for the formatter tests: small rows that exercise every awkward value.
import type { Row } from '../../../../src/domain/row.js';
import type { FormatOptions, Formatter } from '../../../../src/output/format-types.js';
import { formatOptions } from '../../../helpers/format-options.js';

export const columns = ['date', 'gpu', 'price', 'change', 'note'] as const;

export const rows: Row[] = [
  { date: '2024-01-01', gpu: 'H100 SXM', price: 2.5, change: -1.25, note: null },
  // Unicode, a comma + quote + newline cell, and an extra field (`id`) that only json/ndjson show whole.
  { date: '2024-01-02', gpu: 'Ünïcødé 東京 🚀', price: 0.1, change: 3, note: 'a, "b"\nc', id: 7 },
];

/** FormatOptions with test defaults. */
export function opts(over: Partial<FormatOptions> = {}): FormatOptions {
  return formatOptions(columns, over);
}

/** The whole text a formatter yields. */
export function render(f: Formatter, input: Iterable<Row>, over: Partial<FormatOptions> = {}): string {
  return [...f.format(input, opts(over))].join('');
}

/** A tiny RFC 4180 parser (LF or CRLF records), so the tests do not need csv-parse. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (c === '\r') i++;
    } else field += c;
    i++;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}
