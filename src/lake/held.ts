/**
 * What a lake table holds, from its log's stats alone (a file without stats is read to count it): the
 * current rows, the first and last day, a snapshot table's dates, and where the next append starts.
 */
import type { TableWriter } from './commit.js';
import { windowStart } from './series.js';
import { readTableFile, type TableSnapshot } from './table.js';
import { KNOWN_TO, knownTime } from './versions.js';

/** What a table holds, from its log's stats. */
export interface TableHeld {
  readonly rows: number;
  readonly from?: string;
  readonly to?: string;
  /** The snapshot dates (a snapshot table). */
  readonly dates?: string[];
}

/**
 * What a table holds, from the stats of its live files (a file without stats is read to count it):
 * `rows` counts the current rows (known_to null), not the closed versions.
 */
export async function tableHeld(w: Pick<TableWriter, 'store'>, snap: TableSnapshot | undefined, timeKey?: string): Promise<TableHeld> {
  if (snap === undefined) return { rows: 0 };
  let rows = 0;
  let from: string | undefined;
  let to: string | undefined;
  const dates = new Set<string>();
  for (const f of snap.files) {
    let { rows: n, minTime, maxTime } = f;
    let current = f.current;
    if (n === undefined || (timeKey !== undefined && maxTime === undefined)) {
      const back = await readTableFile(w.store, snap, f);
      n = back.rows.length;
      current = back.rows.filter((r) => knownTime(r[KNOWN_TO]) === null).length;
      if (timeKey !== undefined)
        for (const r of back.rows) {
          const t = String(r[timeKey]);
          if (minTime === undefined || t < minTime) minTime = t;
          if (maxTime === undefined || t > maxTime) maxTime = t;
        }
      Object.assign(f, { rows: n, minTime, maxTime, current });
    }
    rows += current ?? n;
    if (minTime !== undefined && (from === undefined || minTime.slice(0, 10) < from)) from = minTime.slice(0, 10);
    if (maxTime !== undefined && (to === undefined || maxTime.slice(0, 10) > to)) to = maxTime.slice(0, 10);
    const d = f.partitionValues.snapshot_date;
    if (typeof d === 'string') dates.add(d);
  }
  return { rows, from, to, dates: [...dates].sort() };
}

/** The first day the next append asks for: the merge window of the table's last time (undefined without stats). */
export function appendStart(snap: TableSnapshot, overlapDays: number): string | undefined {
  let last: string | undefined;
  for (const f of snap.files) if (f.maxTime !== undefined && (last === undefined || f.maxTime > last)) last = f.maxTime;
  return last === undefined ? undefined : windowStart(last, overlapDays);
}
