/**
 * The endpoints beyond the seed's five (docs/api-contract.md §2): validate parameters, then serve the models
 * of latest-model.ts, volatility-model.ts, utilization-model.ts, memory-model.ts and catalog.ts.
 *
 * Where the docs are silent, the sandbox decides:
 * - `/api/daily-index` and `/api/daily-index/all` have no documented body; they take the shape of
 *   their single-model sibling `/api/gpu/{gpuName}` with `date` (the settled day, YYYY-MM-DD) in place
 *   of `last_updated`: `{ success, data: { gpu_name, region: "", index_value, date } }`, and for /all
 *   `{ success, count, data: [ … ] }`. Without a key /all lists the five free models only.
 * - volatility: `{ success, query: { gpu_name, region: "global", start_date, end_date, window_days,
 *   records_found }, data }`; an empty window is 200 with no rows, as on the other series endpoints.
 * - gpu-utilization: `{ success, count, data }`, rows `{ gpu_type, region, utilization_ratio, avg_7d,
 *   avg_30d, recorded_at }` (recorded_at: the hour behind utilization_ratio).
 * - memory history: startDate/endDate default like the other endpoints (endDate today, startDate 29
 *   days before); `limit` (default 1000) keeps the N most recent rows; an unknown type is 404, as on
 *   `/api/memory-index`; a window without trading days is 200 with no rows.
 */
import { MEMORY_HISTORY_LIMIT, VOLATILITY_WINDOW_DAYS } from '../../domain/service/contract.js';
import { GPU_MODELS, isGpuModel, type GpuModel } from '../../domain/catalogues/gpus.js';
import { addDays } from '../../domain/time/dates.js';
import { AUTH_MESSAGES, INVALID_GPU_MESSAGE, badRequest, echo, jsonReply, noData, unauthorized, type Reply } from '../http.js';
import type { Params } from '../params.js';
import type { Plan } from '../plans.js';
import { FREE_GPU_MODELS, gpuTypesBody, healthBody, isFreeGpu, memoryTypesBody } from '../models/catalog.js';
import { currentIndex, latestDaily } from '../models/latest-model.js';
import { volatilitySeries } from '../models/volatility-model.js';
import { utilizationRows } from '../models/utilization-model.js';
import { memoryHistory, memoryTypeByIdOrName } from '../models/memory-model.js';

/** What every extra handler gets: parameters, the day the data ends, whether a valid key came, and path parameters. */
export interface ExtraInput {
  readonly params: Params;
  readonly today: string;
  /** The clock (epoch ms): nothing read after it is served; current values are the last hour at or before it. */
  readonly now: number;
  /** True when the request carried a valid key (any plan). */
  readonly keyed: boolean;
  /** The caller's plan (`public` without a key). */
  readonly plan: Plan;
  /** Decoded path parameters, by the route pattern's names. */
  readonly path: Readonly<Record<string, string>>;
}

/** Default and bounds of volatility's `windowDays` (domain/service/contract.ts). */
export const VOLATILITY_WINDOW = VOLATILITY_WINDOW_DAYS;
/** Default `limit` of the memory history (domain/service/contract.ts). */
export { MEMORY_HISTORY_LIMIT };

/** A model a caller may ask for: 400 when unknown, 401 when it needs a key that was not sent. */
function allowedGpu(name: string | undefined, keyed: boolean): GpuModel {
  if (name === undefined || !isGpuModel(name)) throw badRequest(INVALID_GPU_MESSAGE);
  if (!keyed && !isFreeGpu(name)) throw unauthorized(AUTH_MESSAGES.missing);
  return name;
}

/** GET /health. */
export const healthHandler = (): Reply => jsonReply(200, healthBody());
/** GET /api/gpu-types. */
export const gpuTypesHandler = (): Reply => jsonReply(200, gpuTypesBody(false));
/** GET /api/gpu-types-free. */
export const gpuTypesFreeHandler = (): Reply => jsonReply(200, gpuTypesBody(true));
/** GET /api/memory-types. */
export const memoryTypesHandler = (): Reply => jsonReply(200, memoryTypesBody());

/** The settled daily row of a model, or undefined. */
function dailyRow(gpu: GpuModel, today: string): { gpu_name: GpuModel; region: ''; index_value: number; date: string } | undefined {
  const latest = latestDaily(gpu, today);
  return latest && { gpu_name: gpu, region: '', index_value: latest.value, date: latest.date };
}

/** GET /api/daily-index?gpuType=: the latest settled daily index of one model. */
export function dailyIndexHandler({ params, today, keyed }: ExtraInput): Reply {
  const name = params.get('gpuType');
  if (name === undefined) throw badRequest('gpuType query parameter is required');
  const gpu = allowedGpu(name, keyed);
  const row = dailyRow(gpu, today);
  if (!row) throw noData(`No daily index data found for ${gpu}`);
  return jsonReply(200, { success: true, data: row });
}

/** GET /api/daily-index/all: the latest settled daily index of every model the caller may see. */
export function dailyIndexAllHandler({ today, keyed }: ExtraInput): Reply {
  const data = (keyed ? GPU_MODELS : FREE_GPU_MODELS).flatMap((gpu) => dailyRow(gpu, today) ?? []);
  if (data.length === 0) throw noData('No daily index data found for any GPU type');
  return jsonReply(200, { success: true, count: data.length, data });
}

/** GET /api/gpu/{gpuName}: the current (hourly) index. */
export function currentIndexHandler({ today, now, keyed, path }: ExtraInput): Reply {
  const gpu = allowedGpu(path.gpuName, keyed);
  const current = currentIndex(gpu, today, now);
  if (!current) throw noData(`No index data found for ${gpu}`);
  return jsonReply(200, {
    success: true,
    data: { gpu_name: gpu, region: '', index_value: current.value, last_updated: current.lastUpdated },
  });
}

/** `windowDays`: an integer from 1 to 365, default 30. */
function windowDays(params: Params): number {
  const v = params.get('windowDays');
  if (v === undefined) return VOLATILITY_WINDOW.default;
  const n = /^[0-9]{1,4}$/.test(v) ? Number(v) : Number.NaN;
  if (!(n >= VOLATILITY_WINDOW.min && n <= VOLATILITY_WINDOW.max)) {
    throw badRequest(`Invalid windowDays: must be an integer from ${VOLATILITY_WINDOW.min} to ${VOLATILITY_WINDOW.max}`);
  }
  return n;
}

/** GET /api/gpu/{gpuName}/volatility: both dates required, rows most recent first. */
export function volatilityHandler({ params, today, now, keyed, path }: ExtraInput): Reply {
  const gpu = allowedGpu(path.gpuName, keyed);
  const required = (): string => {
    throw badRequest('startDate and endDate query parameters are required (format: YYYY-MM-DD)');
  };
  const from = params.date('startDate', required);
  const to = params.date('endDate', required);
  if (from > to) throw badRequest('startDate must not be after endDate');
  const window_days = windowDays(params);
  const points = volatilitySeries({ gpu, from, to, windowDays: window_days, today, now });
  return jsonReply(200, {
    success: true,
    query: {
      gpu_name: gpu,
      region: 'global',
      start_date: `${from}T00:00:00.000Z`,
      end_date: `${to}T23:59:59.999Z`,
      window_days,
      records_found: points.length,
    },
    data: points.map((p) => ({
      recorded_at: p.recordedAt,
      gpu_type: gpu,
      region: 'global',
      index_value: p.value,
      rolling_volatility: p.volatility,
      window_days,
    })),
  });
}

/** GET /api/gpu-utilization: the latest utilization and its 7- and 30-day means per model. */
export function gpuUtilizationHandler({ today, now }: ExtraInput): Reply {
  const data = utilizationRows(today, now);
  return jsonReply(200, { success: true, count: data.length, data });
}

/** GET /api/memory/{type}/history: one type's daily prices, oldest first. */
export function memoryHistoryHandler({ params, today, path }: ExtraInput): Reply {
  const typeParam = path.type ?? '';
  const type = memoryTypeByIdOrName(typeParam);
  if (!type) throw noData(`No memory price data found for type ${echo(typeParam)}`);
  const to = params.date('endDate', () => today);
  const from = params.date('startDate', () => addDays(to, -29));
  if (from > to) throw badRequest('startDate must not be after endDate');
  const limit = params.limit(MEMORY_HISTORY_LIMIT);
  const data = memoryHistory({ type, from, to, today, limit });
  return jsonReply(200, { success: true, id: type.id, memoryType: type.name, count: data.length, data });
}
