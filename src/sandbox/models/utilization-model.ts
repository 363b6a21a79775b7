/**
 * The utilization cross-section (`/api/gpu-utilization`), cut from the series volume-metrics serves
 * (series-model.ts):
 * - utilization_ratio: the last hourly utilization on or before today within the last 48 hours
 *   (yesterday and today), null when there is none (the feed stopped);
 * - avg_7d / avg_30d: the arithmetic mean of the daily utilization ratios of the 7 / 30 days ending
 *   today (days with data only; summed oldest first), null when there is none;
 * - a model with no daily value in 30 days is left out.
 */
import { GPU_MODELS, type GpuModel } from '../../domain/catalogues/gpus.js';
import { addDays } from '../../domain/time/dates.js';
import { seriesPoints } from './series-model.js';

/** One row of the cross-section, in the sandbox's field order. */
export interface UtilizationRow {
  gpu_type: GpuModel;
  region: 'global';
  utilization_ratio: number | null;
  avg_7d: number | null;
  avg_30d: number | null;
  /** Hour of the latest reading behind utilization_ratio, or null. */
  recorded_at: string | null;
}

/** Mean of `xs` summed in order, or null when empty. */
function mean(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** The row of one model as of `today`, or undefined when it has no daily value in the last 30 days. */
export function utilizationRow(gpu: GpuModel, today: string, now?: number): UtilizationRow | undefined {
  const daily = seriesPoints({ gpu, from: addDays(today, -29), to: today, granularity: 'daily', today, now }).points.reverse();
  if (daily.length === 0) return undefined;
  const week = addDays(today, -6);
  const latest = seriesPoints({ gpu, from: addDays(today, -1), to: today, granularity: 'hourly', today, now, limit: 1 }).points[0];
  return {
    gpu_type: gpu,
    region: 'global',
    utilization_ratio: latest ? latest.utilization : null,
    avg_7d: mean(daily.filter((p) => p.recordedAt.slice(0, 10) >= week).map((p) => p.utilization)),
    avg_30d: mean(daily.map((p) => p.utilization)),
    recorded_at: latest ? latest.recordedAt : null,
  };
}

/** Every model's row as of `today` at the clock `now` (default: the day's end), in the service's model order; models without recent data left out. */
export function utilizationRows(today: string, now?: number): UtilizationRow[] {
  const rows: UtilizationRow[] = [];
  for (const gpu of GPU_MODELS) {
    const row = utilizationRow(gpu, today, now);
    if (row) rows.push(row);
  }
  return rows;
}
