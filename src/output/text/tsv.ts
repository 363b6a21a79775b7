/** TSV: tab-separated, in the "linear TSV" convention, since TSV itself has no quoting. */
import type { Formatter } from '../format-types.js';
import { delimited } from './delimited.js';
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

/** The tsv format; --csv-safe applies here too, since spreadsheets open TSV just as readily. */
export const formatter: Formatter = {
  name: 'tsv',
  description: 'tab-separated values; TAB, CR, LF and \\ in a field escaped as \\t \\r \\n \\\\',
  streaming: true,
  format(rows, opts) {
    return delimited(rows, opts, { sep: '\t', eol: '\n', prefix: '', safe: opts.csvSafe, cell: tsvCell });
  },
};
