/**
 * A Delta Lake protocol checker for tests: the rules a reader relies on, checked on a table's whole
 * log. Returns the problems found (none: the log follows them):
 * - versions are contiguous from 0 (or from a checkpoint), each commit parseable JSON lines;
 * - the first commit holds protocol (reader 1, writer ≤ 2 for what gpumkt writes) and metaData with
 *   format parquet (or csv: gpumkt's CSV lakes keep the same log), a schemaString that is Delta's schema JSON, and partitionColumns from it;
 * - an added path is added once: never twice while live, never again after its removal;
 * - every live path exists in the store (data files named by the log are there);
 * - paths are relative and URL-encoded (no raw space, `%` only as an escape), and partitionValues hold
 *   exactly the partition columns, each null or a string serialized as the protocol says for its type.
 */
import { commitKey, logVersions, readCommit, readDeltaTable, type DeltaMetadata } from '../../src/store/delta-log.js';
import type { Store } from '../../src/store/store.js';
import { joinKey } from '../../src/store/store.js';

interface SchemaField {
  readonly name: string;
  readonly type: unknown;
}

/** The protocol's partition value serialization, by primitive type. */
const SERIALIZED: Readonly<Record<string, RegExp>> = {
  string: /^[\s\S]*$/,
  long: /^-?\d+$/,
  integer: /^-?\d+$/,
  short: /^-?\d+$/,
  byte: /^-?\d+$/,
  boolean: /^(true|false)$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  timestamp: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/,
  timestamp_ntz: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/,
  double: /^-?(\d+(\.\d+)?([eE][-+]?\d+)?|NaN|Infinity)$/,
  float: /^-?(\d+(\.\d+)?([eE][-+]?\d+)?|NaN|Infinity)$/,
};

function checkMetadata(meta: DeltaMetadata | undefined, problems: string[]): Map<string, string> {
  const types = new Map<string, string>();
  if (meta === undefined) {
    problems.push('no metaData action');
    return types;
  }
  if (meta.format.provider !== 'parquet' && meta.format.provider !== 'csv') problems.push(`format ${meta.format.provider}, not parquet`);
  let fields: SchemaField[] = [];
  try {
    const schema = JSON.parse(meta.schemaString) as { type?: unknown; fields?: SchemaField[] };
    if (schema.type !== 'struct' || !Array.isArray(schema.fields)) problems.push('schemaString is not a struct with fields');
    fields = schema.fields ?? [];
  } catch {
    problems.push('schemaString is not JSON');
  }
  for (const f of fields) types.set(f.name, typeof f.type === 'string' ? f.type : 'complex');
  for (const c of meta.partitionColumns) {
    const t = types.get(c);
    if (t === undefined) problems.push(`partition column ${c} is not in the schema`);
    else if (SERIALIZED[t] === undefined && !/^decimal\(/.test(t)) problems.push(`partition column ${c} has type ${t}`);
  }
  return types;
}

function checkAdd(
  add: { path: string; partitionValues?: Record<string, unknown> },
  meta: DeltaMetadata | undefined,
  types: Map<string, string>,
  where: string,
  problems: string[],
): void {
  if (add.path.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(add.path)) problems.push(`${where}: ${add.path} is not relative`);
  if (/ /.test(add.path) || /%(?![0-9A-Fa-f]{2})/.test(add.path)) problems.push(`${where}: ${add.path} is not URL-encoded`);
  const pv = add.partitionValues ?? {};
  const cols = meta?.partitionColumns ?? [];
  if (Object.keys(pv).sort().join(',') !== [...cols].sort().join(','))
    problems.push(
      `${where}: ${add.path} has partitionValues for ${Object.keys(pv).join(',') || 'nothing'}, not ${cols.join(',') || 'nothing'}`,
    );
  for (const [col, v] of Object.entries(pv)) {
    if (v === null) continue;
    const t = types.get(col) ?? 'string';
    const re = SERIALIZED[t] ?? /^-?\d+(\.\d+)?$/;
    if (typeof v !== 'string' || !re.test(v))
      problems.push(`${where}: ${add.path} partition ${col}=${JSON.stringify(v)} is not a serialized ${t}`);
  }
}

/** The problems of the Delta table under `table` in `store` (an empty list when its log follows the protocol). */
export async function checkDeltaTable(store: Store, table: string): Promise<string[]> {
  const problems: string[] = [];
  const { commits, checkpoints } = await logVersions(store, table);
  // A log whose first commits were cleaned up after a checkpoint is checked from its newest checkpoint on.
  const checkpoint = commits[0] !== 0 ? checkpoints.at(-1) : undefined;
  const first = checkpoint === undefined ? 0 : checkpoint + 1;
  const from = commits.filter((v) => v >= first);
  if (from.length === 0 && checkpoints.length === 0) return ['no commit in _delta_log'];
  let snapshot: Awaited<ReturnType<typeof readDeltaTable>>;
  try {
    snapshot = await readDeltaTable(store, table);
  } catch (err) {
    problems.push((err as Error).message);
  }
  from.forEach((v, i) => {
    if (v !== first + i) problems.push(`version ${first + i} is missing (found ${v})`);
  });
  let meta: DeltaMetadata | undefined = checkpoint === undefined ? undefined : snapshot?.metaData;
  let types = meta === undefined ? new Map<string, string>() : checkMetadata(meta, problems);
  const added = new Set<string>();
  const removed = new Set<string>();
  for (const v of from) {
    const where = commitKey(table, v);
    let actions: Record<string, unknown>[];
    try {
      actions = await readCommit(store, table, v);
    } catch (err) {
      problems.push(`${where}: ${(err as Error).message}`);
      continue;
    }
    for (const a of actions) {
      if (a.protocol) {
        const p = a.protocol as { minReaderVersion?: unknown; minWriterVersion?: unknown };
        if (p.minReaderVersion !== 1 || typeof p.minWriterVersion !== 'number' || p.minWriterVersion > 2)
          problems.push(`${where}: protocol ${JSON.stringify(p)} is not reader 1 / writer ≤ 2`);
      }
      if (a.metaData) {
        meta = a.metaData as DeltaMetadata;
        types = checkMetadata(meta, problems);
      }
      const add = a.add as { path: string; partitionValues?: Record<string, unknown> } | undefined;
      if (add) {
        if (added.has(add.path)) problems.push(`${where}: ${add.path} is added while it is live`);
        if (removed.has(add.path)) problems.push(`${where}: ${add.path} is added again after its removal`);
        added.add(add.path);
        checkAdd(add, meta, types, where, problems);
      }
      const remove = a.remove as { path: string } | undefined;
      if (remove) {
        if (!added.has(remove.path) && first === 0) problems.push(`${where}: ${remove.path} is removed but was never added`);
        added.delete(remove.path);
        removed.add(remove.path);
      }
    }
  }
  if (meta === undefined) problems.push('no metaData action');
  for (const f of snapshot?.files ?? []) {
    if ((await store.read(f.key, { start: 0, end: 0 })) === undefined)
      problems.push(`${f.path} is live in the log but missing (${joinKey(table, '')})`);
  }
  return problems;
}
