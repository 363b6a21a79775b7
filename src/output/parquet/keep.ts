/**
 * What an append keeps of the Parquet file it rewrites (docs/parquet.md, "Appending"): the rows it
 * read back and writes again unchanged at the head of the file — all but the last day or two of a file
 * appended a day at a time — keep their row groups' bytes, which are copied as they are instead of
 * being decoded, encoded and compressed again. Only whole row groups of ROW_GROUP_ROWS rows, cut where
 * one full export of the same rows cuts them, with the schema this run writes: the new file is then the
 * one a full export writes, byte for byte (a test holds the two equal). Anything else (a file another
 * writer made, other row groups, page indexes or bloom filters gpumkt does not write) is written whole.
 * Loaded with the reader, by Parquet appends only.
 */
import { readOffsetIndex, type ColumnChunk, type FileMetaData, type OffsetIndex, type RowGroup, type SchemaElement } from 'hyparquet';
import type { Row } from '../../domain/row.js';

/** A Parquet file as read back for an append: its bytes and its footer (statistics in raw form). */
export interface ParquetSource {
  readonly bytes: Uint8Array;
  readonly metadata: FileMetaData;
}

/** The leading row groups a rewrite keeps: their bytes (after `PAR1`), footer entries and page offset indexes. */
export interface KeptGroups {
  /** The file's bytes from offset 4 to the end of the last kept group. */
  readonly bytes: Uint8Array;
  /** Footer entries of the kept groups, ready for the writer (page index offsets cleared: written anew). */
  readonly groups: RowGroup[];
  /** Each kept column chunk's offset index, in footer order (undefined where the chunk has none). */
  readonly indexes: ReadonlyArray<{ readonly chunk: ColumnChunk; readonly offsetIndex?: OffsetIndex }>;
  /** Rows in the kept groups. */
  readonly rows: number;
}

/** Footer statistics kept raw (no Date, no text decoding), as the writer takes them. */
export const RAW_STATISTICS = {
  timestampFromMicroseconds: (m: bigint): bigint => m,
  dateFromDays: (d: number): number => d,
  stringFromBytes: (b: Uint8Array): Uint8Array => b,
};

const isSource = (s: unknown): s is ParquetSource =>
  typeof s === 'object' &&
  s !== null &&
  (s as ParquetSource).bytes instanceof Uint8Array &&
  typeof (s as ParquetSource).metadata === 'object';

/** One schema element as text, for comparing a file's schema with the one a run writes. */
function elementText(e: SchemaElement): string {
  const l = e.logical_type as Record<string, unknown> | undefined;
  const logical =
    l === undefined
      ? ''
      : Object.keys(l)
          .sort()
          .map((k) => `${k}=${String(l[k])}`)
          .join(',');
  return [e.name, e.type ?? '', e.repetition_type ?? '', e.converted_type ?? '', e.num_children ?? '', logical].join('|');
}

const FLOAT_TYPES = new Set(['DOUBLE', 'FLOAT']);

/**
 * The row groups of `source` that may be kept when its first `sameRows` rows of `rows` are written
 * again unchanged under `schema`; undefined when none may (the file is written whole).
 */
export function keptGroups(
  source: unknown,
  schema: readonly SchemaElement[],
  rows: readonly Row[],
  sameRows: number,
  groupRows: number,
): KeptGroups | undefined {
  if (!isSource(source)) return undefined;
  const { bytes, metadata } = source;
  if (
    metadata.schema.length !== schema.length ||
    metadata.schema.some((e, i) => elementText(e) !== elementText(schema[i] as SchemaElement))
  )
    return undefined;
  const leaves = schema.slice(1);
  const groups: RowGroup[] = [];
  const indexes: Array<{ chunk: ColumnChunk; offsetIndex?: OffsetIndex }> = [];
  let end = 4;
  let kept = 0;
  for (const group of metadata.row_groups) {
    // A group as one full export cuts it, and wholly within the rows written again unchanged.
    if (Number(group.num_rows) !== groupRows || kept + groupRows > sameRows || group.columns.length !== leaves.length) break;
    const taken = takeGroup(group, bytes, end, leaves, rows.slice(kept, kept + groupRows));
    if (taken === undefined) break;
    groups.push(taken.group);
    indexes.push(...taken.indexes);
    end = taken.end;
    kept += groupRows;
  }
  if (groups.length === 0) return undefined;
  return { bytes: bytes.subarray(4, end), groups, indexes, rows: kept };
}

/** One row group starting at `start`, its chunks back to back; undefined when it holds what gpumkt does not write. */
function takeGroup(group: RowGroup, bytes: Uint8Array, start: number, leaves: readonly SchemaElement[], rows: readonly Row[]) {
  let at = start;
  const columns: ColumnChunk[] = [];
  const indexes: Array<{ chunk: ColumnChunk; offsetIndex?: OffsetIndex }> = [];
  for (const [i, c] of group.columns.entries()) {
    const m = c.meta_data;
    if (m === undefined || c.file_path !== undefined || c.column_index_offset !== undefined || m.bloom_filter_offset !== undefined)
      return undefined;
    const first = Number(m.dictionary_page_offset ?? m.data_page_offset);
    const size = Number(m.total_compressed_size);
    if (first !== at || at + size > bytes.length) return undefined;
    at += size;
    let offsetIndex: OffsetIndex | undefined;
    if (c.offset_index_offset !== undefined) {
      const from = Number(c.offset_index_offset);
      const length = c.offset_index_length ?? 0;
      if (from < at || from + length > bytes.length) return undefined;
      offsetIndex = readOffsetIndex({ view: new DataView(bytes.buffer, bytes.byteOffset + from, length), offset: 0 });
    }
    const leaf = leaves[i] as SchemaElement;
    // The reader does not return a float column's NaN count; the writer stores one: counted from the rows.
    const statistics =
      m.statistics !== undefined && FLOAT_TYPES.has(String(leaf.type))
        ? ({ ...m.statistics, nan_count: BigInt(rows.filter((r) => Number.isNaN(r[leaf.name])).length) } as typeof m.statistics)
        : m.statistics;
    const chunk: ColumnChunk = {
      ...c,
      meta_data: { ...m, statistics },
      offset_index_offset: undefined,
      offset_index_length: undefined,
    };
    columns.push(chunk);
    indexes.push({ chunk, offsetIndex });
  }
  return { group: { ...group, columns }, indexes, end: at };
}
