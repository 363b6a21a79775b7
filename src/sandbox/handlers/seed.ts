/**
 * The five endpoints: validate parameters exactly as the service does, then serve the model's numbers.
 *
 * Where the spec is silent (docs/api-contract.md §3 fixes the rest), the sandbox decides:
 * - startDate/endDate on every endpoint: endDate defaults to today, startDate to 29 days before endDate;
 *   a malformed or impossible date, or startDate after endDate, is 400. Only 4.1 caps the window (400 days).
 * - granularity (4.2–4.4) defaults to auto: daily for windows over 30 days inclusive, else hourly.
 * - limit (4.2–4.4) defaults to 100; the N most recent points are served; limit_applied echoes it
 *   (capped at 2^53 − 1 so it stays a JSON-safe integer); records_found counts the whole window.
 * - 4.1 echoes the requested window (defaults filled in) as startDate/endDate, not clipped to the data.
 * - start_date/end_date echo the window as `YYYY-MM-DDT00:00:00.000Z` / `YYYY-MM-DDT23:59:59.999Z`.
 * - 4.2–4.4 answer an empty window (before the history, after today) with 200 and no rows; 4.1 with 404.
 * - A known parameter given twice is 400; unknown parameters are ignored.
 * - Memory `type` matches an id or a name exactly (case-sensitive); an unknown category is 400.
 * Beyond the seed (the service's documentation; plans.ts has the plan rules):
 * - the series carry `access` and `granularity` (the grain served; also `query.data_granularity`);
 *   a premium key asking for hourly or auto is served daily; util-index carries `access`;
 * - GET /api/gpu/{gpuName}/hourly, a route for sub-daily data only: full plan; premium gets 403.
 *   Its parameters and shape are not documented: the sandbox takes history-range's (startDate,
 *   endDate, limit), serves hourly rows newest first with history-range's row fields.
 */
import { DEFAULT_BASE_DATE, SERIES_DEFAULT_LIMIT, UTIL_INDEX_MAX_DAYS } from '../../domain/service/contract.js';
import { GPU_MODELS, isGpuModel, type GpuModel } from '../../domain/catalogues/gpus.js';
import { MEMORY_CATEGORIES, MEMORY_TYPES } from '../../domain/catalogues/memory-types.js';
import { addDays, daysBetween } from '../../domain/time/dates.js';
import { INVALID_GPU_MESSAGE, badRequest, echo, jsonReply, noData, type Reply } from '../http.js';
import type { Params } from '../params.js';
import { accessOf, requireSubDaily, windowedAccess, type Plan } from '../plans.js';
import { memoryRowAt, memoryTypeByIdOrName } from '../models/memory-model.js';
import { rangeOrder, resolveGranularity, seriesPoints } from '../models/series-model.js';
import { utilIndexSeries, type RebaseMode } from '../models/util-index-model.js';

/** What every handler gets: the parameters, the clock, the caller's plan, and how util-index rebases. */
export interface HandlerInput {
  readonly params: Params;
  /** The clock's UTC date: the last day with data. */
  readonly today: string;
  /** The clock, epoch ms: nothing taken after it is served. */
  readonly now: number;
  readonly plan: Plan;
  readonly rebase: RebaseMode;
}

// The contract's constants (domain/service/contract.ts), under the names the sandbox's tests know.
export { DEFAULT_BASE_DATE };
/** Longest utilization-index window, in days inclusive (docs/api-contract.md §3). */
export const MAX_WINDOW_DAYS = UTIL_INDEX_MAX_DAYS;
/** Default `limit` of the series endpoints (the service's default for history-simple). */
export const DEFAULT_LIMIT = SERIES_DEFAULT_LIMIT;
/** Days before endDate of the default startDate: a trailing 30-day window. */
const DEFAULT_SPAN = 29;

/** The window of a request: endDate defaults to today, startDate to 29 days before endDate. */
function window(params: Params, today: string): { from: string; to: string } {
  const to = params.date('endDate', () => today);
  const from = params.date('startDate', () => addDays(to, -DEFAULT_SPAN));
  if (from > to) throw badRequest('startDate must not be after endDate');
  return { from, to };
}

/** GET /api/utilization-index/history (docs/api-contract.md §2). */
export function utilIndexHandler({ params, today, now, plan, rebase }: HandlerInput): Reply {
  const gpuType = params.get('gpuType');
  if (gpuType !== undefined && !isGpuModel(gpuType)) throw badRequest(INVALID_GPU_MESSAGE);
  const { from, to } = window(params, today);
  if (daysBetween(from, to) + 1 > MAX_WINDOW_DAYS) throw badRequest(`Date range too large: at most ${MAX_WINDOW_DAYS} days per request`);
  const baseDate = params.date('baseDate', () => DEFAULT_BASE_DATE);
  const region = params.get('region') ?? 'global';
  if (region !== 'global') throw noData(`No daily index data found for region ${echo(region)}`);
  const series = utilIndexSeries({ gpuType, from, to, baseDate, today, now, rebase });
  if (series.rows.length === 0) throw noData(`No daily index data found for ${gpuType ?? 'all GPU types'}`);
  return jsonReply(200, {
    success: true,
    access: accessOf(plan),
    startDate: from,
    endDate: to,
    region,
    gpuTypes: gpuType === undefined ? [...GPU_MODELS] : [gpuType],
    baseDate,
    baseAvailable: series.baseAvailable,
    intensitySource: 'unavailable',
    count: series.rows.length,
    data: series.rows,
  });
}

/** The per-model series endpoints: the seed's three (docs/api-contract.md §2) and the sub-daily-only `hourly`. */
export type SeriesKind = 'history-simple' | 'volume-metrics' | 'history-range' | 'hourly';

/** GET /api/gpu/{gpuName}/{kind}: the N most recent points of the window, at the grain the plan is served. */
export function seriesHandler(kind: SeriesKind, gpuName: string, { params, today, now, plan }: HandlerInput): Reply {
  // The plan excludes this route itself, whatever is asked of it.
  if (kind === 'hourly') requireSubDaily(plan);
  if (!isGpuModel(gpuName)) throw badRequest(INVALID_GPU_MESSAGE);
  const gpu: GpuModel = gpuName;
  const { from, to } = window(params, today);
  const asked = kind === 'hourly' ? 'hourly' : resolveGranularity(params.granularity(), from, to);
  const limit = params.limit(DEFAULT_LIMIT);
  // After validation, so a malformed request is a 400 whatever the plan; a lower plan is served
  // daily rows rather than refused, and the response says which grain it got.
  const { access, grain } = windowedAccess(plan, { gpu, from, today, grain: asked });
  const { total, points } = seriesPoints({ gpu, from, to, granularity: grain, today, now, limit });
  const start_date = `${from}T00:00:00.000Z`;
  const end_date = `${to}T23:59:59.999Z`;
  // Echo the limit as a JSON-safe integer; a larger one means "everything" all the same.
  const limit_applied = Math.min(limit, Number.MAX_SAFE_INTEGER);
  const head = { success: true, access, granularity: grain };
  if (kind === 'history-simple') {
    return jsonReply(200, {
      ...head,
      query: { gpu_name: gpu, start_date, end_date, records_found: total, limit_applied, data_granularity: grain },
      data: points.map((p) => ({ timestamp: p.recordedAt, index_value: p.price })),
    });
  }
  const query = { gpu_name: gpu, region: '', start_date, end_date, records_found: total, limit_applied, data_granularity: grain };
  if (kind === 'volume-metrics') {
    return jsonReply(200, {
      ...head,
      query,
      data: points.map((p) => ({ recorded_at: p.recordedAt, exact_timestamp: p.exactTimestamp, utilization_ratio: p.utilization })),
    });
  }
  return jsonReply(200, {
    ...head,
    query,
    // history-range's order is not reliable (rangeOrder); the hourly route's is newest first.
    data: (kind === 'hourly' ? points : rangeOrder(points)).map((p) => ({
      recorded_at: p.recordedAt,
      exact_timestamp: p.exactTimestamp,
      index_value: p.price,
      data_type: p.grain,
    })),
  });
}

/** GET /api/memory-index (docs/api-contract.md §2): all types, a category, or one type (one object); each type as last picked up by the clock. */
export function memoryHandler({ params, now }: HandlerInput): Reply {
  const category = params.get('category');
  if (category !== undefined && !(MEMORY_CATEGORIES as readonly string[]).includes(category)) {
    throw badRequest(`Invalid category. Allowed: ${MEMORY_CATEGORIES.join(', ')}`);
  }
  const typeParam = params.get('type');
  if (typeParam !== undefined) {
    const type = memoryTypeByIdOrName(typeParam);
    if (!type) throw noData(`No memory price data found for type ${echo(typeParam)}`);
    if (category !== undefined && type.category !== category) {
      throw noData(`No memory price data found for type ${type.name} in category ${category}`);
    }
    const row = memoryRowAt(type, now);
    return jsonReply(200, { success: true, date: row.date, data: row, count: 1 });
  }
  const rows = MEMORY_TYPES.map((t) => memoryRowAt(t, now)).filter((r) => category === undefined || r.category === category);
  // The snapshot's date: its newest reading's (before the day's pick-ups, or on a weekend, the rows are
  // an earlier day's).
  const date = rows.reduce((d, r) => (r.date > d ? r.date : d), '');
  return jsonReply(200, { success: true, date, data: rows, count: rows.length });
}
