/**
 * A sync's write of one dataset into its table (docs/sync.md, docs/point-in-time.md): the fetched rows
 * are merged into the versions each partition holds (lake/versions.ts mergeVersions: a row with other
 * values closes the held version and opens a new one; nothing is overwritten), reading only the files
 * whose time range reaches the merge window (the log's stats; files wholly before it are neither read
 * nor rewritten). Each changed partition gets new files, and one commit adds them and removes the files
 * they replace. A snapshot is the same merge within its `snapshot_date=<day>` partition, so every copy
 * fetched is kept. A table written before the lake kept versions (no known_from in its schema, or no
 * log) is upgraded by the same commit: every file read, its rows dated `upgradeSince`, and rewritten.
 */
import type { Row } from '../domain/row.js';
import { addDays } from '../domain/time/dates.js';
import { UsageError } from '../errors.js';
import type { ReadBack } from '../output/format-types.js';
import { heldTwiceWarning } from '../append/rewrite-merge.js';
import { commitTable, writeDataFile, type NewFile, type TableWriter } from './commit.js';
import { schemaTally } from './schema.js';
import { readTableFile, type TableFile, type TableSnapshot } from './table.js';
import { KNOWN_FROM, knownTime, mergeVersions, sameValues, type MergeResult } from './versions.js';
import { keepWindowDependent, needsUpgrade, upgradeHeld } from './version-rows.js';
import { FetchedParts, partOf } from './fetched-parts.js';
import type { DeltaType } from '../store/delta-commit.js';

/** A partition with more files than this is rewritten into one by the run that touches it. */
export const COMPACT_AFTER = 32;

/** What a versioned write needs beyond the writer. */
export interface VersionSpec {
  /** The dataset's folder as messages name it. */
  readonly target: string;
  /** The rows' time field (a snapshot's `snapshot_date`). */
  readonly timeKey: string;
  /** A row's identity across versions (sync/row-identity.ts). */
  readonly key: (r: Row) => string;
  /** Knowledge time of this sync: UTC ISO with milliseconds. */
  readonly now: string;
  /**
   * The days the fetch asked for (the merge window): files reaching it are read and rewritten, and a
   * current row in it that the fetch no longer returns is closed. Undefined: every file is read.
   */
  readonly window?: { readonly from: string; readonly to: string };
  /** Days before the last time that the next run reads again: a partition is written as settled rows and these. */
  readonly splitDays: number;
  /** Rows whose values depend on where the fetch window starts (util-index's first day): a held version is kept for them. */
  readonly windowDependent?: (row: Row) => boolean;
  /** The time rows held before the lake kept versions are dated with (the state file's versionsSince). */
  readonly upgradeSince: string;
  /** Partition types for the schema (a snapshot's `snapshot_date`: date). */
  readonly partitionTypes?: Readonly<Record<string, DeltaType>>;
  readonly warn: (message: string) => void;
}

/** What a versioned write did. */
export interface VersionResult {
  /** The table's version after it (the old one when nothing changed). */
  readonly version: number;
  /** Versions opened (new rows and revisions), closed (revised or withdrawn), and revised rows. */
  readonly added: number;
  readonly closed: number;
  readonly revised: number;
  /** Rows dated `upgradeSince` because the table was written before the lake kept versions (0: no upgrade). */
  readonly upgraded: number;
}

/** The first day of the merge window of a partition whose last time is `lastTime`. */
export function windowStart(lastTime: string, overlapDays: number): string {
  return addDays(lastTime.slice(0, 10), -overlapDays);
}

/** The files of one partition a merge reads: those reaching `from` (all past COMPACT_AFTER, without stats, or without `from`). */
function filesToRead(files: readonly TableFile[], from: string | undefined): TableFile[] {
  if (from === undefined || files.length > COMPACT_AFTER || files.some((f) => f.maxTime === undefined)) return [...files];
  return files.filter((f) => (f.maxTime as string).slice(0, 10) >= from);
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
  spec: Pick<VersionSpec, 'timeKey' | 'splitDays'>,
): Promise<NewFile[]> {
  let last = '';
  for (const r of rows) {
    const t = String(r[spec.timeKey]);
    if (t > last) last = t;
  }
  const cut = windowStart(last, spec.splitDays);
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

/** A held version received after this sync's time: the clock went back, and versions would be out of order (exit 2, nothing written). */
function refuseClockBack(held: readonly Row[], spec: VersionSpec): void {
  const last = held.reduce((m, r) => {
    const f = knownTime(r[KNOWN_FROM]);
    return f !== null && f > m ? f : m;
  }, '');
  if (last > spec.now)
    throw new UsageError(
      `${spec.target} holds versions received at ${last}, after this sync's time ${spec.now} (did the clock go back?); nothing written`,
      "check the machine's clock",
    );
}

/** One partition's merge: the held files it reads (all of them for an upgrade), and the versions they come to. */
async function mergePartition(
  w: TableWriter,
  snap: TableSnapshot | undefined,
  files: readonly TableFile[],
  group: readonly Row[],
  upgrade: boolean,
  spec: VersionSpec,
  adopt: boolean,
): Promise<{ read: TableFile[]; m: MergeResult; upgraded: number; twice: number }> {
  // The merge reads the files reaching the window and every fetched row's day (a held version is never missed).
  const earliest = group.reduce<string | undefined>((m, r) => {
    const d = String(r[spec.timeKey]).slice(0, 10);
    return m === undefined || d < m ? d : m;
  }, spec.window?.from);
  const read = upgrade ? [...files] : filesToRead(files, spec.window === undefined ? undefined : earliest);
  let heldRows = read.length === 0 ? [] : (await readFiles(w, snap as TableSnapshot, read)).rows;
  let upgraded = 0;
  let twice = 0;
  if (upgrade) {
    const u = upgradeHeld(heldRows, spec.key, spec.upgradeSince);
    upgraded = u.rows.filter((r) => r[KNOWN_FROM] === spec.upgradeSince).length;
    twice = u.twice;
    heldRows = u.rows;
  }
  refuseClockBack(heldRows, spec);
  const m = mergeVersions(heldRows, keepWindowDependent(heldRows, group, spec), {
    key: spec.key,
    same: sameValues,
    now: spec.now,
    window: spec.window,
    timeKey: spec.timeKey,
    adopt,
  });
  return { read, m, upgraded, twice };
}

/**
 * Merges the fetched rows into the table's versions and commits; see the module comment. Resolves to
 * the version written and what changed.
 */
export async function writeVersions(
  w: TableWriter,
  snap: TableSnapshot | undefined,
  fetched: readonly Row[],
  spec: VersionSpec,
): Promise<VersionResult> {
  const cols = w.partitionColumns;
  const version = (snap?.version ?? -1) + 1;
  // Partition by partition, each dropped before the next: its fetched rows go through the table's format
  // (fetched-parts.ts), are merged with what it holds, and are written as its new files.
  const parts = new FetchedParts(w, fetched);
  const upgrade = needsUpgrade(snap);
  const held = byPartition(snap?.files ?? [], cols);
  const add: NewFile[] = [];
  const remove: TableFile[] = [];
  // The schema of the rows written, tallied partition by partition: no partition's rows are kept for it.
  const schema = schemaTally(w);
  let [added, closed, revised, upgraded, twice] = [0, 0, 0, 0, 0];
  const keys = [...new Set([...parts.keys(), ...(upgrade ? held.keys() : [])])];
  for (const [at, k] of keys.entries()) {
    const group = await parts.take(k, keys.slice(at + 1));
    const values = Object.fromEntries(cols.map((c, i) => [c, (JSON.parse(k) as Array<string | null>)[i] ?? null]));
    // Rows read back are this write's own: a new version is the row itself, not a copy.
    const part = await mergePartition(w, snap, held.get(k) ?? [], group.rows, upgrade, spec, group.own);
    added += part.m.added;
    closed += part.m.closed;
    revised += part.m.revised.length;
    upgraded += part.upgraded;
    twice += part.twice;
    if (!upgrade && part.m.added === 0 && part.m.closed === 0 && part.read.length <= COMPACT_AFTER) continue;
    schema.add(part.m.rows);
    add.push(...(await writeSplit(w, part.m.rows, values, version, spec)));
    remove.push(...part.read);
  }
  if (twice > 0) spec.warn(heldTwiceWarning(spec.target, twice));
  // Files the log lists that were deleted by hand go from the log too.
  remove.push(...(snap?.gone ?? []).filter((f) => !remove.includes(f)));
  const result = { added, closed, revised, upgraded: upgrade ? upgraded : 0 };
  if (add.length === 0 && remove.length === 0 && snap !== undefined && snap.version >= 0) return { version: snap.version, ...result };
  const v = await commitTable(
    w.store,
    w.table,
    snap,
    { add, remove, columns: schema.schema(spec.partitionTypes), operation: 'WRITE', schemaChange: upgrade },
    w,
  );
  return { version: v, ...result };
}
