/** The utilization index (docs/api-contract.md §2, §4) computed from the synthetic market: published days, decomposition, rebasing. */
import { GPU_MODELS, type GpuModel } from '../../domain/catalogues/gpus.js';
import { daysBetween, msToDate } from '../../domain/time/dates.js';
import { roundTo } from './prng.js';
import { DAY_MS, HISTORY_START, HISTORY_START_MS, READINGS_PER_DAY, modelIndex } from './readings.js';
import { dayStatsAsOf, endOfDayMs } from './clock.js';

/**
 * How a response is rebased when its baseDate is not published (baseAvailable false); the docs do
 * not say, so the sandbox offers both behaviours a client must cope with:
 * - `per-response` (default): the response's first row is 100, so two windows differ by one factor;
 * - `exact`: the published day nearest the baseDate (the earlier on a tie), over the whole history
 *   as of the clock, is the base of every response, so two windows agree where they overlap.
 */
export type RebaseMode = 'per-response' | 'exact';

/** A published day of one model or of the aggregate: the inputs of a utilization index row. */
export interface PublishedDay {
  readonly date: string;
  readonly capacity: number;
  readonly rented: number;
  readonly price: number;
  readonly readings: number;
  readonly reportingTypes: number;
}

/** One row of 2.1, fields in the spec's order. */
export interface SandboxUtilRow {
  date: string;
  occupancy: number;
  intensity: null;
  eur: number;
  basis: 'occupancy_only';
  index: number;
  price: number;
  effectivePrice: number;
  revPag: number;
  priceCoverage: number;
  capacity: number;
  rented: number;
  demandEffect: number | null;
  supplyEffect: number | null;
  occupancyChange: number | null;
  decompositionBasis: 'no_prior_day' | 'like_for_like';
  comparable: boolean;
  reportingTypes: number;
  coverage: number;
  readings: number;
}

/** What to compute: a window of one model (or the aggregate when gpuType is absent). */
export interface UtilIndexQuery {
  /** One model, or undefined for the aggregate of all six. */
  readonly gpuType?: GpuModel;
  /** Inclusive window, YYYY-MM-DD. */
  readonly from: string;
  readonly to: string;
  /** Rebase anchor, YYYY-MM-DD. */
  readonly baseDate: string;
  /** The clock's UTC date: the last day with data. */
  readonly today: string;
  /** The clock, epoch ms (default: the end of `today`): the clock's day is published only once it has 24 readings. */
  readonly now?: number;
  /** Rebasing when the base day is not published (default `per-response`). */
  readonly rebase?: RebaseMode;
  /**
   * false (default): the service's behaviour, the first row is `no_prior_day`.
   * true: the first row is decomposed against the last published day before `from` when one exists,
   * which is what a long window stitched from several requests must show.
   */
  readonly decomposeFirst?: boolean;
}

/** The rows of a window and whether the base day was available. */
export interface UtilIndexSeries {
  readonly rows: SandboxUtilRow[];
  readonly baseAvailable: boolean;
}

/** Day index (days since HISTORY_START) of a date. */
function dayIndex(date: string): number {
  return daysBetween(HISTORY_START, date);
}

/** The published day d of one model or of the aggregate as of the clock `asOf`, or undefined (fewer than 24 readings so far, before history, after today). */
function publishedAt(gpuType: GpuModel | undefined, d: number, lastDay: number, asOf: number): PublishedDay | undefined {
  if (d < 0 || d > lastDay) return undefined;
  const date = msToDate(HISTORY_START_MS + d * DAY_MS);
  if (gpuType !== undefined) {
    const s = dayStatsAsOf(modelIndex(gpuType), d, asOf);
    if (!s || s.readings < READINGS_PER_DAY) return undefined;
    return { date, capacity: s.capacity, rented: s.rented, price: s.price, readings: s.readings, reportingTypes: 1 };
  }
  // The aggregate is published only when every model is: a like-for-like basket, never a day
  // whose capacity jumps because a model dropped out of it.
  let capacity = 0,
    rented = 0,
    revenue = 0;
  for (let m = 0; m < GPU_MODELS.length; m++) {
    const s = dayStatsAsOf(m, d, asOf);
    if (!s || s.readings < READINGS_PER_DAY) return undefined;
    capacity += s.capacity;
    rented += s.rented;
    revenue += s.price * s.rented;
  }
  return {
    date,
    capacity: roundTo(capacity, 2),
    rented: roundTo(rented, 2),
    price: roundTo(revenue / rented, 4),
    readings: READINGS_PER_DAY,
    reportingTypes: GPU_MODELS.length,
  };
}

/** The published day `date` of a model (or the aggregate), or undefined when it is not published as of the clock (default: the end of `today`). */
export function publishedDay(gpuType: GpuModel | undefined, date: string, today: string, now?: number): PublishedDay | undefined {
  return publishedAt(gpuType, dayIndex(date), dayIndex(today), now ?? endOfDayMs(today));
}

/** The eur of the base day when it is published as of the clock (it may lie outside any window), else undefined. */
export function baseEur(gpuType: GpuModel | undefined, baseDate: string, today: string, now?: number): number | undefined {
  const p = publishedDay(gpuType, baseDate, today, now);
  return p ? p.rented / p.capacity : undefined;
}

/** The published day nearest `baseDate` (the earlier on a tie) as of the clock: the base of `exact` rebasing. */
export function nearestPublishedDay(
  gpuType: GpuModel | undefined,
  baseDate: string,
  today: string,
  now?: number,
): PublishedDay | undefined {
  const lastDay = dayIndex(today);
  const asOf = now ?? endOfDayMs(today);
  // A base outside the history is nearest to the history's edge on its side: start the walk there.
  const start = Math.min(Math.max(dayIndex(baseDate), 0), lastDay);
  for (let r = 0; start - r >= 0 || start + r <= lastDay; r++) {
    const found = publishedAt(gpuType, start - r, lastDay, asOf) ?? (r > 0 ? publishedAt(gpuType, start + r, lastDay, asOf) : undefined);
    if (found) return found;
  }
  return undefined;
}

/** Builds one row; `prev` is the decomposition baseline (previous published day) or undefined. */
function toRow(t: PublishedDay, prev: PublishedDay | undefined, base: number): SandboxUtilRow {
  const occupancy = t.rented / t.capacity;
  const eur = occupancy;
  let demandEffect: number | null = null,
    supplyEffect: number | null = null,
    occupancyChange: number | null = null;
  if (prev) {
    demandEffect = (t.rented - prev.rented) / prev.capacity;
    supplyEffect = t.rented / t.capacity - t.rented / prev.capacity;
    // The float sum itself, so demandEffect + supplyEffect === occupancyChange holds bit for bit.
    occupancyChange = demandEffect + supplyEffect;
  }
  return {
    date: t.date,
    occupancy,
    intensity: null,
    eur,
    basis: 'occupancy_only',
    // eur/base first: the base day itself then gives exactly 100 (100 × 1).
    index: 100 * (eur / base),
    price: t.price,
    effectivePrice: t.price / eur,
    revPag: t.price * occupancy,
    // Every reading of a published day carries a price, and the day has every reading it should.
    priceCoverage: 1,
    capacity: t.capacity,
    rented: t.rented,
    demandEffect,
    supplyEffect,
    occupancyChange,
    decompositionBasis: prev ? 'like_for_like' : 'no_prior_day',
    comparable: prev !== undefined,
    reportingTypes: t.reportingTypes,
    coverage: t.readings / READINGS_PER_DAY,
    readings: t.readings,
  };
}

/** The utilization index rows of a window (published days only, ascending) and whether the base was available. */
export function utilIndexSeries(q: UtilIndexQuery): UtilIndexSeries {
  const lastDay = dayIndex(q.today);
  const asOf = q.now ?? endOfDayMs(q.today);
  const first = Math.max(0, dayIndex(q.from));
  const last = Math.min(lastDay, dayIndex(q.to));
  const days: PublishedDay[] = [];
  for (let d = first; d <= last; d++) {
    const p = publishedAt(q.gpuType, d, lastDay, asOf);
    if (p) days.push(p);
  }
  let prev: PublishedDay | undefined;
  if (q.decomposeFirst) {
    for (let d = first - 1; d >= 0 && d <= lastDay && !prev; d--) prev = publishedAt(q.gpuType, d, lastDay, asOf);
  }
  const fixedBase = baseEur(q.gpuType, q.baseDate, q.today, asOf);
  // No published base day: `exact` takes the nearest published day, `per-response` the window's first row.
  const fallback = q.rebase === 'exact' ? nearestPublishedDay(q.gpuType, q.baseDate, q.today, asOf) : days[0];
  const base = fixedBase ?? (fallback ? fallback.rented / fallback.capacity : 1);
  const rows = days.map((t) => {
    const row = toRow(t, prev, base);
    prev = t;
    return row;
  });
  return { rows, baseAvailable: fixedBase !== undefined };
}

/** The utilization index rows of a window (see utilIndexSeries). */
export function utilIndexRows(q: UtilIndexQuery): SandboxUtilRow[] {
  return utilIndexSeries(q).rows;
}
