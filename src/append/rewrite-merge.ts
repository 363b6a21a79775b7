/**
 * The merge of an --append rewrite (rewrite-append.ts): the held rows of a file or folder and this
 * run's, seen by the one set of rules of merge.ts (the line append uses the same), with the rows to
 * write as one full export of the whole span has them. Pure: the words are returned, not said.
 */
import { UsageError } from '../errors.js';
import type { Row } from '../domain/row.js';
import type { Formatter, TypedColumn } from '../output/format-types.js';
import { exportOrder, modelOrder, planMerge, reportMerge, type MergePlan, type MergeReport, type MergeRow } from './merge.js';
import { keyColumnList, keyValue } from './key-columns.js';
import { canonical, keyText, sameColumns, timeValue, type ExistingRows, type RewriteSpec } from './rewrite-read.js';

/** How rows of this file are seen by the merge: key, comparable time, day, canonical text, model. */
interface MergeView {
  readonly asMerge: (row: Row) => MergeRow;
  /** A row's comparable time alone (what a held row outside the overlap region needs). */
  readonly time: (row: Row) => bigint | number | string;
  /** A row's key, from its comparable time. */
  readonly key: (row: Row, time: bigint | number | string) => string;
  /** A row's model (or other key column value). */
  readonly asModel: (row: Row) => string | undefined;
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
  const time = (row: Row): bigint | number | string => timeValue(timeType, row[spec.timeKey]);
  const key = (row: Row, t: bigint | number | string): string => keyText(t, keyValue(row, spec.keyColumn), byGpu);
  const asMerge = (row: Row): MergeRow => {
    const t = time(row);
    return {
      key: key(row, t),
      time: t,
      day: String(row[spec.timeKey]).slice(0, 10),
      text: text(row),
      model: keyValue(row, spec.keyColumn),
    };
  };
  const asModel = (row: Row): string | undefined => keyValue(row, spec.keyColumn);
  const shown = (row: Row): string => keyText(String(row[spec.timeKey]), keyValue(row, spec.keyColumn), byGpu);
  if (existing.lastTime === undefined) return { asMerge, time, key, asModel, shown };
  const startT = timeValue(timeType === 'timestamp' ? 'date' : timeType, spec.regionStart(existing.lastTime));
  // A region start is a day; for timestamps it is compared as that day's first microsecond.
  const start = typeof startT === 'number' && timeType === 'timestamp' ? BigInt(startT) * 86_400_000_000n : startT;
  return { asMerge, time, key, asModel, shown, lastTime: timeValue(timeType, existing.lastTime), start };
}

/**
 * The file's overlap region (and where each of its rows sits), and each model's first key. Only the
 * region's rows are seen whole (canonical text and all): a year-long file appended a day at a time
 * has a day or two of them, and every row before is looked at for its time (and, once per model, key).
 * `times` are the rows' comparable times, when already known.
 */
function fileRegion(existing: readonly Row[], view: MergeView, times?: ReadonlyArray<bigint | number | string>) {
  const regionAt = new Map<string, number>();
  const region: MergeRow[] = [];
  const firstKeys = new Set<string>();
  const models = new Set<string | undefined>();
  existing.forEach((row, i) => {
    const t = times?.[i] ?? view.time(row);
    const model = view.asModel(row);
    if (!models.has(model)) {
      models.add(model);
      firstKeys.add(view.key(row, t));
    }
    if (view.start === undefined || t < view.start) return;
    const m = view.asMerge(row);
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

/**
 * The held rows keyed like this run's: a row held twice (the same time and key; a stray copy of a file
 * in a partitioned folder) is kept once, the first read. Resolves to the rows kept and how many went.
 */
function collapseHeld(
  held: ExistingRows,
  view: MergeView,
): { held: ExistingRows; twice: number; times: ReadonlyArray<bigint | number | string> } {
  const seen = new Set<string>();
  const kept: Row[] = [];
  // Each kept row's comparable time, for fileRegion: parsed once per row, not once per look.
  const times: Array<bigint | number | string> = [];
  for (let i = 0; i < held.rows.length; i++) {
    const row = held.rows[i] as Row;
    // Parsed once when the file was read (describeExisting), else here.
    const t = held.times?.[i] ?? view.time(row);
    const key = view.key(row, t);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(row);
    times.push(t);
  }
  const twice = held.rows.length - kept.length;
  return twice === 0 ? { held, twice, times } : { held: { ...held, rows: kept, times }, twice, times };
}

/** The warning for rows held twice. */
export function heldTwiceWarning(target: string, twice: number): string {
  return `${target} held ${twice} row${twice === 1 ? '' : 's'} twice (the same time and key: a stray copy?); kept one of each`;
}

/** What the merge of held and fetched rows comes to (nothing written yet). */
export interface Merged {
  readonly report: MergeReport;
  /** The rows to write; undefined when nothing changes (the held rows stay as they are). */
  readonly rows?: Row[];
  /** Held rows dropped as held twice. */
  readonly twice: number;
  /** The restated rows' keys as a person reads them. */
  readonly restatedKeys: readonly string[];
}

/** Merges this run's rows into the held ones by the rules of merge.ts; pure (the words are returned, not said). */
export function mergeHeld(held: ExistingRows, rows: readonly Row[], spec: RewriteSpec): Merged {
  const view = mergeView(held, rows, spec);
  const { held: existing, twice, times } = collapseHeld(held, view);
  const { region, regionAt, firstKeys } = fileRegion(existing.rows, view, times);
  const incoming = rows.map((row) => ({ ...view.asMerge(row), windowDependent: spec.windowDependent?.(row) === true }));
  const plan = planMerge({ region, lastTime: view.lastTime, firstKeys, windowDependent: spec.windowDependent !== undefined }, incoming);
  const lastFresh = plan.lastFresh === undefined ? undefined : rows[plan.lastFresh];
  const restatedKeys = [...plan.restated.values()].map((i) => view.shown(rows[i] as Row));
  const report = reportMerge(plan, {
    target: spec.target,
    existingRows: existing.rows.length,
    lastTimeShown: existing.lastTime,
    lastKey: lastFresh === undefined ? existing.lastKey : view.shown(lastFresh),
    restatedKeys,
    restated: [...plan.restated].map(([k, i]) => ({
      key: view.shown(rows[i] as Row),
      old: rowText(existing.rows[regionAt.get(k) as number]),
      new: rowText(rows[i]),
    })),
    replaceRestated: spec.replaceRestated,
  });
  if (report.unchanged && twice === 0) return { report, twice, restatedKeys };
  const merged = applyPlan(existing.rows, rows, plan, regionAt, report.replaceRestated, view, spec.gpuOrder);
  if (spec.formatter.columnsFor !== undefined) checkColumns(existing, merged, spec);
  return { report, rows: merged, twice, restatedKeys };
}

/** A row as JSON, for the merge's outcome (64-bit integers and timestamps read back as bigint are written as text). */
function rowText(row: Row | undefined): string {
  return JSON.stringify(row ?? {}, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}
