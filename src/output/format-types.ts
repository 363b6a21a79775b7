/** The types every formatter and the format registry share, in their own module so formatters never import the registry. */
import type { Row } from '../domain/row.js';

/** What the command passes to a formatter: the columns and the output flags. */
export interface FormatOptions {
  /** Columns to print, in order (always given). */
  columns: readonly string[];
  /** True when the user chose the columns with --columns: json/ndjson then project rows to them. */
  selected: boolean;
  /** csv/tsv: print the header line (--no-header sets false). */
  header: boolean;
  /** table/markdown may colour only when true. */
  color: boolean;
  /** Terminal width, for table. */
  width: number;
  /** --csv-safe: guard text cells against formula injection. */
  csvSafe: boolean;
  /** csv: excel = UTF-8 BOM + CRLF + csvSafe implied; rfc4180 = no BOM, LF. */
  dialect: 'rfc4180' | 'excel';
  /** table: fit `width` by leaving out low-priority columns (only at a terminal; off one every column prints whole). */
  fit?: boolean;
  /** table: the row's key columns, never left out (default: the first column). */
  keys?: readonly string[];
  /** table: the other columns, most important first; unlisted ones go first, last column first. */
  priority?: readonly string[];
  /** Where a formatter reports what it left out (a notice on stderr). */
  notice?: (message: string) => void;
}

/** One output format: rows in, text chunks out. */
export interface Formatter {
  /** The name used with --format. */
  readonly name: string;
  /** One line, for --help. */
  readonly description: string;
  /** True when it emits output before seeing all rows. */
  readonly streaming: boolean;
  /** Yields text chunks; a lazy generator for streaming formats. */
  format(rows: Iterable<Row>, opts: FormatOptions): Iterable<string>;
}

/** How the lines of an appendable file are read back (src/export/read-existing.ts). */
export type LineSyntax = 'csv' | 'tsv' | 'ndjson';

/** One registered format and what it can do; flags, config checks, -o inference and exports all read these. */
export interface FormatInfo {
  readonly name: string;
  /** File extensions (lower case, no dot) that select this format for -o / --append. */
  readonly extensions: readonly string[];
  /** Line syntax when --append can extend files of this format (old bytes stay valid when lines are added). */
  readonly appendAs?: LineSyntax;
  /** Written for a person: may colour (and is sized to the terminal). */
  readonly human: boolean;
  /** The terminal view: prints the readable subset of wide rows and summary tables fitted to the width. */
  readonly terminalView: boolean;
  /** Draws a time series (needs rows that form one). */
  readonly needsSeries: boolean;
  /** May be a profile's default format (`gpumkt config set format`). */
  readonly profileDefault: boolean;
  /** Takes --csv-dialect. */
  readonly dialects: boolean;
  /** Whether the first line is a header of column names (checked on --append). */
  readonly headerLine: boolean;
  /** Loads the implementation (dynamic import: only the chosen format's code is ever loaded). */
  load(): Promise<{ readonly formatter: Formatter }>;
}
