/**
 * Memory spot prices (docs/api-contract.md §2, and memory history) from the synthetic market: 14 types, one daily
 * series per type from which both the snapshot (`/api/memory-index`) and the history
 * (`/api/memory/{type}/history`) are cut, so the history's last row is always the snapshot.
 *
 * Readings exist on trading days only: Monday to Friday (HISTORY_START, 2024-01-01, is a Monday),
 * no holidays. The snapshot as of a day is the latest reading on or before it (a weekend shows
 * Friday's). changePct compares with the previous reading; weeklyHigh/weeklyLow span the readings
 * of the 7 calendar days ending on the reading's day (five of them).
 */
import { MEMORY_TYPES, type MemoryType } from '../../domain/catalogues/memory-types.js';
import { addDays, daysBetween, msToDate } from '../../domain/time/dates.js';
import { intBelow, roundTo, unit } from './prng.js';
import { DAY_MS, HISTORY_START, HISTORY_START_MS } from './readings.js';

/** One row of 2.6, plus the type's `id` as the service sends it. */
export interface SandboxMemoryRow {
  id: string;
  memoryType: string;
  category: string;
  price: number;
  changePct: number;
  weeklyHigh: number;
  weeklyLow: number;
  sourceUpdatedAt: string;
  date: string;
  updatedAt: string;
}

/** One row of the memory history, fields in the documented order; `timestamp` is the snapshot's `updatedAt`. */
export interface SandboxMemoryHistoryRow {
  date: string;
  id: string;
  memoryType: string;
  category: string;
  price: number;
  weeklyHigh: number;
  weeklyLow: number;
  changePct: number;
  sourceUpdatedAt: string;
  timestamp: string;
}

// Typical spot prices in USD per unit (chip or module), in MEMORY_TYPES order.
const BASE_PRICES = [1.2, 1.9, 1.5, 3.6, 3.0, 5.2, 4.3, 2.6, 3.9, 1.4, 2.1, 32, 140, 48] as const;
const S_KNOT = 21,
  S_NOISE = 22,
  S_UPDATED = 23,
  S_LAG = 24;
/** Days between knots of the slow price cycle. */
const KNOT_DAYS = 14;
/** Calendar days a weekly high/low spans, the reading's own day included. */
const WEEK_DAYS = 7;

/** Price of type i on day d (days since HISTORY_START, may be negative): a slow cycle plus daily noise, 3 decimals. */
function priceOn(i: number, d: number): number {
  const k = Math.floor(d / KNOT_DAYS);
  const frac = (d - k * KNOT_DAYS) / KNOT_DAYS;
  const a = 2 * unit(S_KNOT, i, k) - 1;
  const b = 2 * unit(S_KNOT, i, k + 1) - 1;
  const cycle = a + (b - a) * frac;
  return roundTo((BASE_PRICES[i] as number) * (1 + 0.25 * cycle + 0.02 * (unit(S_NOISE, i, d) - 0.5)), 3);
}

/** True when day d is a trading day (Mon–Fri): day 0 is a Monday. */
export function isTradingDay(d: number): boolean {
  return ((d % 7) + 7) % 7 < 5;
}

/** The latest trading day on or before day d. */
function tradingDayAtOrBefore(d: number): number {
  while (!isTradingDay(d)) d--;
  return d;
}

/** The common reading behind a snapshot row and a history row: type i on trading day d. */
interface Reading {
  readonly type: MemoryType;
  readonly price: number;
  readonly changePct: number;
  readonly weeklyHigh: number;
  readonly weeklyLow: number;
  readonly date: string;
  readonly sourceUpdatedAt: string;
  readonly updatedAt: string;
}

/** When type i's reading of day d is published at the source and picked up by the service (epoch ms). */
function publication(i: number, d: number): { source: number; updated: number } {
  // The source publishes between 06:00 and 07:00 UTC; the service picks it up 1–10 minutes later.
  const source = HISTORY_START_MS + d * DAY_MS + (6 * 3600 + intBelow(3600, S_UPDATED, i, d)) * 1000;
  return { source, updated: source + (60 + intBelow(540, S_LAG, i, d)) * 1000 };
}

/** Type i's reading on trading day d. */
function readingOn(i: number, d: number): Reading {
  const price = priceOn(i, d);
  const prev = priceOn(i, tradingDayAtOrBefore(d - 1));
  let weeklyHigh = price,
    weeklyLow = price;
  for (let k = 1; k < WEEK_DAYS; k++) {
    if (!isTradingDay(d - k)) continue;
    const p = priceOn(i, d - k);
    weeklyHigh = Math.max(weeklyHigh, p);
    weeklyLow = Math.min(weeklyLow, p);
  }
  const midnight = HISTORY_START_MS + d * DAY_MS;
  const { source, updated } = publication(i, d);
  return {
    type: MEMORY_TYPES[i] as MemoryType,
    price,
    changePct: ((price - prev) / prev) * 100,
    weeklyHigh,
    weeklyLow,
    date: new Date(midnight).toISOString(),
    sourceUpdatedAt: new Date(source).toISOString(),
    updatedAt: new Date(updated).toISOString(),
  };
}

/** The snapshot row of a reading (memory-index field order). */
function snapshotRow(r: Reading): SandboxMemoryRow {
  return {
    id: r.type.id,
    memoryType: r.type.name,
    category: r.type.category,
    price: r.price,
    changePct: r.changePct,
    weeklyHigh: r.weeklyHigh,
    weeklyLow: r.weeklyLow,
    sourceUpdatedAt: r.sourceUpdatedAt,
    date: r.date,
    updatedAt: r.updatedAt,
  };
}

/** The row of one memory type as of `today` (YYYY-MM-DD): its latest reading on or before that day. */
export function memoryRow(type: MemoryType, today: string): SandboxMemoryRow {
  const d = tradingDayAtOrBefore(daysBetween(HISTORY_START, today));
  return snapshotRow(readingOn(MEMORY_TYPES.indexOf(type), d));
}

/**
 * The row of one memory type the service holds at the clock `nowMs`: today's reading once picked up
 * (updatedAt ≤ clock), else the latest reading before today.
 */
export function memoryRowAt(type: MemoryType, nowMs: number): SandboxMemoryRow {
  const today = msToDate(nowMs);
  const d = daysBetween(HISTORY_START, today);
  const ready = isTradingDay(d) && publication(MEMORY_TYPES.indexOf(type), d).updated <= nowMs;
  return memoryRow(type, ready ? today : addDays(today, -1));
}

/** Every memory type's row as of `today`, in the service's order. */
export function memoryRows(today: string): SandboxMemoryRow[] {
  return MEMORY_TYPES.map((t) => memoryRow(t, today));
}

/** A memory history request: inclusive window, the last day with data, and the N most recent rows to keep. */
export interface MemoryHistoryQuery {
  readonly type: MemoryType;
  readonly from: string;
  readonly to: string;
  readonly today: string;
  readonly limit?: number;
}

/**
 * The readings of a window (clipped to HISTORY_START..today), oldest first; with `limit`, the N most
 * recent of them (the service's other endpoints apply limit that way too), still oldest first.
 */
export function memoryHistory(q: MemoryHistoryQuery): SandboxMemoryHistoryRow[] {
  const i = MEMORY_TYPES.indexOf(q.type);
  const first = Math.max(0, daysBetween(HISTORY_START, q.from));
  const last = Math.min(daysBetween(HISTORY_START, q.today), daysBetween(HISTORY_START, q.to));
  const limit = q.limit ?? Number.POSITIVE_INFINITY;
  const rows: SandboxMemoryHistoryRow[] = [];
  for (let d = last; d >= first && rows.length < limit; d--) {
    if (!isTradingDay(d)) continue;
    const r = readingOn(i, d);
    rows.push({
      date: r.date,
      id: r.type.id,
      memoryType: r.type.name,
      category: r.type.category,
      price: r.price,
      weeklyHigh: r.weeklyHigh,
      weeklyLow: r.weeklyLow,
      changePct: r.changePct,
      sourceUpdatedAt: r.sourceUpdatedAt,
      timestamp: r.updatedAt,
    });
  }
  return rows.reverse();
}

/** Finds a type by exact id or exact name (the CLI normalises user input before sending). */
export function memoryTypeByIdOrName(s: string): MemoryType | undefined {
  return MEMORY_TYPES.find((t) => t.id === s || t.name === s);
}
