/**
 * A lake table (docs/sync.md, "The lake's files"): immutable data files plus a commit log over a Store,
 * the log being Delta Lake's (`<table>/_delta_log/<version>.json`, protocol 1/2; store/delta-log.ts
 * reads it). A reader takes the files the latest commit lists, never a set being written. Each file's
 * `add` carries Delta `stats` (numRecords, min and max of the time column), so what a table holds and
 * where a merge window starts are known without reading data.
 *
 * A legacy table (data files, no log: what gpumkt wrote before commits) reads as a snapshot of its files
 * at version -1, without stats; the first commit adds them as they are (no rewrite).
 */
import type { Row } from '../domain/row.js';
import { OutputError } from '../errors.js';
import { formatInfo, getFormatter, LAKE_DEFAULT, lineBased, lineCodec } from '../output/formats.js';
import type { ReadBack, TypedColumn } from '../output/format-types.js';
import { readDeltaTable } from '../store/delta-log.js';
import { deltaPath } from '../store/delta-commit.js';
import { joinKey, type Store } from '../store/store.js';
import { readLineRows } from './line-rows.js';

/** One live data file of a table. */
export interface TableFile {
  /** Its path relative to the table, as in the store (`gpu=H100 SXM/part-00003-1a2b3c4d.parquet`). */
  readonly path: string;
  /** Its key in the store. */
  readonly key: string;
  /** Its path as the log writes it (URL-encoded). */
  readonly logPath: string;
  readonly partitionValues: Readonly<Record<string, string | null>>;
  readonly size: number;
  readonly modificationTime: number;
  /** Rows, and the first and last value of the time column (from the log's stats; absent for a legacy or changed file). */
  readonly rows?: number;
  readonly minTime?: string;
  readonly maxTime?: string;
  /** Rows still current (known_to's nullCount in the stats; absent when the file keeps no versions). */
  readonly current?: number;
}

/** A table at one version. */
export interface TableSnapshot {
  /** The latest commit's version; -1 for a legacy table (files, no log). */
  readonly version: number;
  /** The live files, sorted by partition, then time, then path. */
  readonly files: TableFile[];
  /** The data files' format (the log's format.provider; a legacy table's: its files'). */
  readonly format: string;
  readonly partitionColumns: string[];
  /** Files the log lists that are no longer in the store (deleted by hand): left out of `files`. */
  readonly gone: TableFile[];
  /** Data files in the table's folder that the log does not list (a killed run's, a stray copy). */
  readonly untracked: string[];
  /** Data files a commit removed that are still in the store (kept in the Delta layout; a killed run's leftovers in the hive layout). */
  readonly removedPresent: string[];
  /** The columns of the table's schema (its latest metaData); undefined for a legacy table. */
  readonly columns?: string[];
}

/** The column names of a Delta schemaString (none when it cannot be read). */
function schemaColumns(schemaString: string | undefined): string[] {
  try {
    const s = JSON.parse(schemaString ?? '') as { fields?: Array<{ name?: unknown }> };
    return (s.fields ?? []).map((f) => f.name).filter((n): n is string => typeof n === 'string');
  } catch {
    return [];
  }
}

/** The null partition's folder value, as Hive and Spark write it. */
export const HIVE_NULL = '__HIVE_DEFAULT_PARTITION__';

/** A hive folder segment's text decoded (`%2F` → `/`). */
function unescape(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The `col=value` folders of a relative path, as partition values. */
function hiveValues(rel: string): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const seg of rel.split('/').slice(0, -1)) {
    const eq = seg.indexOf('=');
    if (eq < 1) continue;
    const v = seg.slice(eq + 1);
    out[unescape(seg.slice(0, eq))] = v === HIVE_NULL ? null : unescape(v);
  }
  return out;
}

/** The stats a file's add carries, read leniently (a writer that gave none: none). */
function parseStats(stats: string | undefined): Pick<TableFile, 'rows' | 'minTime' | 'maxTime' | 'current'> {
  if (stats === undefined) return {};
  try {
    const s = JSON.parse(stats) as {
      numRecords?: unknown;
      minValues?: Record<string, unknown>;
      maxValues?: Record<string, unknown>;
      nullCount?: Record<string, unknown>;
    };
    const min = Object.values(s.minValues ?? {})[0];
    const max = Object.values(s.maxValues ?? {})[0];
    const current = s.nullCount?.known_to;
    return {
      ...(typeof s.numRecords === 'number' ? { rows: s.numRecords } : {}),
      ...(typeof current === 'number' ? { current } : {}),
      ...(typeof min === 'string' ? { minTime: min } : {}),
      ...(typeof max === 'string' ? { maxTime: max } : {}),
    };
  } catch {
    return {};
  }
}

/** Orders files by partition, then first time, then path: the rows of a partition read in time order. */
function byPartitionAndTime(a: TableFile, b: TableFile): number {
  const pa = JSON.stringify(a.partitionValues);
  const pb = JSON.stringify(b.partitionValues);
  if (pa !== pb) return pa < pb ? -1 : 1;
  const ta = a.minTime ?? '';
  const tb = b.minTime ?? '';
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** True for a data file's relative path: not in the log, not a temporary or hidden file. */
function isDataPath(rel: string, extensions: readonly string[]): boolean {
  if (rel.startsWith('_delta_log/')) return false;
  const name = rel.split('/').at(-1) ?? '';
  if (name.startsWith('.') || name.startsWith('_')) return false;
  return extensions.some((e) => name.endsWith(`.${e}`));
}

/**
 * The table under the key prefix `table` ('history'), or undefined when there is none yet. `format` is
 * the lake's format, used to recognise a legacy table's files (a table with a log says its own).
 */
export async function readTable(store: Store, table: string, opts: { format?: string } = {}): Promise<TableSnapshot | undefined> {
  const delta = await readDeltaTable(store, table);
  const format = delta?.metaData?.format.provider ?? opts.format ?? LAKE_DEFAULT;
  const prefix = `${table}/`;
  const listed = new Map(
    (await store.list(prefix))
      .map((o) => [o.key.slice(prefix.length), o] as const)
      .filter(([rel]) => isDataPath(rel, formatInfo(format).extensions)),
  );
  if (delta === undefined) {
    if (listed.size === 0) return undefined;
    const files = [...listed].map(([rel, o]) => ({
      path: rel,
      key: o.key,
      logPath: deltaPath(rel),
      partitionValues: hiveValues(rel),
      size: o.size,
      modificationTime: Math.round(o.modifiedMs),
    }));
    const partitionColumns = Object.keys(files[0]?.partitionValues ?? {});
    return { version: -1, files: files.sort(byPartitionAndTime), format, partitionColumns, gone: [], untracked: [], removedPresent: [] };
  }
  const files: TableFile[] = [];
  const gone: TableFile[] = [];
  for (const f of delta.files) {
    const rel = f.key.slice(prefix.length);
    const o = listed.get(rel);
    const base = { path: rel, key: f.key, logPath: f.path, partitionValues: f.partitionValues, modificationTime: f.modificationTime };
    listed.delete(rel);
    if (o === undefined) gone.push({ ...base, size: f.size });
    // A file whose size changed was edited in place (lines cut from a csv): its stats no longer hold.
    else files.push({ ...base, size: o.size, ...(o.size === f.size ? parseStats(f.stats) : {}) });
  }
  const removedPresent: string[] = [];
  for (const key of delta.removed.values()) {
    const rel = key.slice(prefix.length);
    if (listed.delete(rel)) removedPresent.push(rel);
  }
  return {
    version: delta.version,
    files: files.sort(byPartitionAndTime),
    format,
    partitionColumns: [...(delta.metaData?.partitionColumns ?? [])],
    gone,
    untracked: [...listed.keys()].sort(),
    removedPresent: removedPresent.sort(),
    columns: schemaColumns(delta.metaData?.schemaString),
  };
}

/** One file's rows and typed columns (a line format's cells as written, typed `string`), its partition values added as columns. */
export async function readTableFile(store: Store, snap: Pick<TableSnapshot, 'format'>, file: TableFile): Promise<ReadBack> {
  const shown = `${store.name}/${file.key}`;
  const bytes = await store.read(file.key);
  if (bytes === undefined)
    throw new OutputError(`${shown} is listed by the table's log but missing`, 'run the sync again: it fetches it again');
  let back: ReadBack;
  if (lineBased(snap.format)) {
    back = readLineRows(await lineCodec(snap.format), Buffer.from(bytes).toString('utf8'));
  } else {
    const formatter = await getFormatter(snap.format);
    if (formatter.readBytes === undefined) throw new OutputError(`${snap.format} files cannot be read back`);
    back = await formatter.readBytes(bytes, shown);
  }
  const extra = Object.entries(file.partitionValues);
  if (extra.length === 0) return back;
  for (const row of back.rows) for (const [c, v] of extra) row[c] = v;
  const columns: TypedColumn[] = [...back.columns, ...extra.map(([name]) => ({ name, type: 'string' as const }))];
  return { columns, rows: back.rows };
}

/** The rows of a table's live files (or of `opts.files`), partition columns added, in partition and time order. */
export async function readTableRows(
  store: Store,
  _table: string,
  snap: TableSnapshot,
  opts: { files?: readonly TableFile[] } = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const f of opts.files ?? snap.files) for (const r of (await readTableFile(store, snap, f)).rows) rows.push(r);
  return rows;
}

/** The key of a partition's folder segment (`gpu=H100 SXM`), escaped as Hive escapes names. */
export function partitionSegment(column: string, value: string | null): string {
  const esc = (s: string): string =>
    s.replace(/[\u0000-\u001f"#%'*/:=?\\\u007f{[\]^]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `${esc(column)}=${value === null || value === '' ? HIVE_NULL : esc(value)}`;
}

/** The key of a file of `table` at the relative path `rel`. */
export function fileKey(table: string, rel: string): string {
  return joinKey(table, rel);
}
