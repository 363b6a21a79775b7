/** JSON: one array of row objects, streamed, one compact row per line. */
import type { Row } from '../../domain/row.js';
import type { FormatOptions, Formatter } from '../format-types.js';

/** Rows per yielded chunk: streaming without a generator step per row. */
export const JSON_CHUNK_ROWS = 1000;

/**
 * The object printed for a row: the row whole (extra fields included, key order as received), or, when
 * the user chose columns, only those in their order; a chosen column the row lacks is null, so every
 * object has the same keys.
 */
export function projectRow(row: Row, opts: FormatOptions): Row {
  if (!opts.selected) return row;
  const out: Row = {};
  for (const c of opts.columns) {
    const v = row[c];
    out[c] = v === undefined ? null : v;
  }
  return out;
}

/** The json format: `[`, rows joined by `,\n`, `]`; no rows gives `[]`. */
export const formatter: Formatter = {
  name: 'json',
  description: 'a JSON array of row objects, every field as received',
  streaming: true,
  // Compact rows, one per line: fast, greppable with line tools, and still one valid JSON document.
  *format(rows, opts) {
    let out = '';
    let count = 0;
    let any = false;
    for (const row of rows) {
      out += (any ? ',\n' : '[\n') + JSON.stringify(projectRow(row, opts));
      any = true;
      if (++count === JSON_CHUNK_ROWS) {
        yield out;
        out = '';
        count = 0;
      }
    }
    yield any ? out + '\n]\n' : '[]\n';
  },
};
