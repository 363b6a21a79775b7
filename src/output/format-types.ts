/** The types every formatter and the format registry share, in their own module so formatters never import the registry. */
import type { Row } from '../domain/row.js';
import type { Sink } from './files/sink.js';

/** A column's value type as a dataset declares it (typed formats such as parquet write it; text formats ignore it). */
export type ColumnType = 'timestamp' | 'date' | 'double' | 'int' | 'bool' | 'string';

/** One typed column of a file read back (ColumnType per column name). */
export interface TypedColumn {
  readonly name: string;
  readonly type: ColumnType;
}

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
  /** table: groups of columns shown or left out together (min and max: one without the other misleads). */
  together?: readonly (readonly string[])[];
  /** Where a formatter reports what it left out (a notice on stderr). */
  notice?: (message: string) => void;
  /** Typed formats: the declared type of each column; columns not listed are inferred from the rows. */
  types?: Readonly<Record<string, ColumnType>>;
  /** Typed formats: the request that produced the rows, stored in the file's metadata (secrets removed there). */
  request?: unknown;
  /** The run's secrets (Context.secrets), so a typed format can make sure none lands in a file. */
  secrets?: ReadonlySet<string>;
}

/** What a byte format read back from one of its files: the typed columns and the rows in API form. */
export interface ReadBack {
  readonly columns: readonly TypedColumn[];
  readonly rows: Row[];
  /** What the format kept of the file it read (Parquet: its bytes and footer), handed back to `write` as `held`. */
  readonly source?: unknown;
}

/**
 * A rewrite's hint to `write`: its first `rows` rows are the first rows `read` gave back from `source`,
 * in order and unchanged, so the format may keep their bytes rather than encode them again.
 */
export interface HeldRows {
  readonly source: unknown;
  readonly rows: number;
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
  /**
   * Byte formats (FormatInfo.binary) write instead of format(): the rows straight into `sink`, with its
   * backpressure, ending it on success and aborting it on failure; resolves to the rows written.
   */
  write?(rows: readonly Row[], sink: Sink, opts: FormatOptions, held?: HeldRows): Promise<number>;
  /** Byte formats that --append rewrites (appendAs 'rows'): reads one of its own files back. */
  read?(file: string): Promise<ReadBack>;
  /** Byte formats: one of its own files read back from its bytes (an object of a store); `shown` names it in messages. */
  readBytes?(bytes: Uint8Array, shown: string): Promise<ReadBack>;
  /** Formats --append extends line by line (appendAs 'lines'): how its own files read back. */
  readonly lines?: LineCodec;
  /** Formats with FormatInfo.partitions: writes a hive-style folder at `target`, one sub-folder per value of `partitionBy`, replaced atomically. */
  writeFolder?(
    rows: readonly Row[],
    target: string,
    opts: FormatOptions,
    partitionBy: string,
    signal?: AbortSignal,
  ): Promise<{ readonly rows: number; readonly partitions: readonly string[] }>;
  /** The typed columns `write` would use for these rows and options (checked against the file on --append). */
  columnsFor?(rows: readonly Row[], opts: FormatOptions): readonly TypedColumn[];
  /** With columnsFor: the same columns, of rows given chunk by chunk, none of them kept (a sync's schema, partition by partition). */
  columnTally?(opts: FormatOptions): ColumnTally;
}

/** Typed columns tallied from rows given chunk by chunk: after the last, columnsFor of all of them. */
export interface ColumnTally {
  add(rows: readonly Row[]): void;
  columns(): readonly TypedColumn[];
}

/**
 * The reader half of a line format's codec: how --append reads one of the format's own files back
 * (src/append/read-existing.ts splits the records; the codec reads their fields). The writer half is
 * the formatter's `format`, rendering one row per line.
 */
export interface LineCodec {
  /** True when a line end inside a quoted field does not end a record (csv): records split by quote parity. */
  readonly quoted: boolean;
  /**
   * The column names of the header line, or undefined when a reader could not read it exactly.
   * Absent when the format has no header line and every record names its own fields (ndjson).
   */
  readonly header?: (line: string) => readonly string[] | undefined;
  /** The field names a headerless record carries, in order (ndjson: the object's keys). */
  readonly names?: (record: string) => readonly string[];
  /**
   * A strict reader of the fields `wanted` of the records of a file whose header names `columns`
   * (undefined without a header line): their values as written, undefined where a field is missing.
   * Throws when a record does not read back exactly as a record of such a file.
   */
  readonly fields: (columns: readonly string[] | undefined, wanted: readonly string[]) => (record: string) => readonly unknown[];
  /** One field of a record as text, read leniently: undefined when missing or empty (null in JSON). */
  readonly field: (columns: readonly string[] | undefined, name: string) => (record: string) => string | undefined;
}

/** How --append extends a file: `lines`, line by line (old bytes kept; the formatter has `lines`), or `rows`: read back whole and rewritten (binary formats; the formatter has `read`). */
export type AppendSyntax = 'lines' | 'rows';

/** How --query's result is printed in a JSON format: one document, or one JSON value per line. */
export type JsonShape = 'document' | 'lines';

/** One registered format and what it can do; flags, config checks, -o inference and exports all read these. */
export interface FormatInfo {
  readonly name: string;
  /** File extensions (lower case, no dot) that select this format for -o / --append. */
  readonly extensions: readonly string[];
  /** How --append extends files of this format (undefined: it cannot). */
  readonly appendAs?: AppendSyntax;
  /** JSON formats, which --query reshapes: how the result is printed. */
  readonly jsonQuery?: JsonShape;
  /** Bytes, not text: never printed to a terminal (a pipe is fine); the formatter has `write`. */
  readonly binary: boolean;
  /** Takes --partition-by (a hive-style folder of files instead of one file). */
  readonly partitions: boolean;
  /** May hold a sync lake (`gpumkt sync --format`). */
  readonly lake: boolean;
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
