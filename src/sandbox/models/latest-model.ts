/**
 * The latest prices of a model, cut from the same series history-simple serves (series-model.ts), so
 * they can never disagree with it:
 * - the settled daily index: the last daily point on or before yesterday (the day before the
 *   sandbox's today), looked for within the 7 days the service's settled daily endpoints expose;
 * - the current (hourly) index: the last hourly point on or before today, within the same 7 days.
 */
import type { GpuModel } from '../../domain/catalogues/gpus.js';
import { addDays } from '../../domain/time/dates.js';
import { seriesPoints, type Grain, type SeriesPoint } from './series-model.js';

/** Days, ending on the last eligible day, in which a latest value is looked for (the docs' 7-day settled window). */
export const LATEST_LOOKBACK_DAYS = 7;

/** The most recent point of a grain within the lookback window ending on `to`, or undefined. */
function lastPoint(gpu: GpuModel, to: string, granularity: Grain, today: string, now?: number): SeriesPoint | undefined {
  const from = addDays(to, -(LATEST_LOOKBACK_DAYS - 1));
  return seriesPoints({ gpu, from, to, granularity, today, now, limit: 1 }).points[0];
}

/** The last settled day: the day before today (today is still being printed). */
export function settledDay(today: string): string {
  return addDays(today, -1);
}

/** A model's latest settled daily index: its day (YYYY-MM-DD) and value, or undefined when none in the lookback. */
export function latestDaily(gpu: GpuModel, today: string): { date: string; value: number } | undefined {
  const p = lastPoint(gpu, settledDay(today), 'daily', today);
  return p && { date: p.recordedAt.slice(0, 10), value: p.price };
}

/**
 * A model's current (hourly) index: the last hour read at or before the clock `now` (default: the end
 * of `today`) and when it was read, or undefined when none in the lookback.
 */
export function currentIndex(gpu: GpuModel, today: string, now?: number): { value: number; lastUpdated: string } | undefined {
  const p = lastPoint(gpu, today, 'hourly', today, now);
  return p && { value: p.price, lastUpdated: p.exactTimestamp };
}
