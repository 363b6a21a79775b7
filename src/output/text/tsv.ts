/** TSV: tab-separated, in the "linear TSV" convention, since TSV itself has no quoting; and its reader for --append. */
import type { Formatter, LineCodec } from '../format-types.js';
import { delimited, delimitedField, delimitedFields } from './delimited.js';
import { cellText, guardFormula, numberText } from './values.js';

// Linear TSV: inside a field, TAB, LF, CR and backslash are written as `\t`, `\n`, `\r`, `\\`, so every
// line is one row and every TAB a separator, and a reader can undo it exactly (PostgreSQL's COPY text
// format and `cut` users rely on this). Null is an empty field.
const NEEDS_ESCAPE = /[\t\n\r\\]/;
const ESCAPABLE = /[\t\n\r\\]/g;
const ESCAPES: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\\': '\\\\' };

function escapeChar(c: string): string {
  return ESCAPES[c] ?? c;
}

/** One TSV field, escaped as linear TSV; `safe` guards text cells against formula injection. */
export function tsvCell(v: unknown, safe: boolean): string {
  if (typeof v === 'number') return numberText(v);
  let s = cellText(v);
  if (safe && typeof v === 'string') s = guardFormula(s);
  return NEEDS_ESCAPE.test(s) ? s.replace(ESCAPABLE, escapeChar) : s;
}

const UNESCAPES: Readonly<Record<string, string>> = { t: '\t', n: '\n', r: '\r', '\\': '\\' };

/** The fields of one linear-TSV line, escapes undone. */
export function parseTsvRecord(text: string): string[] {
  return text.split('\t').map((f) => (f.includes('\\') ? f.replace(/\\([tnr\\])/g, (_, c: string) => UNESCAPES[c] ?? c) : f));
}

/** How --append reads a tsv file back: one record a line, escapes undone. */
const lines: LineCodec = {
  quoted: false,
  header: parseTsvRecord,
  fields: delimitedFields('\t', '\\', parseTsvRecord),
  field: delimitedField(parseTsvRecord),
};

/** The tsv format; --csv-safe applies here too, since spreadsheets open TSV just as readily. */
export const formatter: Formatter = {
  name: 'tsv',
  description: 'tab-separated values; TAB, CR, LF and \\ in a field escaped as \\t \\r \\n \\\\',
  streaming: true,
  lines,
  format(rows, opts) {
    return delimited(rows, opts, { sep: '\t', eol: '\n', prefix: '', safe: opts.csvSafe, cell: tsvCell });
  },
};
