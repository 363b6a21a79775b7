/**
 * Reads a Parquet file or hive-partitioned folder that gpumkt wrote back into rows, for --append
 * (docs/parquet.md): values come back in the API's form (timestamps as ISO text, dates as
 * `YYYY-MM-DD`), so writing them again gives the same Parquet values. Uses hyparquet, the reader twin
 * of the writer; loaded only by Parquet appends.
 */
import path from 'node:path';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, type AsyncBuffer, type SchemaElement } from 'hyparquet';
import { RAW_STATISTICS, type ParquetSource } from './keep.js';
import { UsageError } from '../../errors.js';
import type { Row } from '../../domain/row.js';
import type { ColumnType, ReadBack, TypedColumn } from '../format-types.js';
import { HIVE_NULL } from './partition.js';
import { fileBytes, folderNames, pathInfo } from '../../store/paths.js';

/** The gpumkt column type of one schema leaf, if it is one gpumkt writes. */
function columnType(e: SchemaElement): ColumnType | undefined {
  const logical = e.logical_type?.type;
  if (e.type === 'INT64') {
    if (logical === 'TIMESTAMP') return e.logical_type?.type === 'TIMESTAMP' && e.logical_type.unit === 'MICROS' ? 'timestamp' : undefined;
    // gpumkt writes plain INT64; other writers (DuckDB, pyarrow) annotate a signed 64-bit integer.
    const signed64 =
      logical === undefined
        ? e.converted_type === undefined || e.converted_type === 'INT_64'
        : logical === 'INTEGER' && e.logical_type?.type === 'INTEGER' && e.logical_type.bitWidth === 64 && e.logical_type.isSigned;
    return signed64 ? 'int' : undefined;
  }
  if (e.type === 'INT32') return logical === 'DATE' || e.converted_type === 'DATE' ? 'date' : undefined;
  if (e.type === 'DOUBLE') return 'double';
  if (e.type === 'BOOLEAN') return 'bool';
  if (e.type === 'BYTE_ARRAY') return logical === 'STRING' || e.converted_type === 'UTF8' ? 'string' : undefined;
  return undefined;
}

/** Microseconds since the epoch as the service writes instants: milliseconds, or six digits when finer. */
export function isoFromMicros(micros: bigint): string {
  // Within ±2^53 (about 285 years from 1970) a double holds the count exactly, and its arithmetic is
  // several times faster than BigInt's: this runs once per timestamp cell of a file read back.
  const n = Number(micros);
  if (Number.isSafeInteger(n)) {
    const sub = ((n % 1000) + 1000) % 1000;
    const iso = new Date((n - sub) / 1000).toISOString();
    return sub === 0 ? iso : iso.replace('Z', `${String(sub).padStart(3, '0')}Z`);
  }
  const ms = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  const iso = new Date(Number(ms)).toISOString();
  const rest = micros - ms * 1000n;
  return rest === 0n ? iso : iso.replace('Z', `${String(rest).padStart(3, '0')}Z`);
}

/** A Parquet value back in the API's form. */
function apiValue(type: ColumnType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'timestamp':
      return isoFromMicros(v as bigint);
    case 'date':
      return new Date((v as number) * 86_400_000).toISOString().slice(0, 10);
    case 'int':
      return Number.isSafeInteger(Number(v)) ? Number(v) : v;
    default:
      return v;
  }
}

const DAMAGED_HINT = 'remove or restore the file (a lake fetches a removed partition again on its next sync)';

/** What the reader said of a damaged file, short. */
function damage(err: unknown): string {
  return `damaged: ${(err instanceof Error ? err.message : String(err)).slice(0, 120)}`;
}

/** True when the file ends with `PAR1`, as every whole Parquet file does. */
async function endsWithMagic(buffer: {
  byteLength: number;
  slice(start: number, end?: number): ArrayBuffer | Promise<ArrayBuffer>;
}): Promise<boolean> {
  if (buffer.byteLength < 8) return false;
  const tail = new Uint8Array(await buffer.slice(buffer.byteLength - 4));
  return String.fromCharCode(...tail) === 'PAR1';
}

/**
 * Reads one file: its typed columns and rows (values in API form), and its bytes and footer as the
 * `source` a rewrite may keep row groups of (keep.ts).
 */
async function readFile(file: string, shown: string): Promise<ReadBack> {
  const bytes = await fileBytes(file);
  return readBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, shown, true);
}

/** Reads one Parquet file's bytes (an object of a store; `shown` names it in messages): its typed columns and rows. */
export function readParquetBytes(bytes: Uint8Array, shown: string): Promise<ReadBack> {
  return readBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, shown);
}

async function readBuffer(buffer: AsyncBuffer, shown: string, keep = false): Promise<ReadBack> {
  let metadata;
  try {
    // Statistics raw, as the writer takes them back (the rows' values are converted below, not these).
    metadata = await parquetMetadataAsync(buffer, { parsers: RAW_STATISTICS });
  } catch (err) {
    // A file that ends with the Parquet magic has a footer that would not decode: damaged, not foreign.
    if (await endsWithMagic(buffer)) throw new UsageError(`${shown} is not a readable Parquet file (${damage(err)})`, DAMAGED_HINT);
    throw new UsageError(`${shown} is not a Parquet file`, 'give --append a file gpumkt wrote with -f parquet, or a new file');
  }
  const columns: TypedColumn[] = [];
  for (const e of metadata.schema.slice(1)) {
    const type = columnType(e);
    if (type === undefined || (e.num_children ?? 0) > 0) {
      throw new UsageError(
        `${shown}: column ${e.name} has a type gpumkt does not write`,
        'append only to files gpumkt wrote, or use a new file',
      );
    }
    columns.push({ name: e.name, type });
  }
  // Raw values for the time types: microseconds stay exact (a Date would keep milliseconds only).
  let raw;
  try {
    raw = await parquetReadObjects({
      file: buffer,
      metadata,
      parsers: { timestampFromMicroseconds: (m: bigint) => m, dateFromDays: (d: number) => d },
    });
  } catch (err) {
    // A damaged file (bytes overwritten, a bad copy): named, never an internal error of gpumkt's.
    throw new UsageError(`${shown} is not a readable Parquet file (${damage(err)})`, DAMAGED_HINT);
  }
  // Converted in place (the reader's objects already hold the columns in order): a million-row file is
  // not copied a second time.
  const converted = columns.filter((c) => c.type === 'timestamp' || c.type === 'date' || c.type === 'int');
  const rows = raw as Row[];
  for (const row of rows) {
    for (const c of converted) row[c.name] = apiValue(c.type, row[c.name]);
  }
  const source: ParquetSource | undefined = keep && buffer instanceof ArrayBuffer ? { bytes: new Uint8Array(buffer), metadata } : undefined;
  return { columns, rows, source };
}

/** A hive folder name's value: `%XX` decoded, the null partition as null. */
function partitionValue(text: string): string | null {
  return text === HIVE_NULL ? null : text.replace(/%([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * Reads what an earlier run wrote at `target`: one file, or a partitioned folder (`col=value/part-N.parquet`,
 * the partition column added back as text, after the files' columns). A folder with no partitions has no columns.
 */
export async function readParquet(target: string): Promise<ReadBack & { partitionBy?: string }> {
  const st = await pathInfo(target, { missing: 'throw' });
  if (st?.kind !== 'folder') return readFile(target, target);
  let partitionBy: string | undefined;
  let columns: readonly TypedColumn[] | undefined;
  const rows: Row[] = [];
  for (const folder of (await folderNames(target)).sort()) {
    const eq = folder.indexOf('=');
    const name = partitionValue(folder.slice(0, eq));
    if (eq < 1 || name === null || (partitionBy !== undefined && name !== partitionBy)) {
      throw new UsageError(
        `${target} is not a partitioned dataset gpumkt wrote (${folder})`,
        'append to a folder written with --partition-by, or use a new one',
      );
    }
    partitionBy = name;
    const value = partitionValue(folder.slice(eq + 1));
    for (const part of (await folderNames(path.join(target, folder))).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))) {
      const back = await readFile(path.join(target, folder, part), path.join(target, folder, part));
      columns ??= back.columns;
      for (const row of back.rows) {
        row[name] = value;
        rows.push(row);
      }
    }
  }
  if (partitionBy === undefined || columns === undefined) return { columns: [], rows };
  return { columns: [...columns, { name: partitionBy, type: 'string' }], rows, partitionBy };
}

/** The rows of a Parquet file, from its footer alone (the data is not read); undefined when the footer does not decode. */
export async function parquetRowCount(file: string): Promise<number | undefined> {
  try {
    return Number((await parquetMetadataAsync(await asyncBufferFromFile(file))).num_rows);
  } catch {
    return undefined;
  }
}
