/**
 * Hive-style partitioned Parquet (`--partition-by gpu`): one folder per value of the column,
 * `<dir>/gpu=H100 SXM/part-0.parquet`, which Spark, DuckDB, pandas/pyarrow and Polars read as one
 * dataset with `gpu` as a column. The partition column lives in the folder names only (Spark refuses a
 * column that is both in the files and in the path). The whole folder is replaced atomically (dir-swap.ts).
 */
import path from 'node:path';
import type { Row } from '../../domain/row.js';
import { UsageError } from '../../errors.js';
import { replaceDir } from '../../store/dir-swap.js';
import { writeParquet, type ParquetOptions } from './write.js';
import { fileSink } from '../../store/file-sink.js';
import { folderEntries, makeFolder } from '../../store/paths.js';

/** The folder name Hive, Spark and pyarrow use for a null (or empty) partition value. */
export const HIVE_NULL = '__HIVE_DEFAULT_PARTITION__';

/** At most this many partition folders: partitioning by a near-unique column (a timestamp) is a mistake. */
export const MAX_PARTITIONS = 10_000;

// The characters Hive and Spark escape in partition paths (%XX), so any value makes one folder name.
const ESCAPE = /[\u0000-\u001f"#%'*/:=?\\\u007f{[\]^]/g;

/** A partition name or value escaped as Hive does (`a/b` → `a%2Fb`); spaces and non-ASCII stay as they are. */
export function escapePartitionText(s: string): string {
  return s.replace(ESCAPE, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** The folder name of one partition: `column=value`, escaped; null, missing and '' go to HIVE_NULL. */
export function partitionFolder(column: string, value: unknown): string {
  const text =
    value === null || value === undefined || value === ''
      ? undefined
      : typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : (JSON.stringify(value) ?? '');
  return `${escapePartitionText(column)}=${text === undefined ? HIVE_NULL : escapePartitionText(text)}`;
}

const PART_FILE = /^part-\d+\.parquet$/;

/** True when `dir` holds only `name=value` folders of `part-N.parquet` files (or nothing): a dataset gpumkt wrote. */
export async function isPartitionedDataset(dir: string): Promise<boolean> {
  for (const entry of await folderEntries(dir)) {
    if (entry.kind !== 'folder' || !/^[^=]+=/.test(entry.name)) return false;
    const files = await folderEntries(path.join(dir, entry.name));
    if (!files.every((f) => f.kind === 'file' && PART_FILE.test(f.name))) return false;
  }
  return true;
}

/** What a partitioned write needs beyond a file's options. */
export interface PartitionOptions extends ParquetOptions {
  /** The column whose values name the folders; it must be one of `columns`. */
  readonly partitionBy: string;
  /** Aborting (SIGINT) stops the write; the old dataset stays and the temporary folder is removed. */
  readonly signal?: AbortSignal;
}

/** What was written. */
export interface PartitionSummary {
  /** Partition folder names, in order of first appearance in the rows. */
  readonly partitions: string[];
  readonly rows: number;
}

/**
 * Writes `rows` as a hive-partitioned dataset in folder `target`, replacing what an earlier run wrote
 * there. Rows keep their order within each partition. Zero rows make an empty folder. A column that
 * is not in `columns`, or more than MAX_PARTITIONS values, is a UsageError before anything is created.
 */
export async function writePartitioned(rows: Iterable<Row>, target: string, opts: PartitionOptions): Promise<PartitionSummary> {
  const { partitionBy, signal } = opts;
  if (!opts.columns.some((c) => c.name === partitionBy)) {
    throw new UsageError(`--partition-by ${partitionBy}: no such column; columns: ${opts.columns.map((c) => c.name).join(', ')}`);
  }
  // Rows are grouped by reference (the rows are in memory already); each partition is then written
  // on its own, so one file is open at a time however many partitions there are.
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const folder = partitionFolder(partitionBy, row[partitionBy]);
    let group = groups.get(folder);
    if (group === undefined) {
      if (groups.size === MAX_PARTITIONS) {
        throw new UsageError(
          `--partition-by ${partitionBy} would make more than ${MAX_PARTITIONS} folders`,
          'partition by a column with fewer distinct values (e.g. gpu)',
        );
      }
      groups.set(folder, (group = []));
    }
    group.push(row);
  }
  const columns = opts.columns.filter((c) => c.name !== partitionBy);
  let written = 0;
  await replaceDir(target, isPartitionedDataset, async (tmp) => {
    for (const [folder, group] of groups) {
      signal?.throwIfAborted();
      await makeFolder(path.join(tmp, folder));
      const sink = await fileSink(path.join(tmp, folder, 'part-0.parquet'));
      const stop = (): void => void sink.abort().catch(() => undefined);
      signal?.addEventListener('abort', stop, { once: true });
      try {
        written += await writeParquet(group, sink, { ...opts, columns });
      } finally {
        signal?.removeEventListener('abort', stop);
      }
    }
    signal?.throwIfAborted();
  });
  return { partitions: [...groups.keys()], rows: written };
}
