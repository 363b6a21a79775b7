/**
 * Writes one commit of a Delta Lake table's log (the Delta transaction protocol, protocol 1/2):
 * `<table>/_delta_log/<20-digit version>.json`, newline-delimited actions, created with putIfAbsent so
 * that two writers can never both write one version (the loser gets KeyExistsError and nothing is
 * overwritten). Version 0 carries `protocol` and `metaData`; every commit carries its `add`s, the
 * `remove`s of the files it replaces and a `commitInfo`. Read back by delta-log.ts.
 */
import { VERSION } from '../version.js';
import { commitKey, type DeltaFile } from './delta-log.js';
import type { Store } from './store.js';

/** The Delta primitive types gpumkt writes. */
export type DeltaType = 'string' | 'long' | 'double' | 'boolean' | 'date' | 'timestamp';

/** One column of a table's schema. */
export interface DeltaColumn {
  readonly name: string;
  readonly type: DeltaType;
}

/** A data file the commit adds, already written in the store. */
export interface AddedFile {
  /** Its path relative to the table, as on disk (`gpu=H100 SXM/part-<run>-0.parquet`); encoded here. */
  readonly relPath: string;
  /** The partition values, serialized (partitionValue). */
  readonly partitionValues: Readonly<Record<string, string | null>>;
  readonly size: number;
  readonly modificationTime: number;
  /** Delta's per-file statistics, as the JSON string the add carries (numRecords, minValues, maxValues). */
  readonly stats?: string;
}

/** What a commit says. */
export interface DeltaCommit {
  /** The version written: 0 for a new table, else one past the latest. */
  readonly version: number;
  /** For version 0: the table's identity and schema. */
  readonly create?: {
    readonly id: string;
    readonly columns: readonly DeltaColumn[];
    readonly partitionColumns: readonly string[];
    readonly createdTime: number;
    /** The data files' format (metaData format.provider): `parquet` unless given. */
    readonly provider?: string;
  };
  /** A later commit that changes the schema (columns added): its new metaData, the table's id kept. */
  readonly meta?: DeltaCommit['create'];
  readonly add: readonly AddedFile[];
  /** Live files (as the reader gave them) this commit replaces. */
  readonly remove: readonly DeltaFile[];
  readonly timestamp: number;
  /** commitInfo's operation (`WRITE`, `CREATE TABLE`). */
  readonly operation: string;
  /** A `txn` action: the writer's application id and its run counter, so a commit retried is recognised as landed. */
  readonly txn?: { readonly appId: string; readonly version: number };
}

/** A relative file path as a Delta log writes it: each segment URL-encoded (`=` kept, as Spark keeps it). */
export function deltaPath(relPath: string): string {
  return relPath
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/%3D/g, '='))
    .join('/');
}

/**
 * A value as the protocol serializes partition values: null for a missing or empty value; a date as
 * `YYYY-MM-DD`; a timestamp as `YYYY-MM-DD HH:MM:SS[.ffffff]` (UTC); numbers and booleans as text.
 */
export function partitionValue(type: DeltaType, v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  const text =
    typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : JSON.stringify(v);
  if (type === 'date') return text.slice(0, 10);
  if (type === 'timestamp') {
    const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z?$/.exec(text);
    if (m === null) return text;
    const frac = (m[3] ?? '').replace(/0+$/, '');
    return `${m[1]} ${m[2]}${frac === '' ? '' : `.${frac}`}`;
  }
  return text;
}

/** The schema as Delta's schema JSON (a struct of nullable fields). */
export function schemaString(columns: readonly DeltaColumn[]): string {
  return JSON.stringify({ type: 'struct', fields: columns.map((c) => ({ name: c.name, type: c.type, nullable: true, metadata: {} })) });
}

/** The lines of a commit, in the order Spark writes them. */
export function commitLines(c: DeltaCommit): string[] {
  const lines: unknown[] = [
    { commitInfo: { timestamp: c.timestamp, operation: c.operation, operationParameters: {}, engineInfo: `gpumkt/${VERSION}` } },
  ];
  if (c.txn !== undefined) lines.push({ txn: { appId: c.txn.appId, version: c.txn.version, lastUpdated: c.timestamp } });
  if (c.create !== undefined) lines.push({ protocol: { minReaderVersion: 1, minWriterVersion: 2 } });
  const meta = c.create ?? c.meta;
  if (meta !== undefined) {
    lines.push({
      metaData: {
        id: meta.id,
        format: { provider: meta.provider ?? 'parquet', options: {} },
        schemaString: schemaString(meta.columns),
        partitionColumns: meta.partitionColumns,
        configuration: {},
        createdTime: meta.createdTime,
      },
    });
  }
  for (const r of c.remove) {
    lines.push({
      remove: {
        path: r.path,
        deletionTimestamp: c.timestamp,
        dataChange: true,
        extendedFileMetadata: true,
        partitionValues: r.partitionValues,
        size: r.size,
      },
    });
  }
  for (const a of c.add) {
    lines.push({
      add: {
        path: deltaPath(a.relPath),
        partitionValues: a.partitionValues,
        size: a.size,
        modificationTime: a.modificationTime,
        dataChange: true,
        ...(a.stats === undefined ? {} : { stats: a.stats }),
      },
    });
  }
  return lines.map((l) => JSON.stringify(l));
}

/** Writes commit `c` of `table` with putIfAbsent: KeyExistsError when that version exists (another writer won). */
export async function writeCommit(store: Store, table: string, c: DeltaCommit): Promise<void> {
  await store.putIfAbsent(commitKey(table, c.version), `${commitLines(c).join('\n')}\n`);
}
