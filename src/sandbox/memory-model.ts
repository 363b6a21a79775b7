/** Memory spot prices (spec 2.6/4.5) from the synthetic market: 14 types, deterministic for a given day. */
import { MEMORY_TYPES, type MemoryType } from '../domain/memory-types.js';
import { addDays, daysBetween, msToDate } from '../domain/dates.js';
import { intBelow, roundTo, unit } from './prng.js';
import { HISTORY_START } from './readings.js';

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

// Typical spot prices in USD per unit (chip or module), in MEMORY_TYPES order.
const BASE_PRICES = [1.2, 1.9, 1.5, 3.6, 3.0, 5.2, 4.3, 2.6, 3.9, 1.4, 2.1, 32, 140, 48] as const;
const S_KNOT = 21, S_NOISE = 22, S_UPDATED = 23, S_LAG = 24;
/** Days between knots of the slow price cycle. */
const KNOT_DAYS = 14;

/** Price of type i on day d (days since HISTORY_START, may be negative): a slow cycle plus daily noise, 3 decimals. */
function priceOn(i: number, d: number): number {
  const k = Math.floor(d / KNOT_DAYS);
  const frac = (d - k * KNOT_DAYS) / KNOT_DAYS;
  const a = 2 * unit(S_KNOT, i, k) - 1;
  const b = 2 * unit(S_KNOT, i, k + 1) - 1;
  const cycle = a + (b - a) * frac;
  return roundTo((BASE_PRICES[i] as number) * (1 + 0.25 * cycle + 0.02 * (unit(S_NOISE, i, d) - 0.5)), 3);
}

/** When type i's price of day d (starting at `midnight`, epoch ms) is published at the source and picked up by the service. */
function publication(i: number, d: number, midnight: number): { source: number; updated: number } {
  // The source publishes between 06:00 and 07:00 UTC; the service picks it up 1–10 minutes later.
  const source = midnight + (6 * 3600 + intBelow(3600, S_UPDATED, i, d)) * 1000;
  return { source, updated: source + (60 + intBelow(540, S_LAG, i, d)) * 1000 };
}

/** The row of one memory type for day `today` (YYYY-MM-DD), whatever the time of day. */
export function memoryRow(type: MemoryType, today: string): SandboxMemoryRow {
  const i = MEMORY_TYPES.indexOf(type);
  const d = daysBetween(HISTORY_START, today);
  const price = priceOn(i, d);
  const prev = priceOn(i, d - 1);
  let weeklyHigh = price, weeklyLow = price;
  for (let k = 1; k < 7; k++) {
    const p = priceOn(i, d - k);
    weeklyHigh = Math.max(weeklyHigh, p);
    weeklyLow = Math.min(weeklyLow, p);
  }
  const midnight = Date.parse(`${today}T00:00:00.000Z`);
  const { source, updated } = publication(i, d, midnight);
  return {
    id: type.id,
    memoryType: type.name,
    category: type.category,
    price,
    changePct: ((price - prev) / prev) * 100,
    weeklyHigh,
    weeklyLow,
    sourceUpdatedAt: new Date(source).toISOString(),
    date: new Date(midnight).toISOString(),
    updatedAt: new Date(updated).toISOString(),
  };
}

/** Every memory type's row for day `today`, in the service's order. */
export function memoryRows(today: string): SandboxMemoryRow[] {
  return MEMORY_TYPES.map((t) => memoryRow(t, today));
}

/** The row of one memory type the service holds at the clock `nowMs`: today's once picked up (updatedAt ≤ clock), else yesterday's. */
export function memoryRowAt(type: MemoryType, nowMs: number): SandboxMemoryRow {
  const today = msToDate(nowMs);
  const i = MEMORY_TYPES.indexOf(type);
  const { updated } = publication(i, daysBetween(HISTORY_START, today), Date.parse(`${today}T00:00:00.000Z`));
  return memoryRow(type, updated <= nowMs ? today : addDays(today, -1));
}

/** Finds a type by exact id or exact name (the CLI normalises user input before sending). */
export function memoryTypeByIdOrName(s: string): MemoryType | undefined {
  return MEMORY_TYPES.find((t) => t.id === s || t.name === s);
}
