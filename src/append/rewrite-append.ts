/**
 * --append for binary formats (parquet): such a file cannot grow by lines, so it is read back whole
 * (the format's `read`), the rows this run fetched are merged in by the one set of rules of merge.ts
 * (the line append uses the same), and the file, or the partitioned folder, is rewritten atomically.
 * The result equals one full export of the whole span. Loaded only by such appends.
 */
import { stat } from 'node:fs/promises';
import type { Context } from '../context.js';
import { EmptyError, UsageError } from '../errors.js';
import type { Row } from '../domain/row.js';
import { errorCode } from '../domain/files.js';
import type { ColumnType, FormatOptions, Formatter, ReadBack, TypedColumn } from '../output/format-types.js';
import { fileSink } from '../output/files/file-sink.js';
import { parseDateDays, parseTimestampMicros } from '../output/parquet/iso-time.js';
import { rowKey } from './read-existing.js';
import { exportOrder, modelOrder, planMerge, reportMerge, type AppendResult, type MergePlan, type MergeRow } from './merge.js';
import { keyColumnList, keyValue, type KeyColumns } from './key-columns.js';

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

const keyText = (k: bigint | number | string, gpu: string | undefined, byGpu: boolean): string =>
  rowKey(String(k), byGpu ? gpu : undefined);

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
    throw new UsageError(
      st.isDirectory()
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
  const timeType = fileTypes.get(spec.timeKey);
  let last: Row | undefined;
  let lastT: bigint | number | string | undefined;
  for (const row of back.rows) {
    const t = timeValue(timeType, row[spec.timeKey]);
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
  };
}

const sameColumns = (a: readonly TypedColumn[], b: readonly TypedColumn[], skip?: string): boolean => {
  const text = (cs: readonly TypedColumn[]): string =>
    cs
      .filter((c) => c.name !== skip)
      .map((c) => `${c.name} ${c.type}`)
      .sort()
      .join(', ');
  return text(a) === text(b);
};

/** How rows of this file are seen by the merge: key, comparable time, day, canonical text, model. */
interface MergeView {
  readonly asMerge: (row: Row) => MergeRow;
  /** A row's key as a person reads it (the time as received). */
  readonly shown: (row: Row) => string;
  readonly lastTime?: bigint | number | string;
  /** The first comparable time of the overlap region. */
  readonly start?: bigint | number | string;
}

/** The merge's view of the file's and this run's rows. */
function mergeView(existing: ExistingRows, rows: readonly Row[], spec: RewriteSpec): MergeView {
  const types = new Map(existing.columns.map((c) => [c.name, c.type]));
  const timeType = types.get(spec.timeKey);
  const byGpu = keyColumnList(spec.keyColumn).some((c) => types.has(c)) || rows.some((r) => keyValue(r, spec.keyColumn) !== undefined);
  // Rows match on the written value of their time (`…00Z` = `…00.000Z`); messages show the time as received.
  const text = (row: Row): string => existing.columns.map((c) => canonical(c.type, row[c.name])).join('\u0001');
  const asMerge = (row: Row): MergeRow => ({
    key: keyText(timeValue(timeType, row[spec.timeKey]), keyValue(row, spec.keyColumn), byGpu),
    time: timeValue(timeType, row[spec.timeKey]),
    day: String(row[spec.timeKey]).slice(0, 10),
    text: text(row),
    model: keyValue(row, spec.keyColumn),
  });
  const shown = (row: Row): string => keyText(String(row[spec.timeKey]), keyValue(row, spec.keyColumn), byGpu);
  if (existing.lastTime === undefined) return { asMerge, shown };
  const startT = timeValue(timeType === 'timestamp' ? 'date' : timeType, spec.regionStart(existing.lastTime));
  // A region start is a day; for timestamps it is compared as that day's first microsecond.
  const start = typeof startT === 'number' && timeType === 'timestamp' ? BigInt(startT) * 86_400_000_000n : startT;
  return { asMerge, shown, lastTime: timeValue(timeType, existing.lastTime), start };
}

/** The file's overlap region (and where each of its rows sits), and each model's first key. */
function fileRegion(existing: readonly Row[], view: MergeView) {
  const regionAt = new Map<string, number>();
  const region: MergeRow[] = [];
  const firstKeys = new Set<string>();
  const models = new Set<string | undefined>();
  existing.forEach((row, i) => {
    const m = view.asMerge(row);
    if (!models.has(m.model)) {
      models.add(m.model);
      firstKeys.add(m.key);
    }
    if (view.start === undefined || m.time < view.start) return;
    regionAt.set(m.key, i);
    region.push(m);
  });
  return { region, regionAt, firstKeys };
}

/** The file's rows with the plan applied: replacements in place, late rows in export order, fresh rows at the end. */
function applyPlan(
  existing: readonly Row[],
  rows: readonly Row[],
  plan: MergePlan,
  regionAt: ReadonlyMap<string, number>,
  replaceRestated: boolean,
  view: MergeView,
  gpuOrder?: readonly string[],
): Row[] {
  // Provisional rows take their settled values whatever the flags; restated ones only with --replace-restated.
  const replace = new Map<number, Row>();
  for (const [k, i] of [...plan.refreshed, ...(replaceRestated ? plan.restated : [])])
    replace.set(regionAt.get(k) as number, rows[i] as Row);
  const merged = existing.map((row, i) => replace.get(i) ?? row);
  if (plan.late.length > 0) {
    // Late rows (a day the service published late) go where one full export has them: by time, then model order.
    const all = [...merged, ...plan.late.map((i) => rows[i] as Row)].map((row) => ({ row, ...view.asMerge(row) }));
    merged.splice(0, merged.length, ...all.sort(exportOrder(modelOrder(gpuOrder, rows.map(view.asMerge)))).map((r) => r.row));
  }
  for (const i of plan.fresh) merged.push(rows[i] as Row);
  return merged;
}

/** Refuses rows whose typed columns differ from the file's (exit 2, the file untouched). */
function checkColumns(existing: ExistingRows, merged: readonly Row[], spec: RewriteSpec): void {
  const columns = (spec.formatter.columnsFor as NonNullable<Formatter['columnsFor']>)(merged, spec.options);
  if (existing.columns.length === 0 || sameColumns(existing.columns, columns, spec.partitionBy)) return;
  const cols = (cs: readonly TypedColumn[]): string =>
    cs
      .filter((c) => c.name !== spec.partitionBy)
      .map((c) => `${c.name} ${c.type}`)
      .join(', ');
  throw new UsageError(
    `${spec.target} has the columns ${cols(existing.columns)}; this run would write ${cols(columns)}`,
    'use the same --columns as the file, or a new file',
  );
}

/** Merges this run's rows into the existing ones and rewrites the file or folder atomically; see the module comment. */
export async function rewriteRows(ctx: Context, existing: ExistingRows, rows: readonly Row[], spec: RewriteSpec): Promise<AppendResult> {
  const view = mergeView(existing, rows, spec);
  const { region, regionAt, firstKeys } = fileRegion(existing.rows, view);
  const incoming = rows.map((row) => ({ ...view.asMerge(row), windowDependent: spec.windowDependent?.(row) === true }));
  const plan = planMerge({ region, lastTime: view.lastTime, firstKeys, windowDependent: spec.windowDependent !== undefined }, incoming);
  const lastFresh = plan.lastFresh === undefined ? undefined : rows[plan.lastFresh];
  const report = reportMerge(plan, {
    target: spec.target,
    existingRows: existing.rows.length,
    lastTimeShown: existing.lastTime,
    lastKey: lastFresh === undefined ? existing.lastKey : view.shown(lastFresh),
    restatedKeys: [...plan.restated.values()].map((i) => view.shown(rows[i] as Row)),
    replaceRestated: spec.replaceRestated,
  });
  if (report.warning !== undefined) ctx.log.warn(report.warning);
  if (report.unchanged) {
    if (spec.failEmpty) throw new EmptyError(report.message);
    ctx.log.info(report.message);
    return { ...report.result, written: false };
  }
  const merged = applyPlan(existing.rows, rows, plan, regionAt, report.replaceRestated, view, spec.gpuOrder);
  checkColumns(existing, merged, spec);
  await writeRows(ctx, spec, merged);
  ctx.committed?.();
  ctx.log.info(report.message);
  return { ...report.result, written: true };
}

/** Writes all rows to the target: one file through the atomic sink, or the partitioned folder swapped in whole. */
export async function writeRows(
  ctx: Context,
  spec: Pick<RewriteSpec, 'target' | 'formatter' | 'options' | 'partitionBy'>,
  rows: readonly Row[],
): Promise<void> {
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
