/**
 * A Delta Lake checkpoint (the Delta transaction protocol, "Checkpoints"): the table's whole state at
 * one version as one Parquet file, `_delta_log/<20-digit version>.checkpoint.parquet`, one action per
 * row (protocol, metaData, each txn, each live file's add, each tombstone's remove; the other columns
 * of a row null), plus `_delta_log/_last_checkpoint` naming it. A reader starts from the newest
 * checkpoint instead of replaying every commit (delta-log.ts does). Written every CHECKPOINT_INTERVAL
 * versions, as Delta's default `delta.checkpointInterval`; a checkpoint is derived from the commits,
 * so writing one twice (two writers) writes the same state, and failing to write one loses nothing.
 */
import type { SchemaElement } from 'hyparquet-writer';
import { logPrefix, readDeltaTable } from './delta-log.js';
import type { Store } from './store.js';

/** Versions between checkpoints (Delta's default checkpointInterval). */
export const CHECKPOINT_INTERVAL = 10;

/** The key of the checkpoint of `version`. */
export function checkpointKey(table: string, version: number): string {
  return `${logPrefix(table)}${String(version).padStart(20, '0')}.checkpoint.parquet`;
}

const text = (name: string): SchemaElement => ({ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' });
const long = (name: string): SchemaElement => ({ name, type: 'INT64', repetition_type: 'OPTIONAL' });
const int = (name: string): SchemaElement => ({ name, type: 'INT32', repetition_type: 'OPTIONAL' });
const bool = (name: string): SchemaElement => ({ name, type: 'BOOLEAN', repetition_type: 'OPTIONAL' });
const group = (name: string, children: readonly SchemaElement[][]): SchemaElement[] => [
  { name, repetition_type: 'OPTIONAL', num_children: children.length },
  ...children.flat(),
];
/** A map<string,string> as Parquet's MAP: a repeated key_value group of a required key and an optional value. */
const stringMap = (name: string): SchemaElement[] => [
  { name, repetition_type: 'OPTIONAL', converted_type: 'MAP', num_children: 1 },
  { name: 'key_value', repetition_type: 'REPEATED', num_children: 2 },
  { name: 'key', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  text('value'),
];
/** An array<string> as Parquet's three-level LIST. */
const stringList = (name: string): SchemaElement[] => [
  { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  text('element'),
];

/** The checkpoint's schema: the actions' struct columns as Spark writes them (the fields gpumkt uses). */
function checkpointSchema(): SchemaElement[] {
  const columns = [
    group('txn', [[text('appId')], [long('version')], [long('lastUpdated')]]),
    group('add', [
      [text('path')],
      stringMap('partitionValues'),
      [long('size')],
      [long('modificationTime')],
      [bool('dataChange')],
      [text('stats')],
    ]),
    group('remove', [
      [text('path')],
      [long('deletionTimestamp')],
      [bool('dataChange')],
      [bool('extendedFileMetadata')],
      stringMap('partitionValues'),
      [long('size')],
    ]),
    group('metaData', [
      [text('id')],
      group('format', [[text('provider')], stringMap('options')]),
      [text('schemaString')],
      stringList('partitionColumns'),
      stringMap('configuration'),
      [long('createdTime')],
    ]),
    group('protocol', [[int('minReaderVersion')], [int('minWriterVersion')]]),
  ];
  return [{ name: 'schema', num_children: columns.length }, ...columns.flat()];
}

type Action = Partial<Record<'txn' | 'add' | 'remove' | 'metaData' | 'protocol', Record<string, unknown>>>;

/** The actions of the table's state at its latest version (undefined when it has no log or is past `version`). */
async function stateActions(store: Store, table: string, version: number, now: number): Promise<Action[] | undefined> {
  const snap = await readDeltaTable(store, table);
  if (snap?.version !== version || snap.metaData === undefined) return undefined;
  const m = snap.metaData;
  const actions: Action[] = [
    { protocol: { minReaderVersion: snap.protocol?.minReaderVersion ?? 1, minWriterVersion: snap.protocol?.minWriterVersion ?? 2 } },
    {
      metaData: {
        id: m.id,
        format: { provider: m.format.provider, options: {} },
        schemaString: m.schemaString,
        partitionColumns: [...m.partitionColumns],
        configuration: {},
        createdTime: m.createdTime === undefined ? null : BigInt(m.createdTime),
      },
    },
  ];
  for (const [appId, v] of snap.txns) actions.push({ txn: { appId, version: BigInt(v), lastUpdated: BigInt(now) } });
  for (const f of snap.files)
    actions.push({
      add: {
        path: f.path,
        partitionValues: f.partitionValues,
        size: BigInt(f.size),
        modificationTime: BigInt(f.modificationTime),
        dataChange: false,
        stats: f.stats ?? null,
      },
    });
  for (const path of snap.removed.keys())
    actions.push({
      remove: { path, deletionTimestamp: BigInt(now), dataChange: false, extendedFileMetadata: false, partitionValues: null, size: null },
    });
  return actions;
}

/**
 * Writes the checkpoint of `table` at `version` (its latest) and `_last_checkpoint`; resolves to
 * false, writing nothing, when the table has moved past `version` (a later writer checkpoints).
 */
export async function writeCheckpoint(store: Store, table: string, version: number, now: number = Date.now()): Promise<boolean> {
  const actions = await stateActions(store, table, version, now);
  if (actions === undefined) return false;
  const { parquetWriteBuffer } = await import('hyparquet-writer');
  const names = ['txn', 'add', 'remove', 'metaData', 'protocol'] as const;
  const buffer = parquetWriteBuffer({
    schema: checkpointSchema(),
    columnData: names.map((name) => ({ name, data: actions.map((a) => a[name] ?? null) })),
  });
  await store.put(checkpointKey(table, version), new Uint8Array(buffer));
  await store.put(`${logPrefix(table)}_last_checkpoint`, `${JSON.stringify({ version, size: actions.length })}\n`);
  return true;
}
