/**
 * What a dataset of the lake holds, from its table's commit log (src/lake/): the live files and their
 * stats give the row count and first and last day of a series, the snapshot dates of a snapshot, and
 * the first day the next append asks for, without reading the data. The state file records it.
 */
import { readTable, type TableSnapshot } from '../lake/table.js';
import { tableHeld } from '../lake/held.js';
import type { DatasetRun, SyncSettings } from './targets.js';

/** What a dataset holds. */
export interface Held {
  readonly rows: number;
  readonly from?: string;
  readonly to?: string;
  readonly snapshots?: number;
}

/** The table of `run`'s dataset as its latest commit has it (a legacy dataset: its files), or undefined when there is none. */
export function datasetTable(s: Pick<SyncSettings, 'store' | 'format'>, run: DatasetRun): Promise<TableSnapshot | undefined> {
  return readTable(s.store, run.table, { format: s.format });
}

/** True when the table holds data (a first sync otherwise). */
export function holdsData(snap: TableSnapshot | undefined): boolean {
  return snap !== undefined && snap.files.length > 0;
}

/** What the table holds now (series: rows and days; snapshot: the dates, `rows` those of `day`'s snapshot). */
export async function readHeld(
  s: Pick<SyncSettings, 'store'>,
  run: DatasetRun,
  snap: TableSnapshot | undefined,
  day?: string,
): Promise<Held> {
  const held = await tableHeld(s, snap, run.mode === 'snapshot' ? undefined : run.lake.timeKey);
  if (run.mode !== 'snapshot') return { rows: held.rows, from: held.from, to: held.to };
  const dates = held.dates ?? [];
  const rows = (snap?.files ?? [])
    .filter((f) => f.partitionValues.snapshot_date === day)
    .reduce((n, f) => n + (f.current ?? f.rows ?? 0), 0);
  return { rows, from: dates[0], to: dates.at(-1), snapshots: dates.length };
}

/** The snapshot dates a snapshot table holds, oldest first. */
export function snapshotDates(snap: TableSnapshot | undefined): string[] {
  return [
    ...new Set((snap?.files ?? []).map((f) => f.partitionValues.snapshot_date).filter((d): d is string => typeof d === 'string')),
  ].sort();
}
