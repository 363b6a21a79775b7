/**
 * The first half of --append for binary formats (rewrite-append.ts): what the rewrite knows about the
 * run, and the file or partitioned folder read back before any request, with the comparable forms of
 * times and cells the merge uses.
 */
import { UsageError } from '../errors.js';
import type { ColumnType, FormatOptions, Formatter, ReadBack, TypedColumn } from '../output/format-types.js';
import { parseDateDays, parseTimestampMicros } from '../domain/time/iso-time.js';
import { rowKey } from './read-existing.js';
import { keyColumnList, keyValue, type KeyColumns } from './key-columns.js';
import type { Row } from '../domain/row.js';
import { pathInfo } from '../store/paths.js';

/** What the rewrite needs to know about the run. */
export interface RewriteSpec {
  readonly target: string;
  readonly timeKey: string;
  readonly formatter: Formatter;
  readonly options: FormatOptions;
  readonly partitionBy?: string;
  readonly windowDependent?: (row: Row) => boolean;
  readonly replaceRestated: boolean;
  readonly failEmpty: boolean;
  /** The first day of the overlap region, given the file's last time. */
  readonly regionStart: (lastTime: string) => string;
  /** The models' order within one time, for inserting late rows where a full export has them. */
  readonly gpuOrder?: readonly string[];
  /** The column(s) that tell rows of the same time apart (default `gpu`; memory history `id`, power `market`; workload: lab and family). */
  readonly keyColumn?: KeyColumns;
}

/** The file as read back, with what the merge needs. */
export interface ExistingRows extends ReadBack {
  readonly partitionBy?: string;
  /** The latest time in the file (API form), undefined when it holds no rows. */
  readonly lastTime?: string;
  readonly firstKey?: string;
  readonly lastKey?: string;
  /** Each row's comparable time (timeValue), in order: parsed once, here, for the merge too. */
  readonly times?: ReadonlyArray<bigint | number | string>;
}

/** A comparable time: microseconds for timestamps, the day number for dates, else the text. */
export function timeValue(type: ColumnType | undefined, v: unknown): bigint | number | string {
  const s = String(v);
  if (type === 'timestamp') return parseTimestampMicros(s) ?? s;
  if (type === 'date') return parseDateDays(s) ?? s;
  return s;
}

/** One cell in a form that is equal exactly when the written values are equal (`2026-01-01T00:00:00Z` = `…00.000Z`). */
export function canonical(type: ColumnType, v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (type === 'timestamp' || type === 'date') return String(timeValue(type, v));
  return typeof v === 'bigint' ? v.toString() : JSON.stringify(v);
}

export const keyText = (k: bigint | number | string, gpu: string | undefined, byGpu: boolean): string =>
  rowKey(String(k), byGpu ? gpu : undefined);

/**
 * Reads `target` back before any request, or undefined when it does not exist yet. Refuses a folder
 * without --partition-by, a file with it, a folder partitioned by another column, and documented
 * columns whose type differs from this run's (exit 2).
 */
export async function readExistingRows(spec: RewriteSpec): Promise<ExistingRows | undefined> {
  const { target, partitionBy } = spec;
  const st = await pathInfo(target);
  // An empty file is a new one, as for csv.
  if (st === undefined || (st.kind === 'file' && st.size === 0)) return undefined;
  if ((st.kind === 'folder') !== (partitionBy !== undefined)) {
    throw new UsageError(
      st.kind === 'folder'
        ? `${target} is a partitioned folder; give the --partition-by it was written with`
        : `${target} is one file; --partition-by appends to a folder`,
    );
  }
  const back = (await (spec.formatter.read as NonNullable<Formatter['read']>)(target)) as ReadBack & { partitionBy?: string };
  if (partitionBy !== undefined && back.partitionBy !== undefined && back.partitionBy !== partitionBy) {
    throw new UsageError(`${target} is partitioned by ${back.partitionBy}; this run would partition by ${partitionBy}`);
  }
  const fileTypes = new Map(back.columns.map((c) => [c.name, c.type]));
  const declared = spec.options.types ?? {};
  for (const name of spec.options.columns) {
    if (back.rows.length === 0 && back.columns.length === 0) break;
    const has = fileTypes.get(name);
    const want = declared[name];
    if (has === undefined || (want !== undefined && name !== back.partitionBy && has !== want)) {
      const cols = back.columns.map((c) => `${c.name} ${c.type}`).join(', ');
      throw new UsageError(
        `${target} has the columns ${cols}; this run would write ${name}${want ? ` ${want}` : ''}`,
        'use the same --columns as the file, or a new file',
      );
    }
  }
  return describeExisting(back, spec);
}

/** Rows read back with what the merge needs of them: the last time, the first and last key. */
export function describeExisting(
  back: ReadBack & { partitionBy?: string },
  spec: Pick<RewriteSpec, 'timeKey' | 'keyColumn'>,
): ExistingRows {
  const fileTypes = new Map(back.columns.map((c) => [c.name, c.type]));
  const timeType = fileTypes.get(spec.timeKey);
  let last: Row | undefined;
  let lastT: bigint | number | string | undefined;
  const times = new Array<bigint | number | string>(back.rows.length);
  for (let i = 0; i < back.rows.length; i++) {
    const row = back.rows[i] as Row;
    const t = timeValue(timeType, row[spec.timeKey]);
    times[i] = t;
    if (lastT === undefined || t >= lastT) {
      last = row;
      lastT = t;
    }
  }
  const byGpu = keyColumnList(spec.keyColumn).some((c) => fileTypes.has(c));
  const first = back.rows[0];
  return {
    ...back,
    lastTime: last === undefined ? undefined : String(last[spec.timeKey]),
    firstKey: first === undefined ? undefined : keyText(String(first[spec.timeKey]), keyValue(first, spec.keyColumn), byGpu),
    lastKey: last === undefined ? undefined : keyText(String(last[spec.timeKey]), keyValue(last, spec.keyColumn), byGpu),
    times,
  };
}

export const sameColumns = (a: readonly TypedColumn[], b: readonly TypedColumn[], skip?: string): boolean => {
  const text = (cs: readonly TypedColumn[]): string =>
    cs
      .filter((c) => c.name !== skip)
      .map((c) => `${c.name} ${c.type}`)
      .sort()
      .join(', ');
  return text(a) === text(b);
};
