/**
 * The `parquet` entry of the format registry (formats.ts): a byte format. It writes typed columns
 * (declared by the dataset, extra fields inferred) through writeParquet, and reads its own files back
 * for --append. Loaded by dynamic import only when Parquet is asked for.
 */
import type { Row } from '../../domain/row.js';
import type { FormatOptions, Formatter, TypedColumn } from '../format-types.js';
import { resolveColumns, writeParquet } from './write.js';
import { writePartitioned, type PartitionSummary } from './partition.js';
import type { Sink } from '../files/sink.js';

/**
 * The column names of a Parquet export: the plan's columns, then (unless the user chose columns with
 * --columns) every other field the rows carry, in order of first appearance, as json keeps them.
 */
export function parquetColumnNames(rows: readonly Row[], opts: FormatOptions): string[] {
  const names = [...opts.columns];
  if (opts.selected) return names;
  const seen = new Set(names);
  // Rows of one response share their keys, in one order: a key where the last new row had it is known
  // without a lookup (one comparison, where a Set lookup for each cell was ~2 % of a Parquet export).
  let known: string[] = [];
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
  return names;
}

/** The typed columns of these rows: declared types from the options, the rest inferred from every row. */
export function columnsFor(rows: readonly Row[], opts: FormatOptions): TypedColumn[] {
  return resolveColumns(parquetColumnNames(rows, opts), rows, opts.types ?? {});
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
  write(rows: readonly Row[], sink: Sink, opts: FormatOptions): Promise<number> {
    return writeParquet(rows, sink, { columns: columnsFor(rows, opts), request: opts.request, secrets: opts.secrets });
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
};
