/** The streaming loop shared by csv and tsv: header, one line per row, chunks of ~1000 rows. */
import type { Row } from '../../domain/row.js';
import type { FormatOptions } from '../format-types.js';

/** What distinguishes one delimited format from another. */
export interface DelimitedStyle {
  /** Field separator. */
  readonly sep: string;
  /** Line ending. */
  readonly eol: string;
  /** Text written once before anything else (the UTF-8 BOM for Excel), or ''. */
  readonly prefix: string;
  /** Guard text cells against formula injection. */
  readonly safe: boolean;
  /** Encode one cell value; a plain module-level function, so no closure is made per cell. */
  readonly cell: (value: unknown, safe: boolean) => string;
}

// ~1000 rows a chunk: large enough that generator and write overhead vanish, small enough that a
// million-row export never sits in memory as one string.
const CHUNK_ROWS = 1000;

/** Lazily yield the delimited text of `rows`, one chunk per ~1000 rows. */
export function* delimited(rows: Iterable<Row>, opts: FormatOptions, style: DelimitedStyle): Generator<string> {
  const { sep, eol, safe, cell } = style;
  const cols = opts.columns;
  const n = cols.length;
  let out = style.prefix;
  if (opts.header) {
    let line = '';
    for (let i = 0; i < n; i++) line += (i === 0 ? '' : sep) + cell(cols[i], safe);
    out += line + eol;
  }
  let count = 0;
  const first = cols[0];
  for (const row of rows) {
    // The first cell outside the loop: no per-cell "is this the first?" test in the hot path.
    let line = first === undefined ? '' : cell(row[first], safe);
    // cols[i] is always defined here (i < n); the cast avoids a per-cell check in the hot loop.
    for (let i = 1; i < n; i++) line += sep + cell(row[cols[i] as string], safe);
    out += line + eol;
    if (++count === CHUNK_ROWS) {
      yield out;
      out = '';
      count = 0;
    }
  }
  if (out !== '') yield out;
}
