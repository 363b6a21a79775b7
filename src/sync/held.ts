/**
 * What a dataset of the lake holds, read from the data itself (never from the state file): row count
 * and first and last day of a series; the snapshot dates of a snapshot. The state file records it.
 */
import path from 'node:path';
import type { Row } from '../domain/row.js';
import { getFormatter, lineBased, type LakeFormat } from '../output/formats.js';
import { scanExisting } from '../append/read-existing.js';
import type { DatasetRun, SyncSettings } from './targets.js';

/** What a dataset holds. */
export interface Held {
  readonly rows: number;
  readonly from?: string;
  readonly to?: string;
  readonly snapshots?: number;
}

/** The key in the lake's store of a path inside the lake. */
export function lakeKey(lake: string, p: string): string {
  return path.relative(lake, p).split(path.sep).join('/');
}

/** True when the dataset's target exists with data in it (a first sync otherwise): a non-empty object, or a folder of objects. */
export async function targetExists(s: Pick<SyncSettings, 'lake' | 'store'>, run: DatasetRun): Promise<boolean> {
  const key = lakeKey(s.lake, run.target);
  const found = await s.store.list(key);
  return found.some((o) => (o.key === key ? o.size > 0 : o.key.startsWith(`${key}/`)));
}

const SNAPSHOT = /^snapshot_date=(\d{4}-\d{2}-\d{2})$/;

/** The days of the snapshots a snapshot dataset holds (folders with a file in them), oldest first. */
export async function snapshotDates(s: Pick<SyncSettings, 'lake' | 'store'>, run: DatasetRun): Promise<string[]> {
  const folder = `${lakeKey(s.lake, run.folder)}/`;
  return [...new Set((await s.store.list(folder)).map((o) => SNAPSHOT.exec(o.key.slice(folder.length).split('/')[0] ?? '')?.[1]))]
    .filter((d): d is string => d !== undefined)
    .sort();
}

/** Reads back what `run`'s dataset holds now; `fetched` is the row count of this run's snapshot. */
export async function readHeld(s: Pick<SyncSettings, 'lake' | 'store'>, run: DatasetRun, format: LakeFormat): Promise<Held> {
  if (run.mode === 'snapshot') {
    const dates = await snapshotDates(s, run);
    const rows = await countRows(run.target, format);
    return { rows, from: dates[0], to: dates.at(-1), snapshots: dates.length };
  }
  const timeKey = run.lake.timeKey as string;
  if (!(await targetExists(s, run))) return { rows: 0 };
  if (lineBased(format)) {
    const f = await scanExisting(run.target, { format, timeKey, regionStart: () => '\uffff', keyColumn: run.lake.ds.targetColumn });
    return { rows: f?.rows ?? 0, from: f?.firstKey?.split(' ')[0]?.slice(0, 10), to: f?.lastTime?.slice(0, 10) };
  }
  const rows = await readRows(run.target, format);
  let from: string | undefined;
  let to: string | undefined;
  for (const r of rows) {
    const t = String(r[timeKey]).slice(0, 10);
    if (from === undefined || t < from) from = t;
    if (to === undefined || t > to) to = t;
  }
  return { rows: rows.length, from, to };
}

/**
 * The rows a series dataset holds now, counted cheaply (Parquet: each file's footer; csv: its records),
 * or undefined when they cannot be counted (a damaged file: its run names it).
 */
export async function countHeldRows(
  s: Pick<SyncSettings, 'lake' | 'store'>,
  run: DatasetRun,
  format: LakeFormat,
): Promise<number | undefined> {
  if (lineBased(format)) {
    const timeKey = run.lake.timeKey as string;
    const f = await scanExisting(run.target, {
      format,
      timeKey,
      regionStart: () => '\uffff',
      keyColumn: run.lake.ds.targetColumn,
    }).catch(() => undefined);
    return f?.rows;
  }
  const { parquetRowCount } = await import('../output/parquet/read.js');
  const key = lakeKey(s.lake, run.target);
  let rows = 0;
  for (const o of await s.store.list(key)) {
    if (!o.key.endsWith('.parquet') || (o.key !== key && !o.key.startsWith(`${key}/`))) continue;
    const n = await parquetRowCount(path.join(s.lake, ...o.key.split('/')));
    if (n === undefined) return undefined;
    rows += n;
  }
  return rows;
}

async function readRows(target: string, format: string): Promise<Row[]> {
  const formatter = await getFormatter(format);
  return (await (formatter.read as NonNullable<typeof formatter.read>)(target)).rows;
}

/** Rows of one snapshot file (csv: its records after the header). */
async function countRows(file: string, format: LakeFormat): Promise<number> {
  if (!lineBased(format)) return (await readRows(file, format).catch(() => [])).length;
  const f = await scanExisting(file, { format, timeKey: '', regionStart: () => '\uffff' }).catch(() => undefined);
  return f?.rows ?? 0;
}
