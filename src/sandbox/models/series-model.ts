/** The per-model series (docs/api-contract.md §2) computed from the synthetic market: daily or hourly points, newest first. */
import type { GpuModel } from '../../domain/catalogues/gpus.js';
import { daysBetween, msToDate } from '../../domain/time/dates.js';
import { DAY_MS, HISTORY_START, HISTORY_START_MS, READINGS_PER_DAY, hourReading, missingHours, modelIndex } from './readings.js';
import { dayStatsAsOf, endOfDayMs, readingsAsOf } from './clock.js';

/** A resolved granularity. */
export type Grain = 'daily' | 'hourly';

/** `auto` resolves to daily for windows of more than this many days (inclusive), hourly otherwise. */
export const AUTO_DAILY_ABOVE_DAYS = 30;

/** One point of a series, carrying every value the three endpoints serve. */
export interface SeriesPoint {
  /** YYYY-MM-DDTHH:00:00.000Z (hourly) or YYYY-MM-DDT00:00:00.000Z (daily). */
  readonly recordedAt: string;
  /** When the underlying reading was taken (daily: the day's last reading). */
  readonly exactTimestamp: string;
  /** Price index, USD per GPU-hour (daily: the day's mean hourly price). */
  readonly price: number;
  /** rented / capacity of the hour (daily: of the day's means). */
  readonly utilization: number;
  readonly grain: Grain;
}

/** A series request against the model. */
export interface SeriesQuery {
  readonly gpu: GpuModel;
  /** Inclusive window, YYYY-MM-DD. */
  readonly from: string;
  readonly to: string;
  readonly granularity: Grain;
  /** The clock's UTC date: the last day with data. */
  readonly today: string;
  /** The clock, epoch ms (default: the end of `today`): readings taken after it do not exist yet. */
  readonly now?: number;
  /** Keep only the N most recent points (default: all). */
  readonly limit?: number;
}

/** Points of a window: how many exist, and the most recent `limit` of them, newest first. */
export interface SeriesResult {
  readonly total: number;
  readonly points: SeriesPoint[];
}

/** Resolves `auto`: daily when the window spans more than 30 days (inclusive), else hourly. */
export function resolveGranularity(granularity: 'daily' | 'hourly' | 'auto', from: string, to: string): Grain {
  if (granularity !== 'auto') return granularity;
  return daysBetween(from, to) + 1 > AUTO_DAILY_ABOVE_DAYS ? 'daily' : 'hourly';
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/**
 * ISO 8601 of a whole-second time within day d, `YYYY-MM-DDTHH:MM:SS.000Z`, given that day's date
 * string: Date#toISOString was a third of a full-history request's time, this is plain concatenation.
 */
function isoIn(day: string, d: number, ms: number): string {
  const s = Math.floor((ms - HISTORY_START_MS - d * DAY_MS) / 1000);
  const hh = Math.floor(s / 3600),
    mm = Math.floor((s % 3600) / 60),
    ss = s % 60;
  return `${day}T${TWO_DIGITS[hh]}:${TWO_DIGITS[mm]}:${TWO_DIGITS[ss]}.000Z`;
}

/** The window's points, newest first; work and memory are bounded by the window clipped to the history, never by `limit`. */
export function seriesPoints(q: SeriesQuery): SeriesResult {
  const m = modelIndex(q.gpu);
  const first = Math.max(0, daysBetween(HISTORY_START, q.from));
  const last = Math.min(daysBetween(HISTORY_START, q.today), daysBetween(HISTORY_START, q.to));
  const limit = q.limit ?? Number.POSITIVE_INFINITY;
  const asOf = q.now ?? endOfDayMs(q.today);
  let total = 0;
  // Counting is cheap (a hash per day); points are only built for the most recent `limit`.
  for (let d = first; d <= last; d++) {
    const n = readingsAsOf(m, d, asOf);
    total += q.granularity === 'daily' ? (n > 0 ? 1 : 0) : n;
  }
  const points: SeriesPoint[] = [];
  for (let d = last; d >= first && points.length < limit; d--) {
    const day = msToDate(HISTORY_START_MS + d * DAY_MS);
    if (q.granularity === 'daily') {
      // The clock's own day: the average of the hours so far (provisional).
      const s = dayStatsAsOf(m, d, asOf);
      if (!s) continue;
      points.push({
        recordedAt: `${day}T00:00:00.000Z`,
        exactTimestamp: isoIn(day, d, s.lastExactMs),
        price: s.price,
        utilization: s.rented / s.capacity,
        grain: 'daily',
      });
      continue;
    }
    const missing = missingHours(m, d);
    for (let hh = READINGS_PER_DAY - 1; hh >= 0 && points.length < limit; hh--) {
      const r = hourReading(m, d * READINGS_PER_DAY + hh, missing);
      if (!r || r.exactMs > asOf) continue;
      points.push({
        recordedAt: isoIn(day, d, r.hourMs),
        exactTimestamp: isoIn(day, d, r.exactMs),
        price: r.price,
        utilization: r.rented / r.capacity,
        grain: 'hourly',
      });
    }
  }
  return { total, points };
}

/**
 * history-range's order, which the API calls "not reliable": deterministic but not sorted, so that
 * clients must sort. Hourly: days newest first, hours oldest first within a day. Daily: months newest
 * first, days oldest first within a month. Takes newest-first points.
 */
export function rangeOrder(points: readonly SeriesPoint[]): SeriesPoint[] {
  const out: SeriesPoint[] = [];
  let group: SeriesPoint[] = [];
  let key = '';
  for (const p of points) {
    const k = p.recordedAt.slice(0, p.grain === 'hourly' ? 10 : 7);
    if (k !== key) {
      for (let i = group.length - 1; i >= 0; i--) out.push(group[i] as SeriesPoint);
      group = [];
      key = k;
    }
    group.push(p);
  }
  for (let i = group.length - 1; i >= 0; i--) out.push(group[i] as SeriesPoint);
  return out;
}
