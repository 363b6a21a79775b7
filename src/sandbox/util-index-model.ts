/** The utilization index (spec 2.1/4.1) computed from the synthetic market: published days, decomposition, rebasing. */
import { GPU_MODELS, type GpuModel } from '../domain/gpus.js';
import { daysBetween, msToDate } from '../domain/dates.js';
import { roundTo } from './prng.js';
import { DAY_MS, HISTORY_START, HISTORY_START_MS, READINGS_PER_DAY, dayStats, modelIndex } from './readings.js';

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
  /** Last day with data. */
  readonly today: string;
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

/** The published day d of one model or of the aggregate, or undefined (incomplete, before history, after today). */
function publishedAt(gpuType: GpuModel | undefined, d: number, lastDay: number): PublishedDay | undefined {
  if (d < 0 || d > lastDay) return undefined;
  const date = msToDate(HISTORY_START_MS + d * DAY_MS);
  if (gpuType !== undefined) {
    const s = dayStats(modelIndex(gpuType), d);
    if (!s || s.readings < READINGS_PER_DAY) return undefined;
    return { date, capacity: s.capacity, rented: s.rented, price: s.price, readings: s.readings, reportingTypes: 1 };
  }
  // The aggregate is published only when every model is: a like-for-like basket, never a day
  // whose capacity jumps because a model dropped out of it.
  let capacity = 0, rented = 0, revenue = 0;
  for (let m = 0; m < GPU_MODELS.length; m++) {
    const s = dayStats(m, d);
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

/** The published day `date` of a model (or the aggregate), or undefined when it is not published as of `today`. */
export function publishedDay(gpuType: GpuModel | undefined, date: string, today: string): PublishedDay | undefined {
  return publishedAt(gpuType, dayIndex(date), dayIndex(today));
}

/** The eur of the base day when it is published as of `today` (it may lie outside any window), else undefined. */
export function baseEur(gpuType: GpuModel | undefined, baseDate: string, today: string): number | undefined {
  const p = publishedDay(gpuType, baseDate, today);
  return p ? p.rented / p.capacity : undefined;
}

/** Builds one row; `prev` is the decomposition baseline (previous published day) or undefined. */
function toRow(t: PublishedDay, prev: PublishedDay | undefined, base: number): SandboxUtilRow {
  const occupancy = t.rented / t.capacity;
  const eur = occupancy;
  let demandEffect: number | null = null, supplyEffect: number | null = null, occupancyChange: number | null = null;
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
  const first = Math.max(0, dayIndex(q.from));
  const last = Math.min(lastDay, dayIndex(q.to));
  const days: PublishedDay[] = [];
  for (let d = first; d <= last; d++) {
    const p = publishedAt(q.gpuType, d, lastDay);
    if (p) days.push(p);
  }
  let prev: PublishedDay | undefined;
  if (q.decomposeFirst) {
    for (let d = first - 1; d >= 0 && d <= lastDay && !prev; d--) prev = publishedAt(q.gpuType, d, lastDay);
  }
  const fixedBase = baseEur(q.gpuType, q.baseDate, q.today);
  const firstDay = days[0];
  // No published base day: rebase so that the window's first row is 100.
  const base = fixedBase ?? (firstDay ? firstDay.rented / firstDay.capacity : 1);
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
