/**
 * The rest of the GPU routes (docs/api-contract.md §2), served from point-models.ts and the series:
 * the previous settled day, the rolling 24-hour average and its daily history, the record nearest a
 * time, and the public daily series (`index-history`, its H100 twin `h100-history`). Where the docs
 * give no body the sandbox decides, in the shapes of the routes beside them:
 * - `/api/daily-index/{gpu}/previous`: `{ success, data: { gpu_name, region: "", index_value, date } }`;
 * - `/rolling-24h-average`: `{ success, access, data: { gpu_name, region: "", average_usd_per_hour,
 *   last_updated } }` (like /api/gpu/{gpuName}); its `/history`: `{ success, access, granularity:
 *   "daily", query, data }` with rows `{ date, average_usd_per_hour }`, newest first;
 * - `/history?datetime=`: `{ success, access, granularity, data: { gpu_name, requested_datetime,
 *   timestamp, index_value, time_difference (seconds), is_exact } }`, never 404 for a time out of range;
 * - `index-history`: `{ success, access, granularity: "daily", query, data }`, rows `{ timestamp,
 *   index_value }` newest first; dates default to the free window (3 months back) through today.
 */
import { isGpuModel, type GpuModel } from '../../domain/catalogues/gpus.js';
import { addDays } from '../../domain/time/dates.js';
import { isoInstant, parseInstant } from '../../domain/time/instants.js';
import { AUTH_MESSAGES, INVALID_GPU_MESSAGE, badRequest, jsonReply, noData, unauthorized, type Reply } from '../http.js';
import type { Params } from '../params.js';
import { accessOf, freeWindowStart, requireSubDaily } from '../plans.js';
import { isFreeGpu } from '../models/catalog.js';
import { seriesPoints } from '../models/series-model.js';
import { nearestPoint, previousDaily, rollingAverage, rollingHistory } from '../models/point-models.js';
import type { ExtraInput } from './tables.js';

/** The service's 400 for a missing or unreadable `datetime`. */
export const DATETIME_MESSAGE = 'datetime query parameter is required (format: YYYY-MM-DD HH:MM:SS or ISO 8601)';

/** A known model a caller may ask for: 400 when unknown, 401 without a key for RTX PRO 6000 WS. */
function gpuOf(name: string | undefined, keyed: boolean): GpuModel {
  if (name === undefined || !isGpuModel(name)) throw badRequest(INVALID_GPU_MESSAGE);
  if (!keyed && !isFreeGpu(name)) throw unauthorized(AUTH_MESSAGES.missing);
  return name;
}

/** startDate/endDate with defaults: endDate today, startDate `defaultFrom(endDate)`. */
function window(params: Params, today: string, defaultFrom: (to: string) => string): { from: string; to: string } {
  const to = params.date('endDate', () => today);
  const from = params.date('startDate', () => defaultFrom(to));
  if (from > to) throw badRequest('startDate must not be after endDate');
  return { from, to };
}

/** The `query` echo of the ranged routes. */
function queryEcho(gpu: GpuModel, from: string, to: string, found: number): Record<string, unknown> {
  return { gpu_name: gpu, start_date: `${from}T00:00:00.000Z`, end_date: `${to}T23:59:59.999Z`, records_found: found };
}

/** GET /api/daily-index/{gpuName}/previous: the settled day before the latest. */
export function previousHandler({ today, keyed, path }: ExtraInput): Reply {
  const gpu = gpuOf(path.gpuName, keyed);
  const prev = previousDaily(gpu, today);
  if (!prev) throw noData(`No previous daily index data found for ${gpu}`);
  return jsonReply(200, { success: true, data: { gpu_name: gpu, region: '', index_value: prev.value, date: prev.date } });
}

/** GET /api/gpu/{gpuName}/rolling-24h-average: the current value, a route for sub-daily data (full plan only). */
export function rollingCurrentHandler({ today, now, plan, path }: ExtraInput): Reply {
  requireSubDaily(plan);
  const gpu = gpuOf(path.gpuName, true);
  const r = rollingAverage(gpu, now, today, now);
  if (!r) throw noData(`No rolling average data found for ${gpu}`);
  return jsonReply(200, {
    success: true,
    access: accessOf(plan),
    data: { gpu_name: gpu, region: '', average_usd_per_hour: r.value, last_updated: r.lastUpdated },
  });
}

/** GET /api/gpu/{gpuName}/rolling-24h-average/history: the daily history (any key; daily grain). */
export function rollingHistoryHandler({ params, today, now, plan, path }: ExtraInput): Reply {
  const gpu = gpuOf(path.gpuName, true);
  const { from, to } = window(params, today, (end) => addDays(end, -29));
  const days = rollingHistory(gpu, from, to, today, now);
  return jsonReply(200, {
    success: true,
    access: accessOf(plan),
    granularity: 'daily',
    query: queryEcho(gpu, from, to, days.length),
    data: days.map((d) => ({ date: d.date, average_usd_per_hour: d.value })),
  });
}

/** GET /api/gpu/{gpuName}/history?datetime=: the record nearest a time (hourly for a full key, daily for premium). */
export function nearestHandler({ params, today, now, plan, path }: ExtraInput): Reply {
  const gpu = gpuOf(path.gpuName, true);
  const raw = params.get('datetime');
  const at = raw === undefined ? undefined : parseInstant(raw);
  if (at === undefined) throw badRequest(DATETIME_MESSAGE);
  const grain = plan === 'full' ? 'hourly' : 'daily';
  const p = nearestPoint(gpu, at, grain, today, now);
  if (!p) throw noData(`No index data found for ${gpu}`);
  return jsonReply(200, {
    success: true,
    access: accessOf(plan),
    granularity: grain,
    data: {
      gpu_name: gpu,
      requested_datetime: isoInstant(at),
      timestamp: p.timestamp,
      index_value: p.value,
      time_difference: p.seconds,
      is_exact: p.seconds === 0,
    },
  });
}

/** GET /api/gpu/{gpuName}/index-history (and /api/h100-history): the public daily series; no key: free five, trailing 3 months. */
export function indexHistoryHandler({ params, today, now, plan, keyed, path }: ExtraInput): Reply {
  const gpu = gpuOf(path.gpuName ?? 'H100 SXM', keyed);
  const start = freeWindowStart(today);
  const { from, to } = window(params, today, () => start);
  if (!keyed && from < start) throw unauthorized(AUTH_MESSAGES.missing);
  const { total, points } = seriesPoints({ gpu, from, to, granularity: 'daily', today, now });
  return jsonReply(200, {
    success: true,
    access: accessOf(plan),
    granularity: 'daily',
    query: queryEcho(gpu, from, to, total),
    data: points.map((p) => ({ timestamp: p.recordedAt, index_value: p.price })),
  });
}
