/**
 * --append for binary formats (parquet): such a file cannot grow by lines, so it is read back whole
 * (the format's `read`), the rows this run fetched are merged in with the same rules as a line append
 * (append.ts: de-duplicated by row key; restated rows reported, replaced with --replace-restated; rows
 * provisional when written refreshed silently; late rows inserted in order), and the file, or the
 * partitioned folder, is rewritten atomically.
 * The result equals one full export of the whole span. Loaded only by such appends.
 */
import { stat } from 'node:fs/promises';
import type { Context } from '../context.js';
import { EmptyError, UsageError } from '../errors.js';
import type { Row } from '../domain/row.js';
import { errorCode } from '../domain/files.js';
import type { ColumnType, FormatOptions, Formatter, ReadBack, TypedColumn } from '../output/format-types.js';
import { fileSink } from '../output/file-sink.js';
import { parseDateDays, parseTimestampMicros } from '../output/iso-time.js';
import { rowKey } from './read-existing.js';
import type { AppendResult } from './append.js';

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
  /** The column that tells rows of the same time apart (default `gpu`; volatility: `gpu_type`, memory history: `id`). */
  readonly keyColumn?: string;
}

/** The file as read back, with what the merge needs. */
export interface ExistingRows extends ReadBack {
  readonly partitionBy?: string;
  /** The latest time in the file (API form), undefined when it holds no rows. */
  readonly lastTime?: string;
  readonly firstKey?: string;
  readonly lastKey?: string;
}

/** A comparable time: microseconds for timestamps, the day number for dates, else the text. */
function timeValue(type: ColumnType | undefined, v: unknown): bigint | number | string {
  const s = String(v);
  if (type === 'timestamp') return parseTimestampMicros(s) ?? s;
  if (type === 'date') return parseDateDays(s) ?? s;
  return s;
}

/** One cell in a form that is equal exactly when the written values are equal (`2026-01-01T00:00:00Z` = `…00.000Z`). */
function canonical(type: ColumnType, v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (type === 'timestamp' || type === 'date') return String(timeValue(type, v));
  return typeof v === 'bigint' ? v.toString() : JSON.stringify(v);
}

const keyText = (k: bigint | number | string, gpu: unknown, byGpu: boolean): string => rowKey(String(k), byGpu && typeof gpu === 'string' ? gpu : undefined);

/**
 * Reads `target` back before any request, or undefined when it does not exist yet. Refuses a folder
 * without --partition-by, a file with it, a folder partitioned by another column, and documented
 * columns whose type differs from this run's (exit 2).
 */
export async function readExistingRows(spec: RewriteSpec): Promise<ExistingRows | undefined> {
  const { target, partitionBy } = spec;
  const st = await stat(target).catch((err: unknown) => {
    if (errorCode(err) === 'ENOENT') return undefined;
    throw err;
  });
  // An empty file is a new one, as for csv.
  if (st === undefined || (st.isFile() && st.size === 0)) return undefined;
  if (st.isDirectory() !== (partitionBy !== undefined)) {
    throw new UsageError(st.isDirectory() ? `${target} is a partitioned folder; give the --partition-by it was written with` : `${target} is one file; --partition-by appends to a folder`);
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
      throw new UsageError(`${target} has the columns ${cols}; this run would write ${name}${want ? ` ${want}` : ''}`, 'use the same --columns as the file, or a new file');
    }
  }
  const timeType = fileTypes.get(spec.timeKey);
  let last: Row | undefined;
  let lastT: bigint | number | string | undefined;
  for (const row of back.rows) {
    const t = timeValue(timeType, row[spec.timeKey]);
    if (lastT === undefined || t >= lastT) (last = row), (lastT = t);
  }
  const keyColumn = spec.keyColumn ?? 'gpu';
  const byGpu = fileTypes.has(keyColumn);
  const first = back.rows[0];
  return {
    ...back,
    lastTime: last === undefined ? undefined : String(last[spec.timeKey]),
    firstKey: first === undefined ? undefined : keyText(String(first[spec.timeKey]), first[keyColumn], byGpu),
    lastKey: last === undefined ? undefined : keyText(String(last[spec.timeKey]), last[keyColumn], byGpu),
  };
}

const listKeys = (keys: readonly string[]): string => keys.slice(0, 3).join(', ') + (keys.length > 3 ? `, … (${keys.length} in all)` : '');
const sameColumns = (a: readonly TypedColumn[], b: readonly TypedColumn[], skip?: string): boolean => {
  const text = (cs: readonly TypedColumn[]): string => cs.filter((c) => c.name !== skip).map((c) => `${c.name} ${c.type}`).sort().join(', ');
  return text(a) === text(b);
};

/** Merges this run's rows into the existing ones and rewrites the file or folder atomically; see the module comment. */
export async function rewriteRows(ctx: Context, existing: ExistingRows, rows: readonly Row[], spec: RewriteSpec): Promise<AppendResult> {
  const types = new Map(existing.columns.map((c) => [c.name, c.type]));
  const timeType = types.get(spec.timeKey);
  // Rows of the same time are told apart by the key column (the model): without it, one model's row would match another's.
  const keyColumn = spec.keyColumn ?? 'gpu';
  const byGpu = types.has(keyColumn) || rows.some((r) => typeof r[keyColumn] === 'string');
  // Rows match on the written value of their time (`…00Z` = `…00.000Z`); messages show the time as received.
  const key = (row: Row): string => keyText(timeValue(timeType, row[spec.timeKey]), row[keyColumn], byGpu);
  const shown = (row: Row): string => keyText(String(row[spec.timeKey]), row[keyColumn], byGpu);
  const text = (row: Row): string => existing.columns.map((c) => canonical(c.type, row[c.name])).join('\u0001');
  const lastT = existing.lastTime === undefined ? undefined : timeValue(timeType, existing.lastTime);
  const startT = existing.lastTime === undefined ? undefined : timeValue(timeType === 'timestamp' ? 'date' : timeType, spec.regionStart(existing.lastTime));
  // A region start is a day; for timestamps it is compared as that day's first microsecond.
  const start = typeof startT === 'number' && timeType === 'timestamp' ? BigInt(startT) * 86_400_000_000n : startT;
  const region = new Map<string, number>();
  existing.rows.forEach((row, i) => {
    if (start !== undefined && timeValue(timeType, row[spec.timeKey]) >= start) region.set(key(row), i);
  });
  const fresh: Row[] = [];
  const restated = new Map<number, Row>();
  // Rows of a day on or after the day the file was last written were provisional then: refreshed silently.
  const refreshed = new Map<number, Row>();
  const writtenOn = await stat(spec.target).then((st) => new Date(st.mtimeMs).toISOString().slice(0, 10), () => undefined);
  const late: Row[] = [];
  let lastKey = existing.lastKey;
  for (const row of rows) {
    const k = key(row);
    const t = timeValue(timeType, row[spec.timeKey]);
    const old = region.get(k);
    if (old !== undefined) {
      if (spec.windowDependent?.(row) === true) continue;
      if (text(row) === text(existing.rows[old] as Row)) continue;
      if (writtenOn !== undefined && String(row[spec.timeKey]).slice(0, 10) >= writtenOn) refreshed.set(old, row);
      else restated.set(old, row);
    } else if (lastT === undefined || t >= lastT) {
      fresh.push(row);
      lastKey = shown(row);
    } else if (region.size > 0 && start !== undefined && t >= start) {
      late.push(row);
    }
  }
  const replacing = spec.replaceRestated && restated.size > 0;
  if (restated.size > 0) {
    const keys = [...restated.values()].map(shown);
    const what = `${restated.size} row${restated.size === 1 ? '' : 's'} in ${spec.target} came back with different values (restated): ${listKeys(keys)}`;
    ctx.log.warn(replacing ? `${what}; replaced` : `${what}; kept as they were (--replace-restated replaces them)`);
  }
  const total = existing.rows.length + fresh.length + late.length;
  const result = { total, added: fresh.length + late.length, replaced: replacing ? restated.size : 0, late: late.length, lastKey };
  if (fresh.length === 0 && late.length === 0 && refreshed.size === 0 && !replacing) {
    const since = existing.lastTime ? ` after ${existing.lastTime}` : '';
    if (spec.failEmpty) throw new EmptyError(`no new rows${since}; ${spec.target} left unchanged`);
    ctx.log.info(`no new rows${since}; ${spec.target} left unchanged`);
    return { ...result, written: false };
  }
  let merged = existing.rows.map((row, i) => refreshed.get(i) ?? (replacing ? (restated.get(i) ?? row) : row));
  if (late.length > 0) {
    // Late rows (a day the service published late) go where one full export has them: by time, then model order.
    const rank = new Map((spec.gpuOrder ?? []).map((g, i) => [g, i]));
    const cmp = (a: Row, b: Row): number => {
      const ta = timeValue(timeType, a[spec.timeKey]);
      const tb = timeValue(timeType, b[spec.timeKey]);
      if (ta !== tb) return ta < tb ? -1 : 1;
      return (rank.get(String(a[keyColumn])) ?? 0) - (rank.get(String(b[keyColumn])) ?? 0);
    };
    merged = [...merged, ...late].sort(cmp);
  }
  for (const row of fresh) merged.push(row);
  const columns = (spec.formatter.columnsFor as NonNullable<Formatter['columnsFor']>)(merged, spec.options);
  if (existing.columns.length > 0 && !sameColumns(existing.columns, columns, spec.partitionBy)) {
    const cols = (cs: readonly TypedColumn[]): string => cs.filter((c) => c.name !== spec.partitionBy).map((c) => `${c.name} ${c.type}`).join(', ');
    throw new UsageError(`${spec.target} has the columns ${cols(existing.columns)}; this run would write ${cols(columns)}`, 'use the same --columns as the file, or a new file');
  }
  await writeRows(ctx, spec, merged);
  ctx.committed?.();
  const extras = [late.length > 0 ? `${late.length} late row${late.length === 1 ? '' : 's'} inserted` : '', refreshed.size > 0 ? `${refreshed.size} provisional updated` : '', replacing ? `${restated.size} restated replaced` : ''].filter((x) => x !== '');
  ctx.log.info(`appended ${fresh.length} new row${fresh.length === 1 ? '' : 's'} to ${spec.target} (${total} in all${extras.length > 0 ? `, ${extras.join(', ')}` : ''})`);
  return { ...result, written: true };
}

/** Writes all rows to the target: one file through the atomic sink, or the partitioned folder swapped in whole. */
export async function writeRows(ctx: Context, spec: Pick<RewriteSpec, 'target' | 'formatter' | 'options' | 'partitionBy'>, rows: readonly Row[]): Promise<void> {
  const { formatter, target } = spec;
  if (spec.partitionBy !== undefined && formatter.writeFolder) {
    await formatter.writeFolder(rows, target, spec.options, spec.partitionBy, ctx.signal);
    return;
  }
  const sink = await fileSink(target);
  ctx.onCleanup(() => sink.abort());
  if (formatter.write === undefined) throw new Error(`${formatter.name} has no byte writer`);
  await formatter.write(rows, sink, spec.options);
}
