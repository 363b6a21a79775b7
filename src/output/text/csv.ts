/** CSV (RFC 4180): comma-separated, fields quoted only when they must be, numbers as received; and its reader for --append. */
import type { Formatter, LineCodec } from '../format-types.js';
import { delimited, delimitedField, delimitedFields } from './delimited.js';
import { cellText, guardFormula, numberText } from './values.js';

// RFC 4180: a field holding a comma, a quote, CR or LF is quoted, and its quotes doubled.
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;

/** One CSV field. Built by hand rather than with csv-stringify: same quoting, several times faster. */
export function csvCell(v: unknown, safe: boolean): string {
  // A number's text is digits, `.`, `e`, `+`, `-`: never quoted, never guarded (it is not a formula).
  if (typeof v === 'number') return numberText(v);
  let s: string;
  if (typeof v === 'string') s = safe ? guardFormula(v) : v;
  else if (v === null || v === undefined || typeof v === 'boolean') return cellText(v);
  else s = cellText(v);
  return NEEDS_QUOTES.test(s) ? '"' + s.replace(QUOTE, '""') + '"' : s;
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

/** How --append reads a csv file back: a LF inside quotes stays in its record; the header and every record read strictly. */
const lines: LineCodec = {
  quoted: true,
  header: parseCsvRecordStrict,
  fields: delimitedFields(',', '"', parseCsvRecordStrict),
  field: delimitedField(parseCsvRecord),
};

/** The csv format; `excel` dialect adds a BOM, CRLF line ends and the formula guard. */
export const formatter: Formatter = {
  name: 'csv',
  description: 'comma-separated values (RFC 4180), numbers exactly as received',
  streaming: true,
  lines,
  format(rows, opts) {
    const excel = opts.dialect === 'excel';
    return delimited(rows, opts, {
      sep: ',',
      eol: excel ? '\r\n' : '\n',
      prefix: excel ? '\uFEFF' : '',
      safe: excel || opts.csvSafe,
      cell: csvCell,
    });
  },
};
