/**
 * Parquet output (docs/parquet.md): typed, nullable columns, snappy-compressed, written to a Sink one
 * row group at a time so a million-row export never sits in memory as one file. Load this module with
 * a dynamic import: hyparquet-writer is paid for only by runs that ask for Parquet.
 */
import { ByteWriter, ParquetWriter, type SchemaElement } from 'hyparquet-writer';
import type { Row } from '../../domain/row.js';
import { redactAll } from '../../domain/secrets/redact.js';
import { VERSION } from '../../version.js';
import { snappyCompress } from './snappy.js';
import { toParquetValue, type ParquetColumn, type ParquetType } from './types.js';
import type { Sink } from '../files/sink.js';
import type { KeptGroups } from './keep.js';

export { resolveColumns, type ParquetColumn, type ParquetType } from './types.js';

/**
 * Rows per row group. What one group makes while it is written — our column arrays, the writer's copies
 * of them (group slice, BigInt arrays, levels, page slices), page buffers — then fits V8's young
 * generation as a big export leaves it (2 × 4 MiB, api/body/row-pieces.ts), so it dies in a scavenge
 * instead of being promoted and piling up in old space until a full collection. 1M rows, peak RSS:
 * 16,000-row groups 340–360 MiB (Node 20) and 400–410 MiB (Node 24); 8,000 still 340; 4,096 about
 * 252 and 310 MiB, like the CSV export of the same rows, and a little faster. Files are 3 % larger
 * (more page headers and statistics); readers skip by statistics every 4,096 rows.
 */
export const ROW_GROUP_ROWS = 4096;

/** What a Parquet file says about itself besides its rows. */
export interface ParquetOptions {
  /** The columns, in order, with their types (see resolveColumns). */
  readonly columns: readonly ParquetColumn[];
  /** The request that produced the rows, stored as JSON under `gpumkt.request` (secrets removed). */
  readonly request: unknown;
  /** The run's secrets (the API key): never written, even where some request field happens to echo one. */
  readonly secrets?: ReadonlySet<string>;
  /** Rows per row group (default ROW_GROUP_ROWS). */
  readonly rowGroupRows?: number;
  /**
   * Leading row groups of the file being rewritten, kept as they are (keep.ts): written first, their
   * bytes copied; `rows` then holds only the rows after them.
   */
  readonly keep?: KeptGroups;
}

// Plain INT64 (no INTEGER annotation) is a signed 64-bit integer to every reader; hyparquet-writer
// 0.17.0 encodes the INTEGER annotation's bit width as i32 where the format says i8, which DuckDB rejects.
const ELEMENT: Record<ParquetType, Omit<SchemaElement, 'name'>> = {
  timestamp: {
    type: 'INT64',
    converted_type: 'TIMESTAMP_MICROS',
    logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MICROS' },
  },
  date: { type: 'INT32', converted_type: 'DATE', logical_type: { type: 'DATE' } },
  double: { type: 'DOUBLE' },
  int: { type: 'INT64' },
  bool: { type: 'BOOLEAN' },
  string: { type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' } },
};

/** The Parquet schema of `columns`: a root, then one nullable leaf per column (names must be unique). */
export function parquetSchema(columns: readonly ParquetColumn[]): SchemaElement[] {
  const names = new Set(columns.map((c) => c.name));
  if (names.size !== columns.length) throw new Error(`parquet: duplicate column names in ${columns.map((c) => c.name).join(', ')}`);
  return [
    { name: 'root', num_children: columns.length },
    ...columns.map((c): SchemaElement => ({ name: c.name, repetition_type: 'OPTIONAL', ...ELEMENT[c.type] })),
  ];
}

// Fields whose value is a credential by name; dropped from the request before it is stored.
const SECRET_FIELD = /api[-_]?key|authorization|token|secret|password|passwd|bearer|cookie/i;

/** The request as stored in `gpumkt.request`: JSON, key-named fields dropped, the key and URL credentials masked. */
export function requestMetadata(request: unknown, secrets?: ReadonlySet<string>): string {
  const json = JSON.stringify(request ?? null, (k, v: unknown) => (k !== '' && SECRET_FIELD.test(k) ? undefined : v));
  if (secrets === undefined) return redactAll(json, secrets);
  // The same record goes into every file a run writes (each partition of a lake's dataset): masked once.
  // (A set of secrets that has grown since is masked with again.)
  const last = lastMasked.get(secrets);
  if (last?.json === json && last.size === secrets.size) return last.out;
  const out = redactAll(json, secrets);
  lastMasked.set(secrets, { json, size: secrets.size, out });
  return out;
}
const lastMasked = new WeakMap<ReadonlySet<string>, { json: string; size: number; out: string }>();

/** A ByteWriter that hands its bytes to a Sink after every row group, then starts again from empty. */
class SinkWriter extends ByteWriter {
  constructor(private readonly sink: Sink) {
    super(1 << 20);
  }

  /** Called by ParquetWriter after each row group; a returned promise holds back the next group. */
  flush(): Promise<void> | void {
    if (this.index === 0 || this.sink.closed) {
      this.index = 0;
      return;
    }
    // A copy: the sink may still hold the chunk while this buffer is overwritten by the next group.
    const chunk = new Uint8Array(this.buffer.slice(0, this.index));
    this.index = 0;
    return this.sink.write(chunk);
  }

  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- ParquetWriter.finish() returns this promise and writeParquet awaits it
  override finish(): Promise<void> | void {
    return this.flush();
  }
}

/** Column arrays for one row group: each API value converted to its column's Parquet value. */
function columnData(columns: readonly ParquetColumn[], batch: readonly Row[]): { name: string; data: unknown[] }[] {
  return columns.map(({ name, type }) => {
    const data = new Array<unknown>(batch.length);
    // Rows of several models come hour by hour, so a timestamp repeats in consecutive rows: it is
    // parsed once for the run of rows that share it.
    let lastRaw: unknown;
    let last: unknown = null;
    for (let i = 0; i < batch.length; i++) {
      const raw = (batch[i] as Row)[name];
      if (raw !== lastRaw || typeof raw !== 'string') {
        last = toParquetValue(name, type, raw);
        lastRaw = raw;
      }
      data[i] = last;
    }
    return { name, data };
  });
}

/**
 * Writes `rows` as one Parquet file into `sink`, one row group per `rowGroupRows` rows, honouring the
 * sink's backpressure; ends the sink on success (a closed stdout reader just stops the writing), aborts
 * it and rethrows on any error (a value that does not fit its column: ParquetValueError). Resolves to
 * the number of rows written.
 */
export async function writeParquet(rows: Iterable<Row>, sink: Sink, opts: ParquetOptions): Promise<number> {
  const groupRows = opts.rowGroupRows ?? ROW_GROUP_ROWS;
  try {
    const writer = new SinkWriter(sink);
    const pq = new ParquetWriter({
      writer,
      schema: parquetSchema(opts.columns),
      codec: 'SNAPPY',
      compressors: { SNAPPY: snappyCompress },
      createdBy: `gpumkt version ${VERSION}`,
      kvMetadata: [
        { key: 'gpumkt.version', value: VERSION },
        { key: 'gpumkt.request', value: requestMetadata(opts.request, opts.secrets) },
      ],
    });
    let written = 0;
    if (opts.keep !== undefined) {
      // Offsets in the kept groups' footer entries stay true: their bytes sit where they sat.
      writer.appendBytes(opts.keep.bytes);
      pq.row_groups.push(...opts.keep.groups);
      pq.num_rows = BigInt(opts.keep.rows);
      // Their page offset indexes go first, where one full export writes them.
      for (const { chunk, offsetIndex } of opts.keep.indexes) pq.pendingIndexes.push({ chunk, offsetIndex });
      written = opts.keep.rows;
      await writer.flush();
    }
    let batch: Row[] = [];
    const flushGroup = async (): Promise<void> => {
      // hyparquet-writer's column data is typed for its own value kinds; ours are exactly those.
      const data = columnData(opts.columns, batch) as Parameters<ParquetWriter['write']>[0]['columnData'];
      written += batch.length;
      batch = [];
      await pq.write({ columnData: data, rowGroupSize: Number.MAX_SAFE_INTEGER });
    };
    for (const row of rows) {
      batch.push(row);
      if (batch.length >= groupRows) {
        await flushGroup();
        if (sink.closed) break;
      }
    }
    if (batch.length > 0 && !sink.closed) await flushGroup();
    if (!sink.closed) await pq.finish();
    await sink.end();
    return written;
  } catch (err) {
    await sink.abort();
    throw err;
  }
}
