/**
 * What a dataset of the lake holds, read from the data itself (never from the state file): row count
 * and first and last day of a series; the snapshot dates of a snapshot. The state file records it.
 */
import { readdir, stat } from 'node:fs/promises';
import type { Row } from '../domain/row.js';
import { getFormatter } from '../output/formats.js';
import { scanExisting } from '../append/read-existing.js';
import type { DatasetRun } from './targets.js';

/** What a dataset holds. */
export interface Held {
  readonly rows: number;
  readonly from?: string;
  readonly to?: string;
  readonly snapshots?: number;
}

/** True when the dataset's target exists with data in it (a first sync otherwise). */
export async function targetExists(run: DatasetRun): Promise<boolean> {
  const st = await stat(run.target).catch(() => undefined);
  if (st === undefined) return false;
  if (st.isDirectory()) return (await readdir(run.target)).length > 0;
  return st.size > 0;
}

const SNAPSHOT = /^snapshot_date=(\d{4}-\d{2}-\d{2})$/;

/** Reads back what `run`'s dataset holds now; `fetched` is the row count of this run's snapshot. */
export async function readHeld(run: DatasetRun, format: 'parquet' | 'csv'): Promise<Held> {
  if (run.mode === 'snapshot') {
    const dates = (await readdir(run.folder).catch(() => [] as string[]))
      .map((n) => SNAPSHOT.exec(n)?.[1])
      .filter((d): d is string => d !== undefined)
      .sort();
    const rows = await countRows(run.target, format);
    return { rows, from: dates[0], to: dates.at(-1), snapshots: dates.length };
  }
  const timeKey = run.lake.timeKey as string;
  if (!(await targetExists(run))) return { rows: 0 };
  if (format === 'csv') {
    const f = await scanExisting(run.target, { format: 'csv', timeKey, regionStart: () => '\uffff', keyColumn: run.lake.ds.targetColumn });
    return { rows: f?.rows ?? 0, from: f?.firstKey?.split(' ')[0]?.slice(0, 10), to: f?.lastTime?.slice(0, 10) };
  }
  const rows = await readRows(run.target);
  let from: string | undefined;
  let to: string | undefined;
  for (const r of rows) {
    const t = String(r[timeKey]).slice(0, 10);
    if (from === undefined || t < from) from = t;
    if (to === undefined || t > to) to = t;
  }
  return { rows: rows.length, from, to };
}

async function readRows(target: string): Promise<Row[]> {
  const parquet = await getFormatter('parquet');
  return (await (parquet.read as NonNullable<typeof parquet.read>)(target)).rows;
}

/** Rows of one snapshot file (csv: its records after the header). */
async function countRows(file: string, format: 'parquet' | 'csv'): Promise<number> {
  if (format === 'parquet') return (await readRows(file).catch(() => [])).length;
  const f = await scanExisting(file, { format: 'csv', timeKey: '', regionStart: () => '\uffff' }).catch(() => undefined);
  return f?.rows ?? 0;
}
