/**
 * Reads a Delta Lake table's log (the Delta transaction protocol: `<table>/_delta_log/<20-digit
 * version>.json`, newline-delimited actions; protocol 1/2) through a Store: the newest single-part
 * checkpoint at or below the latest version (`<version>.checkpoint.parquet`), if any, then every JSON
 * commit after it, in order, replaying `add` and `remove`. The result is the table at its latest
 * version: the live data files with their partition values, the protocol and the metadata.
 */
import { parquetReadObjects } from 'hyparquet';
import { OutputError } from '../errors.js';
import { joinKey, type Store } from './store.js';

/** The protocol action. */
export interface DeltaProtocol {
  readonly minReaderVersion: number;
  readonly minWriterVersion: number;
}

/** The metaData action (the fields gpumkt reads). */
export interface DeltaMetadata {
  readonly id: string;
  readonly format: { readonly provider: string };
  readonly schemaString: string;
  readonly partitionColumns: readonly string[];
  readonly createdTime?: number;
}

/** A live data file. */
export interface DeltaFile {
  /** Its path as the log writes it: relative to the table, URL-encoded. */
  readonly path: string;
  /** Its key in the store (the path decoded, under the table). */
  readonly key: string;
  readonly partitionValues: Readonly<Record<string, string | null>>;
  readonly size: number;
  readonly modificationTime: number;
  /** The add's `stats` (a JSON string: numRecords, minValues, maxValues), when the writer gave them. */
  readonly stats?: string;
}

/** A table at one version. */
export interface DeltaSnapshot {
  readonly version: number;
  readonly protocol?: DeltaProtocol;
  readonly metaData?: DeltaMetadata;
  /** Live files, sorted by path. */
  readonly files: readonly DeltaFile[];
  /** Files a commit removed and none added again (tombstones: kept for time travel until a vacuum): their log path → key. */
  readonly removed: ReadonlyMap<string, string>;
  /** The latest `txn` version of each application id (a writer's idempotence record). */
  readonly txns: ReadonlyMap<string, number>;
}

/** The log folder's key of `table` ('' for a table at the store's top). */
export function logPrefix(table: string): string {
  return `${joinKey(table, '_delta_log')}/`;
}

/** The key of commit `version` of `table`: `_delta_log/` and the version in 20 digits. */
export function commitKey(table: string, version: number): string {
  return `${logPrefix(table)}${String(version).padStart(20, '0')}.json`;
}

const COMMIT = /^(\d{20})\.json$/;
const CHECKPOINT = /^(\d{20})\.checkpoint\.parquet$/;

/** The versions of the JSON commits and single-part checkpoints under `table`'s log, each sorted. */
export async function logVersions(store: Store, table: string): Promise<{ commits: number[]; checkpoints: number[] }> {
  const prefix = logPrefix(table);
  const names = (await store.list(prefix)).map((o) => o.key.slice(prefix.length));
  const pick = (re: RegExp): number[] =>
    names
      .map((n) => re.exec(n)?.[1])
      .filter((v): v is string => v !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  return { commits: pick(COMMIT), checkpoints: pick(CHECKPOINT) };
}

/** The actions of one commit, parsed line by line. */
export async function readCommit(store: Store, table: string, version: number): Promise<Record<string, unknown>[]> {
  const key = commitKey(table, version);
  const bytes = await store.read(key);
  if (bytes === undefined) throw new OutputError(`${store.name}/${key} is missing from the table's log`);
  return Buffer.from(bytes)
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        throw new OutputError(`${store.name}/${key} holds a line that is not JSON`);
      }
    });
}

interface Replay {
  protocol?: DeltaProtocol;
  metaData?: DeltaMetadata;
  live: Map<string, DeltaFile>;
  removed: Map<string, string>;
  txns: Map<string, number>;
}

function apply(table: string, state: Replay, action: Record<string, unknown>): void {
  if (action.protocol) state.protocol = action.protocol as DeltaProtocol;
  if (action.metaData) {
    const m = action.metaData as DeltaMetadata & { createdTime?: unknown };
    // A checkpoint's longs read back as bigint: the same number a JSON commit gives.
    state.metaData = m.createdTime === undefined || m.createdTime === null ? m : { ...m, createdTime: Number(m.createdTime) };
  }
  const add = action.add as
    (Omit<DeltaFile, 'key' | 'size' | 'modificationTime'> & { size: unknown; modificationTime: unknown }) | undefined;
  if (add) {
    state.live.set(add.path, {
      path: add.path,
      key: joinKey(table, decodeURIComponent(add.path)),
      partitionValues: add.partitionValues ?? {},
      size: Number(add.size),
      modificationTime: Number(add.modificationTime),
      ...(typeof add.stats === 'string' ? { stats: add.stats } : {}),
    });
    state.removed.delete(add.path);
  }
  const remove = action.remove as { path: string } | undefined;
  if (remove) {
    state.live.delete(remove.path);
    state.removed.set(remove.path, joinKey(table, decodeURIComponent(remove.path)));
  }
  const txn = action.txn as { appId?: unknown; version?: unknown } | undefined;
  if (txn && typeof txn.appId === 'string') state.txns.set(txn.appId, Number(txn.version));
}

/** The actions a checkpoint holds (one per row; the other columns of a row are null). */
async function readCheckpoint(store: Store, table: string, version: number): Promise<Record<string, unknown>[]> {
  const key = `${logPrefix(table)}${String(version).padStart(20, '0')}.checkpoint.parquet`;
  const bytes = await store.read(key);
  if (bytes === undefined) throw new OutputError(`${store.name}/${key} is missing`);
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const rows = await parquetReadObjects({ file, columns: ['protocol', 'metaData', 'add', 'remove', 'txn'] });
  return rows.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null && v !== undefined)));
}

/**
 * The table under `table` at its latest version, or undefined when it has no log. Versions after the
 * starting point must follow one another: a gap is an error (a log gpumkt cannot read right).
 */
export async function readDeltaTable(store: Store, table: string): Promise<DeltaSnapshot | undefined> {
  const { commits, checkpoints } = await logVersions(store, table);
  const latest = commits.at(-1) ?? checkpoints.at(-1);
  if (latest === undefined) return undefined;
  const checkpoint = checkpoints.filter((v) => v <= latest).at(-1);
  const state: Replay = { live: new Map(), removed: new Map(), txns: new Map() };
  if (checkpoint !== undefined) for (const a of await readCheckpoint(store, table, checkpoint)) apply(table, state, a);
  let expected = checkpoint === undefined ? 0 : checkpoint + 1;
  for (const v of commits.filter((c) => checkpoint === undefined || c > checkpoint)) {
    if (v !== expected) throw new OutputError(`${store.name}/${logPrefix(table)}: version ${expected} is missing (found ${v})`);
    for (const a of await readCommit(store, table, v)) apply(table, state, a);
    expected = v + 1;
  }
  const files = [...state.live.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    version: latest,
    protocol: state.protocol,
    metaData: state.metaData,
    files,
    removed: state.removed,
    txns: state.txns,
  };
}
