/**
 * The GPU routes that read one point, or a derived daily value, from the series (series-model.ts),
 * cut from it so they can never disagree with history:
 * - the previous settled day: the last daily point before the latest settled day (latest-model.ts);
 * - the rolling 24-hour average at an instant t: the mean of the hourly readings taken in
 *   (t − 24 h, t]. Its daily history's row for day D is that average at D's close (so a settled
 *   day's value is the mean of its own readings), and for today at the clock (= the current value);
 * - the record nearest an instant: among hourly points for a full key, daily points for a premium
 *   key (daily grain only); before the history the first point, after the clock the last one; the
 *   gap is `time_difference` in seconds (a tie goes to the earlier point).
 */
import type { GpuModel } from '../../domain/catalogues/gpus.js';
import { addDays, msToDate } from '../../domain/time/dates.js';
import { endOfDayMs } from './clock.js';
import { latestDaily, LATEST_LOOKBACK_DAYS } from './latest-model.js';
import { DAY_MS, HISTORY_START, HISTORY_START_MS } from './readings.js';
import { seriesPoints, type Grain } from './series-model.js';

/** A model's settled daily index of the day before its latest settled day: its day and value, or undefined. */
export function previousDaily(gpu: GpuModel, today: string): { date: string; value: number } | undefined {
  const latest = latestDaily(gpu, today);
  if (!latest) return undefined;
  const to = addDays(latest.date, -1);
  const p = seriesPoints({ gpu, from: addDays(to, -(LATEST_LOOKBACK_DAYS - 1)), to, granularity: 'daily', today, limit: 1 }).points[0];
  return p && { date: p.recordedAt.slice(0, 10), value: p.price };
}

/** The rolling 24-hour average at `atMs`: the value, how many readings it averages, and the newest one's time. */
export interface Rolling {
  readonly value: number;
  readonly readings: number;
  readonly lastUpdated: string;
}

/** The rolling 24-hour average of a model at `atMs` (never after the clock `now`), or undefined when no reading falls in the window. */
export function rollingAverage(gpu: GpuModel, atMs: number, today: string, now: number): Rolling | undefined {
  const at = Math.min(atMs, now);
  const day = msToDate(at);
  const { points } = seriesPoints({ gpu, from: addDays(day, -1), to: day, granularity: 'hourly', today, now: at });
  const inWindow = points.filter((p) => Date.parse(p.exactTimestamp) > at - DAY_MS);
  const newest = inWindow[0];
  if (!newest) return undefined;
  // Oldest first, so the float sum is the same on every run.
  let sum = 0;
  for (let i = inWindow.length - 1; i >= 0; i--) sum += (inWindow[i] as { price: number }).price;
  return { value: sum / inWindow.length, readings: inWindow.length, lastUpdated: newest.exactTimestamp };
}

/** One row of the rolling average's daily history. */
export interface RollingDay extends Rolling {
  readonly date: string;
}

/** The daily history of the rolling average over [from, to] (clipped to the history and the clock), newest first. */
export function rollingHistory(gpu: GpuModel, from: string, to: string, today: string, now: number): RollingDay[] {
  const out: RollingDay[] = [];
  const last = to < today ? to : today;
  for (let d = last; d >= from && d >= HISTORY_START; d = addDays(d, -1)) {
    const r = rollingAverage(gpu, endOfDayMs(d), today, now);
    if (r) out.push({ date: d, ...r });
  }
  return out;
}

/** The record nearest an instant. */
export interface Nearest {
  /** The record's time (an hour, or a day at 00:00 UTC). */
  readonly timestamp: string;
  readonly value: number;
  /** |record − requested| in whole seconds. */
  readonly seconds: number;
}

/** The point of `grain` nearest `atMs` among those taken by `now` (undefined only when the history has none yet). */
export function nearestPoint(gpu: GpuModel, atMs: number, grain: Grain, today: string, now: number): Nearest | undefined {
  // Outside the history the nearest point is at its edge: look from the edge.
  const around = Math.min(Math.max(atMs, HISTORY_START_MS), now);
  const last = msToDate(now);
  let best: Nearest | undefined;
  // Outages remove at most a day or two of readings: a few days either side always holds the nearest point.
  for (let reach = 2; best === undefined && reach <= 64; reach *= 2) {
    const from = addDays(msToDate(around), -reach);
    const toDay = addDays(msToDate(around), reach);
    const { points } = seriesPoints({ gpu, from, to: toDay < last ? toDay : last, granularity: grain, today, now });
    for (let i = points.length - 1; i >= 0; i--) {
      const p = points[i] as { recordedAt: string; price: number };
      const seconds = Math.round(Math.abs(Date.parse(p.recordedAt) - atMs) / 1000);
      if (best === undefined || seconds < best.seconds) best = { timestamp: p.recordedAt, value: p.price, seconds };
    }
  }
  return best;
}
