/** history / volume / range: one request per model (fan-out), every row of the window, one table. */
import type { Context } from '../context.js';
import { InvalidResponseError, UsageError } from '../errors.js';
import type { Endpoint } from '../api/endpoint.js';
import type { Row } from '../domain/row.js';
import type { SeriesParams } from '../api/endpoints/common.js';
import { historyRangeEndpoint, historySimpleEndpoint, volumeMetricsEndpoint } from '../api/endpoints/index.js';
import { resolveGpuList, type GpuModel } from '../domain/gpus.js';
import { daysBetween, resolveWindow } from '../domain/dates.js';
import { checkSeries } from '../domain/checks.js';
import type { AnalysisFlags, SeriesFlags } from '../commands/options.js';
import type { SeriesEndpointId } from '../commands/series.js';
import { loadSettings, openSession, type Session } from './session.js';
import { planOutput } from './output-plan.js';
import { emitDryRun, emitRaw, emitRows, reportViolations, sortRows } from './emit.js';
import { FAN_OUT, mapConcurrent } from './fan-out.js';
import { openExport } from '../export/export-run.js';
import { fetchInParts } from './series-chunks.js';
import { withProgress } from './progress.js';
import { emitAnalysis, planAnalysis } from './analysis.js';

type SeriesEndpoint = Endpoint<SeriesParams, { query?: { records_found?: number; limit_applied?: number } }>;

const ENDPOINTS: Record<SeriesEndpointId, SeriesEndpoint> = {
  'history-simple': historySimpleEndpoint,
  'volume-metrics': volumeMetricsEndpoint,
  'history-range': historyRangeEndpoint,
};

/** The most points a window can hold: one a day for daily, 24 a day otherwise (auto may mean hourly). */
export function windowCapacity(from: string, to: string, granularity: SeriesParams['granularity']): number {
  const days = daysBetween(from, to) + 1;
  return granularity === 'daily' ? days : days * 24;
}

/**
 * One model's rows. With `all`, a `records_found` above what came back is fetched again; a service
 * that caps the rows gets the window in parts (series-chunks.ts) unless `canSplit` is false (--raw),
 * and otherwise the run fails loudly rather than export a short series.
 */
export async function fetchSeries(session: Session, endpoint: SeriesEndpoint, params: SeriesParams, all: boolean, canSplit = true): Promise<{ rows: Row[]; text: string }> {
  let res = await session.get(endpoint, params);
  let found = res.body.query?.records_found;
  if (!all) return res;
  if (found === undefined) {
    // No count to compare with: a full response under a lowered limit may be a cut one.
    const applied = res.body.query?.limit_applied;
    if (applied === undefined || applied >= params.limit || res.rows.length < applied || res.rows.length === 0) return res;
    if (canSplit) return { rows: await fetchInParts(session, endpoint, params, res), text: res.text };
    throw new InvalidResponseError(`${endpoint.id} ${params.gpu}: the service applied a limit of ${applied} rows (asked: ${params.limit}) and sent that many; refusing a possibly short export`, 'narrow the window with --from/--to');
  }
  if (found <= res.rows.length) return res;
  if (found > params.limit) {
    // The window holds more than we thought possible: ask once more for exactly what it holds.
    res = await session.get(endpoint, { ...params, limit: found });
    found = res.body.query?.records_found ?? 0;
    if (found <= res.rows.length) return res;
  }
  if (canSplit && res.rows.length > 0) return { rows: await fetchInParts(session, endpoint, params, res), text: res.text };
  throw new InvalidResponseError(
    `${endpoint.id} ${params.gpu}: the service reports ${found} rows in the window but sent ${res.rows.length} (limit applied: ${res.body.query?.limit_applied ?? 'unknown'}); refusing a silently short export`,
    'narrow the window with --from/--to',
  );
}

/** Runs a series command end to end. */
export async function runSeries(ctx: Context, endpointId: SeriesEndpointId, gpuInputs: string[], flags: SeriesFlags & AnalysisFlags): Promise<void> {
  const endpoint = ENDPOINTS[endpointId];
  const gpus = resolveGpuList(gpuInputs);
  let window = resolveWindow(flags.from, flags.to, ctx.today());
  const timeKey = endpoint.timeKey as string;
  const multi = gpus.length > 1 || flags.columns?.includes('gpu') === true;
  const valid = [...endpoint.columns, 'gpu'];
  const defaults = multi ? ['gpu', ...endpoint.columns] : endpoint.columns;
  const settings = await loadSettings(ctx);
  const plan = await planOutput(flags, ctx, { valid, defaults, series: true }, settings.format);
  if (plan.raw && gpus.length > 1) throw new UsageError('--raw prints one response body; give one GPU model');
  if (plan.append && (flags.granularity === 'auto' || flags.limit !== 'all')) {
    // auto resolves by the window's length, and a shorter append window would switch daily rows to hourly.
    throw new UsageError('--append needs --granularity daily or hourly, and --limit all', "'auto' depends on the window's length, which an append shortens");
  }
  const analysis = planAnalysis(flags, plan, { timeKey, valueKey: endpoint.valueKey as string, numeric: endpoint.columns.filter((c) => c === endpoint.valueKey) });
  const session = await openSession(ctx, settings);
  const exp = await openExport(ctx, plan, session, { command: endpointId, timeKey, overlapDays: 0 });
  if (exp) window = exp.window(window);
  const all = flags.limit === 'all';
  const limit = all ? windowCapacity(window.from, window.to, flags.granularity) : (flags.limit as number);
  const params = gpus.map((gpu): SeriesParams => ({ gpu, from: window.from, to: window.to, granularity: flags.granularity, limit }));
  if (session.dryRun) return emitDryRun(ctx, params.map((p) => session.curl(endpoint, p)));
  const results = await withProgress(ctx, session, params.length, (s) => mapConcurrent(params, FAN_OUT, (p) => fetchSeries(s, endpoint, p, all, !plan.raw)));
  if (plan.raw) return emitRaw(ctx, plan, (results[0] as { text: string }).text);
  // Each model sorted on its own (TimSort turns the service's newest-first runs around in linear time).
  const perModel = results.map((r) => sortRows(r.rows, timeKey, 'asc'));
  // Only the rows go on: the response texts, as large as the export itself, are freed before formatting.
  results.length = 0;
  reportViolations(ctx, plan, perModel.flatMap((rows, i) => checkSeries(rows, timeKey, gpus.length > 1 ? gpus[i] : '')));
  if (analysis) return emitAnalysis(ctx, plan, analysis, perModel.map((rows, i) => ({ label: gpus[i] as string, rows })));
  const rows = multi ? sortRows(combine(perModel, gpus), timeKey, 'asc', gpus) : (perModel[0] ?? []);
  if (plan.order === 'desc') rows.reverse();
  await emitRows(ctx, plan, rows, rows.length, exp);
}

/** Puts the models' rows into one list, each row with a leading `gpu` field. */
function combine(perModel: Row[][], gpus: readonly GpuModel[]): Row[] {
  return perModel.flatMap((rows, i) => rows.map((r) => ({ gpu: gpus[i], ...r })));
}
