/**
 * Writing a lake table: a data file under a name no other run uses
 * (`<col>=<value>/part-<5-digit version>-<8 hex>.<ext>`), then one commit of the Delta log that adds the
 * new files and removes the ones they replace, created with putIfAbsent (store/delta-commit.ts). When
 * another writer took that version first, the log is read again and the commit is retried at the next
 * version, unless the winner touched what this commit replaces (then it fails: nothing is overwritten).
 * Every CHECKPOINT_INTERVAL versions a checkpoint follows (store/delta-checkpoint.ts).
 * Once a commit lands, the files it removed are deleted (the hive layout: a reader that globs the
 * folders sees only live files). A run killed before its commit leaves data files no commit names: the
 * next run removes them (sweep.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Row } from '../domain/row.js';
import { OutputError } from '../errors.js';
import type { FormatOptions, Formatter } from '../output/format-types.js';
import { formatInfo } from '../output/formats.js';
import { writeFormatted } from '../output/write-formatted.js';
import { writeCommit, type AddedFile, type DeltaColumn, type DeltaCommit } from '../store/delta-commit.js';
import { readDeltaTable, type DeltaMetadata } from '../store/delta-log.js';
import { CHECKPOINT_INTERVAL, writeCheckpoint } from '../store/delta-checkpoint.js';
import type { Sink } from '../store/sink.js';
import { KeyExistsError, type Store } from '../store/store.js';
import { partitionSegment, readTable, type TableFile, type TableSnapshot } from './table.js';
import { KNOWN_TO, knownTime } from './versions.js';

/** A data file written, not committed yet. */
export interface NewFile extends AddedFile {
  readonly key: string;
  readonly rows: number;
  readonly minTime?: string;
  readonly maxTime?: string;
}

/** How a table's files are written. */
export interface TableWriter {
  readonly store: Store;
  readonly table: string;
  readonly format: string;
  readonly formatter: Formatter;
  readonly options: FormatOptions;
  /** The time column (its min and max go in each file's stats). */
  readonly timeKey?: string;
  readonly partitionColumns: readonly string[];
  readonly signal?: AbortSignal;
  /**
   * Keep the files a commit removes (the Delta layout: readers that time-travel, or read an older
   * version, still find them); else they are deleted once the commit lands (the hive layout).
   */
  readonly keepRemoved?: boolean;
  /** The `txn` each commit carries: the writer's id and run counter (a commit retried is recognised as landed). */
  readonly txn?: { readonly appId: string; readonly version: number };
}

/** A sink that keeps the bytes in memory (one partition's file at a time). */
function memorySink(): Sink & { bytes(): Buffer } {
  const chunks: Buffer[] = [];
  return {
    closed: false,
    write(chunk) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk));
    },
    async end() {},
    async abort() {},
    bytes: () => Buffer.concat(chunks),
  };
}

/** The first and last value of `key` in `rows` (text order: ISO times sort as text). */
function timeRange(rows: readonly Row[], key: string | undefined): { minTime?: string; maxTime?: string } {
  if (key === undefined) return {};
  let min: string | undefined;
  let max: string | undefined;
  for (const r of rows) {
    const v = r[key];
    if (v === null || v === undefined) continue;
    const t = typeof v === 'string' ? v : JSON.stringify(v);
    if (min === undefined || t < min) min = t;
    if (max === undefined || t > max) max = t;
  }
  return { ...(min === undefined ? {} : { minTime: min }), ...(max === undefined ? {} : { maxTime: max }) };
}

/** The options a partition's file is written with: its columns without the partition columns (they are in the folder name). */
function fileOptions(w: TableWriter, rows: readonly Row[]): FormatOptions {
  if (w.partitionColumns.length === 0) return w.options;
  const all = w.formatter.columnsFor ? w.formatter.columnsFor(rows, w.options).map((c) => c.name) : [...w.options.columns];
  return { ...w.options, columns: all.filter((c) => !w.partitionColumns.includes(c)), selected: true };
}

/** Writes `rows` (one partition's) as a new data file of the table; nothing is committed yet. */
export async function writeDataFile(
  w: TableWriter,
  rows: readonly Row[],
  partitionValues: Readonly<Record<string, string | null>>,
  version: number,
): Promise<NewFile> {
  w.signal?.throwIfAborted();
  const folder = w.partitionColumns.map((c) => partitionSegment(c, partitionValues[c] ?? null));
  const ext = formatInfo(w.format).extensions[0] ?? w.format;
  const name = `part-${String(Math.max(0, version)).padStart(5, '0')}-${randomBytes(4).toString('hex')}.${ext}`;
  const relPath = [...folder, name].join('/');
  const sink = memorySink();
  await writeFormatted(w.formatter, rows, fileOptions(w, rows), sink, w.signal);
  const bytes = sink.bytes();
  const key = `${w.table}/${relPath}`;
  await w.store.put(key, bytes);
  return {
    relPath,
    key,
    partitionValues,
    size: bytes.length,
    modificationTime: Date.now(),
    rows: rows.length,
    ...timeRange(rows, w.timeKey),
    stats: statsOf(rows.length, w.timeKey, timeRange(rows, w.timeKey), currentOf(rows, w.options.columns)),
  };
}

/** The rows still current (known_to null), when the file carries known_to (docs/point-in-time.md). */
function currentOf(rows: readonly Row[], columns: readonly string[]): number | undefined {
  if (!columns.includes(KNOWN_TO)) return undefined;
  return rows.filter((r) => knownTime(r[KNOWN_TO]) === null).length;
}

/** Delta stats: numRecords, the time column's range, and known_to's nullCount (the current rows) when there is one. */
function statsOf(rows: number, timeKey: string | undefined, t: { minTime?: string; maxTime?: string }, current?: number): string {
  const minValues = timeKey !== undefined && t.minTime !== undefined ? { [timeKey]: t.minTime } : {};
  const maxValues = timeKey !== undefined && t.maxTime !== undefined ? { [timeKey]: t.maxTime } : {};
  return JSON.stringify({
    numRecords: rows,
    minValues,
    maxValues,
    ...(current === undefined ? {} : { nullCount: { [KNOWN_TO]: current } }),
  });
}

/** What one commit changes. */
export interface TableChange {
  readonly add: readonly NewFile[];
  readonly remove: readonly TableFile[];
  /** The schema, for a table's first commit (and with `schemaChange`, for this one). */
  readonly columns: readonly DeltaColumn[];
  /** The commit changes the schema (columns added: an upgrade to versions): a new metaData, the table's id kept. */
  readonly schemaChange?: boolean;
  readonly operation: string;
}

/** True when the commits after `snap` touched a file this change removes (the change would lose their work). */
async function conflicts(store: Store, table: string, change: TableChange): Promise<boolean> {
  const now = await readDeltaTable(store, table);
  const live = new Set((now?.files ?? []).map((f) => f.path));
  return change.remove.some((f) => !live.has(f.logPath));
}

/** The commit record of `change` at `version` (a first one creates the table; `meta`: a schema that changed). */
function commitOf(
  version: number,
  change: TableChange,
  kept: readonly AddedFile[],
  meta: DeltaMetadata | undefined,
  w: Pick<TableWriter, 'format' | 'partitionColumns' | 'txn'>,
): DeltaCommit {
  const first = version === 0;
  return {
    version,
    ...(!first && meta !== undefined
      ? {
          meta: {
            id: meta.id,
            columns: change.columns,
            partitionColumns: meta.partitionColumns,
            createdTime: meta.createdTime ?? Date.now(),
            provider: meta.format.provider,
          },
        }
      : {}),
    ...(first
      ? {
          create: {
            id: crypto.randomUUID(),
            columns: change.columns,
            partitionColumns: w.partitionColumns,
            createdTime: Date.now(),
            provider: w.format,
          },
        }
      : {}),
    add: [...kept, ...change.add],
    // A first commit has nothing to remove (a legacy file it replaces was never added).
    remove: first ? [] : change.remove.map((f) => ({ ...f, path: f.logPath })),
    timestamp: Date.now(),
    operation: first ? 'CREATE TABLE' : 'WRITE',
    ...(w.txn === undefined ? {} : { txn: w.txn }),
  };
}

/**
 * Commits `change` on top of `snap` (undefined or a legacy table: the table's first commit, which also
 * adds a legacy table's files it does not remove, as they are); resolves to the version written, after
 * deleting the removed files. Retries at the next version when another writer won; see the module comment.
 */
export async function commitTable(
  store: Store,
  table: string,
  snap: TableSnapshot | undefined,
  change: TableChange,
  w: Pick<TableWriter, 'format' | 'partitionColumns' | 'timeKey' | 'keepRemoved' | 'txn'>,
): Promise<number> {
  let version = snap === undefined ? 0 : snap.version + 1;
  const removed = new Set(change.remove.map((f) => f.key));
  // A legacy table's first commit: the files it keeps are added as they are.
  const kept: AddedFile[] =
    snap !== undefined && snap.version < 0
      ? snap.files
          .filter((f) => !removed.has(f.key))
          .map((f) => ({ ...f, relPath: f.path, ...(f.rows === undefined ? {} : { stats: statsOf(f.rows, w.timeKey, f) }) }))
      : [];
  const meta =
    change.schemaChange === true && snap !== undefined && snap.version >= 0 ? (await readDeltaTable(store, table))?.metaData : undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      await writeCommit(store, table, commitOf(version, change, kept, meta, w));
      break;
    } catch (err) {
      if (!(err instanceof KeyExistsError) || attempt >= 20) throw err;
      // The version was taken by this very commit (a write retried after its answer was lost): done.
      const landed = w.txn === undefined ? undefined : await landedAt(store, table, w.txn);
      if (landed !== undefined) {
        version = landed;
        break;
      }
      if (await conflicts(store, table, change))
        throw new OutputError(`${store.name}/${table}: another writer changed the files this run replaces; run it again`);
      version = ((await readTable(store, table, { format: w.format }))?.version ?? version) + 1;
    }
  }
  if (w.keepRemoved !== true) for (const f of change.remove) await store.delete(f.key);
  // A checkpoint is derived from the commits: one not written (a failed request) loses nothing.
  if (version > 0 && version % CHECKPOINT_INTERVAL === 0) await writeCheckpoint(store, table, version).catch(() => false);
  return version;
}

/** The version at which the log holds `txn` (this writer's run), or undefined when it holds an older run's or none. */
async function landedAt(store: Store, table: string, txn: { appId: string; version: number }): Promise<number | undefined> {
  const now = await readDeltaTable(store, table);
  const seen = now?.txns.get(txn.appId);
  return seen !== undefined && seen >= txn.version ? now?.version : undefined;
}
