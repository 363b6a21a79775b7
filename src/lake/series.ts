/**
 * A sync's write of one dataset into its table (docs/sync.md): a series merges the fetched rows into
 * each partition, reading only the files whose time range reaches the merge window (the log's stats;
 * files wholly before it are neither read nor rewritten), by the one set of merge rules
 * (append/merge.ts, as --append); each changed partition gets one new file, and one commit adds them
 * and removes the files they replace. A snapshot is one new file under `snapshot_date=<day>`.
 */
import type { Row } from '../domain/row.js';
import { addDays } from '../domain/time/dates.js';
import { lineBased, lineCodec } from '../output/formats.js';
import { writeFormatted } from '../output/write-formatted.js';
import type { ReadBack } from '../output/format-types.js';
import { describeExisting, type RewriteSpec } from '../append/rewrite-read.js';
import { heldTwiceWarning, mergeHeld } from '../append/rewrite-append.js';
import { restatedWarning } from '../append/merge.js';
import { commitTable, schemaOf, writeDataFile, type NewFile, type TableWriter } from './commit.js';
import { readTableFile, type TableFile, type TableSnapshot } from './table.js';
import { readLineRows } from './line-rows.js';

/** A partition with more files than this is rewritten into one by the run that touches it. */
export const COMPACT_AFTER = 32;

/** What a series write needs beyond the writer. */
export interface SeriesSpec {
  /** `append`: merge into what is held; `replace`: the rows are the whole dataset (a first sync, a rebuild). */
  readonly mode: 'append' | 'replace';
  /** The dataset's folder as messages name it. */
  readonly target: string;
  readonly timeKey: string;
  readonly overlapDays: number;
  readonly merge: Omit<RewriteSpec, 'target' | 'timeKey' | 'formatter' | 'options' | 'regionStart' | 'partitionBy'>;
  readonly warn: (message: string) => void;
}

/** What a table holds, from its log's stats. */
export interface TableHeld {
  readonly rows: number;
  readonly from?: string;
  readonly to?: string;
  /** The snapshot dates (a snapshot table). */
  readonly dates?: string[];
}

/** The partition a row or file belongs to, as a key. */
function partOf(values: Readonly<Record<string, unknown>>, cols: readonly string[]): string {
  const text = (v: unknown): string | null =>
    v === null || v === undefined || v === '' ? null : typeof v === 'string' ? v : (JSON.stringify(v) ?? null);
  return JSON.stringify(cols.map((c) => text(values[c])));
}

/** The first day of the merge window of a partition whose last time is `lastTime`. */
export function windowStart(lastTime: string, overlapDays: number): string {
  return addDays(lastTime.slice(0, 10), -overlapDays);
}

/** Line formats: the fetched rows as the format writes and reads them back (cells as text), so they compare with held rows. */
async function asWritten(w: TableWriter, rows: readonly Row[]): Promise<readonly Row[]> {
  if (!lineBased(w.format)) return rows;
  const chunks: string[] = [];
  const sink = {
    closed: false,
    write: (c: string | Uint8Array) => void chunks.push(typeof c === 'string' ? c : Buffer.from(c).toString('utf8')),
    end: () => Promise.resolve(),
    abort: () => Promise.resolve(),
  };
  await writeFormatted(w.formatter, rows, { ...w.options, header: true }, sink);
  return readLineRows(await lineCodec(w.format), chunks.join('')).rows;
}

/** The files of one partition a merge reads: those reaching the window (all, past COMPACT_AFTER or for window-dependent rows). */
function filesToRead(files: readonly TableFile[], overlapDays: number, all: boolean): TableFile[] {
  if (all || files.length > COMPACT_AFTER || files.some((f) => f.maxTime === undefined)) return [...files];
  const last = files.reduce((m, f) => ((f.maxTime as string) > m ? (f.maxTime as string) : m), '');
  const start = windowStart(last, overlapDays);
  return files.filter((f) => (f.maxTime as string).slice(0, 10) >= start);
}

/**
 * Writes a partition's rows (in time order) as up to two files: the rows before the next run's merge
 * window (settled: no later run reads them again) and the rows within it, so the next run reads only
 * the small second file.
 */
async function writeSplit(
  w: TableWriter,
  rows: readonly Row[],
  values: Readonly<Record<string, string | null>>,
  version: number,
  spec: Pick<SeriesSpec, 'timeKey' | 'overlapDays'>,
): Promise<NewFile[]> {
  let last = '';
  for (const r of rows) {
    const t = String(r[spec.timeKey]);
    if (t > last) last = t;
  }
  const cut = windowStart(last, spec.overlapDays);
  const settled = rows.filter((r) => String(r[spec.timeKey]).slice(0, 10) < cut);
  if (settled.length === 0 || settled.length === rows.length) return [await writeDataFile(w, rows, values, version)];
  const recent = rows.filter((r) => String(r[spec.timeKey]).slice(0, 10) >= cut);
  return [await writeDataFile(w, settled, values, version), await writeDataFile(w, recent, values, version)];
}

/** The rows of `files` as one read-back (columns of the first file that has any). */
async function readFiles(w: TableWriter, snap: TableSnapshot, files: readonly TableFile[]): Promise<ReadBack> {
  let columns: ReadBack['columns'] = [];
  const rows: Row[] = [];
  for (const f of files) {
    const back = await readTableFile(w.store, snap, f);
    if (columns.length === 0) columns = back.columns;
    for (const r of back.rows) rows.push(r);
  }
  return { columns, rows };
}

/** Files grouped by partition. */
function byPartition(files: readonly TableFile[], cols: readonly string[]): Map<string, TableFile[]> {
  const held = new Map<string, TableFile[]>();
  for (const f of files) {
    const k = partOf(f.partitionValues, cols);
    let g = held.get(k);
    if (g === undefined) held.set(k, (g = []));
    g.push(f);
  }
  return held;
}

/**
 * Writes a series' fetched `rows` into its table and commits; resolves to the table's new version (the
 * old one when nothing changed). See the module comment.
 */
export async function writeSeries(
  w: TableWriter,
  snap: TableSnapshot | undefined,
  fetched: readonly Row[],
  spec: SeriesSpec,
): Promise<number> {
  const cols = w.partitionColumns;
  const rows = await asWritten(w, fetched);
  const version = (snap?.version ?? -1) + 1;
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const k = partOf(r, cols);
    let g = groups.get(k);
    if (g === undefined) groups.set(k, (g = []));
    g.push(r);
  }
  const held = byPartition(snap?.files ?? [], cols);
  const add: NewFile[] = [];
  const remove: TableFile[] = spec.mode === 'replace' ? [...(snap?.files ?? [])] : [];
  const restated: string[] = [];
  let twice = 0;
  let replacing = false;
  for (const [k, group] of groups) {
    const values = Object.fromEntries(cols.map((c, i) => [c, (JSON.parse(k) as Array<string | null>)[i] ?? null]));
    const files = spec.mode === 'append' ? (held.get(k) ?? []) : [];
    if (files.length === 0) {
      add.push(...(await writeSplit(w, group, values, version, spec)));
      continue;
    }
    // A legacy table (no log yet) is read whole by its upgrade: a stray copy in it collapses then.
    const read = filesToRead(files, spec.overlapDays, spec.merge.windowDependent !== undefined || (snap?.version ?? 0) < 0);
    const existing = describeExisting(await readFiles(w, snap as TableSnapshot, read), {
      timeKey: spec.timeKey,
      keyColumn: spec.merge.keyColumn,
    });
    const m = mergeHeld(existing, group, {
      ...spec.merge,
      target: spec.target,
      timeKey: spec.timeKey,
      formatter: w.formatter,
      options: w.options,
      regionStart: (lastTime) => windowStart(lastTime, spec.overlapDays),
    });
    twice += m.twice;
    restated.push(...m.restatedKeys);
    replacing ||= m.report.replaceRestated;
    if (m.rows === undefined && read.length <= COMPACT_AFTER) continue;
    add.push(...(await writeSplit(w, m.rows ?? existing.rows, values, version, spec)));
    remove.push(...read);
  }
  if (twice > 0) spec.warn(heldTwiceWarning(spec.target, twice));
  if (restated.length > 0) spec.warn(restatedWarning(spec.target, restated, replacing));
  // Files the log lists that were deleted by hand go from the log too.
  remove.push(...(snap?.gone ?? []).filter((f) => !remove.includes(f)));
  if (add.length === 0 && remove.length === 0 && snap !== undefined && snap.version >= 0) return snap.version;
  return commitTable(w.store, w.table, snap, { add, remove, columns: schemaOf(w, rows), operation: 'WRITE' }, w);
}

/** Writes a snapshot's rows as the one file of `snapshot_date=<day>` (replacing that day's) and commits. */
export async function writeSnapshot(w: TableWriter, snap: TableSnapshot | undefined, rows: readonly Row[], day: string): Promise<number> {
  const version = (snap?.version ?? -1) + 1;
  const file = await writeDataFile(w, rows, { snapshot_date: day }, version);
  const remove = [...(snap?.files ?? []).filter((f) => f.partitionValues.snapshot_date === day), ...(snap?.gone ?? [])];
  return commitTable(
    w.store,
    w.table,
    snap,
    { add: [file], remove, columns: schemaOf(w, rows, { snapshot_date: 'date' }), operation: 'WRITE' },
    w,
  );
}

/** What a table holds, from the stats of its live files (a file without stats is read to count it). */
export async function tableHeld(w: Pick<TableWriter, 'store'>, snap: TableSnapshot | undefined, timeKey?: string): Promise<TableHeld> {
  if (snap === undefined) return { rows: 0 };
  let rows = 0;
  let from: string | undefined;
  let to: string | undefined;
  const dates = new Set<string>();
  for (const f of snap.files) {
    let { rows: n, minTime, maxTime } = f;
    if (n === undefined || (timeKey !== undefined && maxTime === undefined)) {
      const back = await readTableFile(w.store, snap, f);
      n = back.rows.length;
      if (timeKey !== undefined)
        for (const r of back.rows) {
          const t = String(r[timeKey]);
          if (minTime === undefined || t < minTime) minTime = t;
          if (maxTime === undefined || t > maxTime) maxTime = t;
        }
      Object.assign(f, { rows: n, minTime, maxTime });
    }
    rows += n;
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
