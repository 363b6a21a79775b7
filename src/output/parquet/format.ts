/**
 * The `parquet` entry of the format registry (formats.ts): a byte format. It writes typed columns
 * (declared by the dataset, extra fields inferred) through writeParquet, and reads its own files back
 * for --append. Loaded by dynamic import only when Parquet is asked for.
 */
import type { Row } from '../../domain/row.js';
import type { FormatOptions, Formatter, HeldRows, TypedColumn } from '../format-types.js';
import { TypeTally } from './types.js';
import { parquetSchema, ROW_GROUP_ROWS, writeParquet } from './write.js';
import { writePartitioned, type PartitionSummary } from './partition.js';
import type { Sink } from '../files/sink.js';

/**
 * The column names of a Parquet export: the plan's columns, then (unless the user chose columns with
 * --columns) every other field the rows carry, in order of first appearance, as json keeps them.
 */
export function parquetColumnNames(rows: readonly Row[], opts: FormatOptions): string[] {
  const names = nameTally(opts);
  names.add(rows);
  return names.names;
}

/** The column names of rows seen chunk by chunk: after the last chunk, parquetColumnNames of all of them. */
function nameTally(opts: FormatOptions): { readonly names: string[]; add(rows: Iterable<Row>): void } {
  const names = [...opts.columns];
  const seen = new Set(names);
  // Rows of one response share their keys, in one order: a key where the last new row had it is known
  // without a lookup (one comparison, where a Set lookup for each cell was ~2 % of a Parquet export).
  let known: string[] = [];
  const add = (rows: Iterable<Row>): void => {
    if (opts.selected) return;
    for (const row of rows) {
      let i = 0;
      let same = true;
      for (const key in row) {
        if (same && key === known[i]) {
          i++;
          continue;
        }
        same = false;
        if (!seen.has(key)) {
          seen.add(key);
          names.push(key);
        }
      }
      if (!same) known = Object.keys(row);
    }
  };
  return { names, add };
}

/** A ColumnTally whose columns are a new array. */
interface ParquetTally {
  add(rows: readonly Row[]): void;
  columns(): TypedColumn[];
}

/**
 * The typed columns of rows seen chunk by chunk (a sync's partitions, each dropped once written):
 * after the last chunk, what columnsFor gives for all of them at once. A column first seen in a later
 * chunk was missing from the earlier rows, which count as null, as they do in columnsFor.
 */
export function columnTally(opts: FormatOptions): ParquetTally {
  const names = nameTally(opts);
  const types = new TypeTally(opts.types ?? {});
  return {
    add(rows) {
      names.add(rows);
      types.observe(names.names, rows);
    },
    columns: () => types.resolve(names.names),
  };
}

/** The typed columns of these rows: declared types from the options, the rest inferred from every row. */
export function columnsFor(rows: readonly Row[], opts: FormatOptions): TypedColumn[] {
  const tally = columnTally(opts);
  tally.add(rows);
  return tally.columns();
}

/** Writes `rows` as a hive-partitioned folder at `target` (see parquet-partition.ts), replacing an earlier one atomically. */
export async function writeFolder(
  rows: readonly Row[],
  target: string,
  opts: FormatOptions,
  partitionBy: string,
  signal?: AbortSignal,
): Promise<PartitionSummary> {
  return writePartitioned(rows, target, {
    columns: columnsFor(rows, opts),
    request: opts.request,
    secrets: opts.secrets,
    partitionBy,
    signal,
  });
}

/** The parquet format. */
export const formatter: Formatter = {
  name: 'parquet',
  description: 'Parquet: typed columns, snappy-compressed (bytes: give -o <file>.parquet or a pipe)',
  streaming: true,
  format() {
    throw new Error('parquet writes bytes: use write()');
  },
  async write(rows: readonly Row[], sink: Sink, opts: FormatOptions, held?: HeldRows): Promise<number> {
    const columns = columnsFor(rows, opts);
    // An append that writes a file's first row groups again unchanged keeps their bytes (keep.ts).
    const keep =
      held !== undefined && held.rows >= ROW_GROUP_ROWS
        ? (await import('./keep.js')).keptGroups(held.source, parquetSchema(columns), rows, held.rows, ROW_GROUP_ROWS)
        : undefined;
    return writeParquet(keep === undefined ? rows : rows.slice(keep.rows), sink, {
      columns,
      request: opts.request,
      secrets: opts.secrets,
      keep,
    });
  },
  async read(file: string) {
    // hyparquet only for appends: a plain export never loads the reader.
    return (await import('./read.js')).readParquet(file);
  },
  async readBytes(bytes: Uint8Array, shown: string) {
    return (await import('./read.js')).readParquetBytes(bytes, shown);
  },
  writeFolder,
  columnsFor,
  columnTally,
};
