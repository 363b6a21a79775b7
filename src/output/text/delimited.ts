/** What csv and tsv share: the streaming loop (header, one line per row, chunks of ~1000 rows) and the fast field reader of --append. */
import type { Row } from '../../domain/row.js';
import type { FormatOptions, LineCodec } from '../format-types.js';

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

/** How many times `sep` occurs in `text`. */
export function countOf(text: string, sep: string): number {
  let n = 0;
  for (let at = text.indexOf(sep); at !== -1; at = text.indexOf(sep, at + 1)) n++;
  return n;
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

/**
 * The strict field reader of a delimited codec (LineCodec.fields). Every record must read back exactly
 * as the file's own header says: as many fields, and (csv) every quote where RFC 4180 allows one;
 * anything else throws. `plain` is the character without which a line needs no parsing (csv's quote,
 * tsv's backslash): such a line is cut at its separators, only the wanted fields taken out.
 */
export function delimitedFields(sep: string, plain: string, parse: (text: string) => string[] | undefined): LineCodec['fields'] {
  return (columns, wanted) => {
    const cols = columns ?? [];
    const at = wanted.map((c) => cols.indexOf(c));
    const width = cols.length;
    const bad = (): never => {
      throw new Error('not a record of this file');
    };
    return (text) => {
      if (!text.includes(plain)) {
        if (countOf(text, sep) !== width - 1) bad();
        return at.map((i) => (i === -1 ? undefined : nthField(text, sep, i)));
      }
      const f = parse(text);
      if (f === undefined || f.length !== width) return bad();
      return at.map((i) => (i === -1 ? undefined : f[i]));
    };
  };
}

/** The lenient one-field reader of a delimited codec (LineCodec.field): an empty field is undefined. */
export function delimitedField(parse: (text: string) => string[]): LineCodec['field'] {
  return (columns, name) => {
    const i = (columns ?? []).indexOf(name);
    return (text) => {
      if (i === -1) return undefined;
      const v = parse(text)[i];
      return v === '' ? undefined : v;
    };
  };
}
