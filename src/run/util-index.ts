/**
 * util-index: the aggregate, or one request series per model, each window split into ≤ 400-day
 * requests and stitched so every row keeps its decomposition against the previous published day.
 */
import type { Context } from '../context.js';
import { NoDataError, UsageError } from '../errors.js';
import type { Row } from '../domain/row.js';
import { UTIL_INDEX_COLUMNS, utilIndexEndpoint, UTIL_INDEX_MAX_DAYS, type UtilIndexParams } from '../api/endpoints/util-index.js';
import { resolveGpuList, type GpuModel } from '../domain/gpus.js';
import { daysBetween, parseUserDate, resolveWindow, type DateWindow } from '../domain/dates.js';
import { checkUtilIndexSeries } from '../domain/checks.js';
import type { UtilIndexFlags } from '../commands/util-index.js';
import { loadSettings, openSession, type Session } from './session.js';
import { planOutput } from './output-plan.js';
import { emitDryRun, emitRaw, emitRows, reportViolations, sortRows } from './emit.js';
import { FAN_OUT, mapConcurrent } from './fan-out.js';
import { CHUNK_OVERLAP_DAYS, planChunks, rebaseToFirstRow, stitch, unanchoredRows } from './util-index-chunks.js';
import { openExport } from '../export/export-run.js';
import { withProgress } from './progress.js';
import { emitAnalysis, planAnalysis } from './analysis.js';

/** Runs util-index end to end. */
export async function runUtilIndex(ctx: Context, flags: UtilIndexFlags): Promise<void> {
  const today = ctx.today();
  let window = resolveWindow(flags.from, flags.to, today);
  const baseDate = flags.baseDate === undefined ? '2026-01-01' : parseUserDate(flags.baseDate, today, '--base-date');
  const models: Array<GpuModel | undefined> = flags.gpu ? resolveGpuList(flags.gpu) : [undefined];
  const multi = models.length > 1 || flags.columns?.includes('gpu') === true;
  const settings = await loadSettings(ctx);
  const plan = await planOutput(flags, ctx, {
    valid: [...UTIL_INDEX_COLUMNS, 'gpu'],
    defaults: multi ? ['gpu', ...UTIL_INDEX_COLUMNS] : UTIL_INDEX_COLUMNS,
    table: [...(multi ? ['gpu'] : []), ...(utilIndexEndpoint.tableColumns ?? [])],
    series: true,
  }, settings.format);
  const analysis = planAnalysis(flags, plan, { timeKey: 'date', valueKey: 'occupancy', numeric: UTIL_INDEX_NUMERIC });
  if (plan.raw && (models.length > 1 || planChunks(window, UTIL_INDEX_MAX_DAYS).length > 1)) {
    throw new UsageError('--raw prints one response body; give at most one --gpu and a window of at most 400 days');
  }
  const base = (gpuType: GpuModel | undefined) => ({ gpuType, region: flags.region, baseDate });
  const session = await openSession(ctx, settings);
  // An append re-requests CHUNK_OVERLAP_DAYS before the file's last day, so its first new row keeps its decomposition.
  const exp = await openExport(ctx, plan, session, {
    command: 'util-index', timeKey: 'date', overlapDays: CHUNK_OVERLAP_DAYS, windowDependent: (r) => r.decompositionBasis === 'no_prior_day',
  });
  if (exp) window = exp.window(window);
  const chunks = planChunks(window, UTIL_INDEX_MAX_DAYS);
  if (session.dryRun) {
    return emitDryRun(ctx, models.flatMap((m) => chunks.map((c) => session.curl(utilIndexEndpoint, { ...base(m), from: c.request.from, to: c.request.to }))));
  }
  if (plan.raw) {
    const res = await session.get(utilIndexEndpoint, { ...base(models[0]), ...window });
    return emitRaw(ctx, plan, res.text);
  }
  const perModel = await withProgress(ctx, session, models.length * chunks.length, (s) => mapConcurrent(models, FAN_OUT, (m) => fetchWindow(s, base(m), window)));
  const violations = perModel.flatMap((rows, i) => checkUtilIndexSeries(rows, models[i] ?? '', false).filter((v) => !isExpectedFirstRow(rows, v)));
  reportViolations(ctx, plan, violations);
  if (analysis) return emitAnalysis(ctx, plan, analysis, perModel.map((rows, i) => ({ label: models[i] ?? 'aggregate', rows })));
  let rows: Row[] = multi ? perModel.flatMap((rs, i) => rs.map((r) => ({ gpu: models[i], ...r }))) : (perModel[0] ?? []);
  if (multi) rows = sortRows(rows, 'date', 'asc', models.filter((m): m is GpuModel => m !== undefined));
  if (plan.order === 'desc') rows.reverse();
  await emitRows(ctx, plan, rows, rows.length, exp);
}

/** The first row of the whole series may legitimately be `no_prior_day`; later ones may not. */
function isExpectedFirstRow(rows: readonly Row[], violation: string): boolean {
  const first = rows[0];
  return first !== undefined && first.decompositionBasis === 'no_prior_day' && violation.includes(` ${String(first.date)}: only the first row`);
}

/** Fetches one model's window in ≤ 400-day requests and stitches them; 404 only when every chunk is empty. */
async function fetchWindow(session: Session, base: Omit<UtilIndexParams, 'from' | 'to'>, window: DateWindow): Promise<Row[]> {
  const chunks = planChunks(window, UTIL_INDEX_MAX_DAYS);
  let lastNoData: NoDataError | undefined;
  const parts = await mapConcurrent(chunks, FAN_OUT, async (chunk) => {
    try {
      const res = await session.get(utilIndexEndpoint, { ...base, ...chunk.request });
      return { rows: res.rows, baseAvailable: res.body.baseAvailable };
    } catch (err) {
      if (err instanceof NoDataError && chunks.length > 1) {
        lastNoData = err;
        return { rows: [], baseAvailable: undefined };
      }
      throw err;
    }
  });
  const rows = stitch(chunks, parts.map((p) => p.rows));
  if (rows.length === 0 && lastNoData) throw lastNoData;
  // An overlap without a published day: ask again from the previous published day to the row, in order.
  for (const i of unanchoredRows(chunks, rows)) {
    const prev = String((rows[i - 1] as Row).date);
    const date = String((rows[i] as Row).date);
    // Beyond one request's reach the row stays as served and the spec check reports it.
    if (daysBetween(prev, date) + 1 > UTIL_INDEX_MAX_DAYS) continue;
    const res = await session.get(utilIndexEndpoint, { ...base, from: prev, to: date });
    const fixed = res.rows.find((r) => r.date === date);
    if (fixed) rows[i] = fixed;
  }
  const first = chunks[0] as (typeof chunks)[number];
  return parts.some((p) => p.baseAvailable === false) ? rebaseToFirstRow(rows, first.keep.to) : rows;
}

/** util-index columns --y may chart or summarise. */
const UTIL_INDEX_NUMERIC = UTIL_INDEX_COLUMNS.filter((c) => !['date', 'basis', 'decompositionBasis', 'comparable'].includes(c));
