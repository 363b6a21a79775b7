/**
 * The synthetic market's raw material: hourly readings of capacity, rented GPUs and price per GPU
 * model, and each day's summary. See market.ts for the contract these numbers follow.
 * Days are indexed from HISTORY_START (day 0); hours likewise (hour 0 = 2024-01-01T00:00Z).
 */
import { GPU_MODELS, type GpuModel } from '../../domain/catalogues/gpus.js';
import { intBelow, roundTo, unit } from './prng.js';

/** First day of the market's history: nothing exists before it. */
export const HISTORY_START = '2024-01-01';

/** Epoch milliseconds of HISTORY_START at 00:00 UTC. */
export const HISTORY_START_MS = Date.UTC(2024, 0, 1);

/** Milliseconds in an hour. */
export const HOUR_MS = 3_600_000;
/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;

/** Readings a complete day carries; fewer and the day is unpublished in the utilization index. */
export const READINGS_PER_DAY = 24;

interface ModelParams {
  /** Tracked GPUs at the start of history. */
  readonly capacity: number;
  /** Band of the daily occupancy level. */
  readonly occLo: number;
  readonly occHi: number;
  /** Band of the daily price level, USD per GPU-hour. */
  readonly priceLo: number;
  readonly priceHi: number;
}

// Plausible magnitudes; the bands keep random walks from drifting into nonsense over years.
const PARAMS: Readonly<Record<GpuModel, ModelParams>> = {
  'H100 SXM': { capacity: 12000, occLo: 0.7, occHi: 0.93, priceLo: 1.8, priceHi: 2.6 },
  H200: { capacity: 5200, occLo: 0.6, occHi: 0.9, priceLo: 2.5, priceHi: 3.5 },
  'A100 SXM4': { capacity: 9500, occLo: 0.55, occHi: 0.86, priceLo: 0.9, priceHi: 1.4 },
  B200: { capacity: 2600, occLo: 0.62, occHi: 0.95, priceLo: 3.5, priceHi: 5 },
  'RTX 5090': { capacity: 3800, occLo: 0.5, occHi: 0.88, priceLo: 0.4, priceHi: 0.8 },
  'RTX PRO 6000 WS': { capacity: 1700, occLo: 0.45, occHi: 0.85, priceLo: 0.8, priceHi: 1.3 },
};

// Hash streams: one per kind of draw, so draws never correlate by accident.
const S_CAP = 1,
  S_OCC = 2,
  S_PRICE = 3,
  S_H_CAP = 4,
  S_H_OCC = 5,
  S_H_PRICE = 6;
const S_OUT = 7,
  S_OUT_LEN = 8,
  S_BLOCK_LEN = 9,
  S_BLOCK_AT = 10,
  S_EXACT = 11,
  S_EVENT = 12,
  S_INIT = 13;
/** Pseudo model key of market-wide outages (a collector fault hits every model at once). */
const MARKET = 99;

// Daily usage shape by UTC hour (-1..1): busiest in the US working day. Literal, so exact everywhere.
const DIURNAL = [
  -0.2, -0.35, -0.5, -0.6, -0.7, -0.75, -0.7, -0.55, -0.35, -0.1, 0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 0.95, 1, 0.95, 0.85, 0.7, 0.5, 0.25, 0,
] as const;

/** Index of a model in GPU_MODELS: the model's seed. */
export function modelIndex(gpu: GpuModel): number {
  return GPU_MODELS.indexOf(gpu);
}

/** Reflects x into [lo, hi] (a random walk bouncing off the band's edges). */
function reflect(x: number, lo: number, hi: number): number {
  if (x > hi) return 2 * hi - x;
  if (x < lo) return 2 * lo - x;
  return x;
}

/** Daily levels of one model, grown lazily and kept: a walk must be replayed from day 0. */
interface Walk {
  readonly cap: number[];
  readonly occ: number[];
  readonly price: number[];
}
const walks = new Map<number, Walk>();

/** The model's daily levels up to (at least) day d. */
function walkTo(m: number, d: number): Walk {
  const p = PARAMS[GPU_MODELS[m] as GpuModel];
  let w = walks.get(m);
  if (!w) {
    const occ0 = roundTo(p.occLo + (p.occHi - p.occLo) * (0.3 + 0.4 * unit(S_INIT, m, 1)), 4);
    const price0 = roundTo(p.priceLo + (p.priceHi - p.priceLo) * (0.3 + 0.4 * unit(S_INIT, m, 2)), 4);
    w = { cap: [p.capacity], occ: [occ0], price: [price0] };
    walks.set(m, w);
  }
  for (let i = w.cap.length - 1; i < d; i++) {
    const cap = w.cap[i] as number;
    // Capacity drifts up slowly, with rare step events: a provider withdrawing or adding a fleet.
    const ev = unit(S_EVENT, m, i);
    const size = unit(S_EVENT + 100, m, i);
    const factor =
      ev < 0.02 ? 1 - (0.04 + 0.08 * size) : ev < 0.045 ? 1 + (0.03 + 0.07 * size) : 1 + (unit(S_CAP, m, i) - 0.5) * 0.01 + 0.0006;
    w.cap.push(roundTo(Math.min(p.capacity * 2.6, Math.max(p.capacity * 0.6, cap * factor)), 2));
    w.occ.push(roundTo(reflect((w.occ[i] as number) + (unit(S_OCC, m, i) - 0.5) * 0.03, p.occLo, p.occHi), 4));
    const step = (unit(S_PRICE, m, i) - 0.5) * (p.priceHi - p.priceLo) * 0.05;
    w.price.push(roundTo(reflect((w.price[i] as number) + step, p.priceLo, p.priceHi), 4));
  }
  return w;
}

/** True when an outage of key k (a model index, or MARKET) touches day d; some last two days. */
function outage(k: number, d: number, rate: number): boolean {
  if (unit(S_OUT, k, d) < rate) return true;
  return unit(S_OUT, k, d - 1) < rate && unit(S_OUT_LEN, k, d - 1) < 0.4;
}

/** Bitmask of the missing hours of an outage of key k on day d: one contiguous block of 1–12 hours. */
function block(k: number, d: number): number {
  const len = 1 + intBelow(12, S_BLOCK_LEN, k, d);
  const at = intBelow(READINGS_PER_DAY - len + 1, S_BLOCK_AT, k, d);
  return ((1 << len) - 1) << at;
}

/** Bitmask of the hours (bit h = hour h UTC) with no reading for model m on day d; 0 for a complete day. */
export function missingHours(m: number, d: number): number {
  let mask = 0;
  if (outage(MARKET, d, 0.012)) mask |= block(MARKET, d);
  if (outage(m, d, 0.008)) mask |= block(m, d);
  return mask;
}

/** Number of readings model m has on day d (0–24). */
export function readingsOn(m: number, d: number): number {
  let mask = missingHours(m, d);
  let n = READINGS_PER_DAY;
  while (mask) {
    n -= mask & 1;
    mask >>>= 1;
  }
  return n;
}

/** One hourly reading: GPU counts, price and the exact time it was taken. */
export interface HourReading {
  /** Epoch ms of the hour's start (the reading's nominal time). */
  readonly hourMs: number;
  /** Epoch ms the reading was actually taken: 3–242 s after the hour. */
  readonly exactMs: number;
  /** Tracked GPUs (integer). */
  readonly capacity: number;
  /** Rented GPUs (integer, ≤ capacity). */
  readonly rented: number;
  /** USD per GPU-hour, 4 decimals. */
  readonly price: number;
}

/**
 * The reading of model m at hour h (hours since HISTORY_START), or undefined when it is missing.
 * `missing` is the day's missingHours when the caller already has it (it walks a whole day).
 */
export function hourReading(m: number, h: number, missing?: number): HourReading | undefined {
  const d = Math.floor(h / READINGS_PER_DAY);
  const hh = h - d * READINGS_PER_DAY;
  if (h < 0 || ((missing ?? missingHours(m, d)) >>> hh) & 1) return undefined;
  const w = walkTo(m, d);
  const capacity = Math.round((w.cap[d] as number) * (1 + (unit(S_H_CAP, m, h) - 0.5) * 0.004));
  const shape = DIURNAL[hh] as number;
  const occ = Math.min(0.995, Math.max(0.02, (w.occ[d] as number) + shape * 0.025 + (unit(S_H_OCC, m, h) - 0.5) * 0.012));
  const rented = Math.min(capacity, Math.round(capacity * occ));
  const price = roundTo((w.price[d] as number) * (1 + shape * 0.01 + (unit(S_H_PRICE, m, h) - 0.5) * 0.01), 4);
  const hourMs = HISTORY_START_MS + h * HOUR_MS;
  return { hourMs, exactMs: hourMs + (3 + intBelow(240, S_EXACT, m, h)) * 1000, capacity, rented, price };
}

/** A day's summary for one model: means of its hourly readings, rounded before anything is derived. */
export interface DayStats {
  /** Readings behind the day (1–24). */
  readonly readings: number;
  /** Mean tracked GPUs, 2 decimals. */
  readonly capacity: number;
  /** Mean rented GPUs, 2 decimals. */
  readonly rented: number;
  /** Mean hourly price, USD per GPU-hour, 4 decimals. */
  readonly price: number;
  /** Exact time of the day's last reading (epoch ms). */
  readonly lastExactMs: number;
}

const dayCache = new Map<number, (DayStats | null)[]>();

/** The summary of model m's day d from the readings taken by `asOfMs` (all of them when omitted); uncached. */
export function summarize(m: number, d: number, asOfMs = Number.POSITIVE_INFINITY): DayStats | null {
  let n = 0,
    cap = 0,
    rented = 0,
    price = 0,
    lastExactMs = 0;
  const missing = missingHours(m, d);
  for (let hh = 0; hh < READINGS_PER_DAY; hh++) {
    const r = hourReading(m, d * READINGS_PER_DAY + hh, missing);
    if (!r || r.exactMs > asOfMs) continue;
    n++;
    cap += r.capacity;
    rented += r.rented;
    price += r.price;
    lastExactMs = r.exactMs;
  }
  return n === 0
    ? null
    : { readings: n, capacity: roundTo(cap / n, 2), rented: roundTo(rented / n, 2), price: roundTo(price / n, 4), lastExactMs };
}

/** Model m's summary of day d, or undefined when the day has no reading (or is before history). */
export function dayStats(m: number, d: number): DayStats | undefined {
  if (d < 0) return undefined;
  let cache = dayCache.get(m);
  if (!cache) dayCache.set(m, (cache = []));
  const hit = cache[d];
  if (hit !== undefined) return hit ?? undefined;
  const stats = summarize(m, d);
  cache[d] = stats;
  return stats ?? undefined;
}
