/**
 * Workload cost (`/api/workload`, docs/api-contract.md) for the three closed labs: one row per day, lab
 * and family, where `all` is the lab's aggregate of its classes (domain/labs.ts WORKLOAD_FAMILIES).
 *
 * The service documents the fields, the start (2026-06-11), a missing day (2026-06-30), a ~36-hour
 * settle lag, that class rows sum to the aggregate and that `cCents` is per image for image classes.
 * The definitions below are the sandbox's, chosen so those statements hold exactly:
 * - a class has a unit cost `cCents` (US cents per thousand tokens; per image for `image`) and a
 *   quantity `qKtok` (thousand tokens; thousand images for `image`), each a deterministic random walk;
 * - its spend is c·q; the day's change of spend against the previous published day splits exactly into
 *   `priceEffect` = (c − c₀)·q₀ and `intensityEffect` = c·(q − q₀) (0 on the first day);
 * - `all`: `qKtok`, `priceEffect` and `intensityEffect` are the sums of its classes (rounded as served);
 *   `cCents` the spend-weighted mean Σc·q / Σq; `mixEffect` the part of the intensity effect that comes
 *   from the classes' shares moving, Σ cᵢ·(qᵢ − Q·wᵢ₀) with w₀ the previous day's shares (null on class
 *   rows and on the first day);
 * - `lfl`: like-for-like cost, 100 on the first day: a class's c/c_first × 100; the aggregate
 *   chain-linked at the previous day's quantities;
 * - `computedAt`: the day settles 36 hours after it ends, at 12:MM UTC two days later; a day is served
 *   once the clock has reached its computedAt (never before).
 */
import { CLOSED_LABS, WORKLOAD_FAMILIES } from '../../domain/catalogues/labs.js';
import { addDays, daysBetween } from '../../domain/time/dates.js';
import { intBelow, roundTo, unit } from './prng.js';

/** First day of the history. */
export const WORKLOAD_START = '2026-06-11';
/** The one day of the history the service never published. */
export const WORKLOAD_MISSING_DAY = '2026-06-30';

/** One row, fields in the documented order. */
export interface WorkloadRow {
  date: string;
  lab: string;
  family: string;
  cCents: number;
  lfl: number;
  qKtok: number;
  priceEffect: number;
  intensityEffect: number;
  mixEffect: number | null;
  computedAt: string;
}

const S_PRICE = 41,
  S_QTY = 42,
  S_MINUTE = 43;
// Typical unit costs (cents per Ktok; per image for image classes) and daily quantities (Ktok or K images).
const CLASS_BASE: Readonly<Record<string, readonly [number, number]>> = {
  'anthropic/opus': [5.2, 180_000],
  'anthropic/sonnet': [1.1, 950_000],
  'anthropic/haiku': [0.3, 620_000],
  'anthropic/fable': [0.6, 140_000],
  'openai/flagship': [1.3, 1_400_000],
  'openai/mini': [0.22, 2_100_000],
  'openai/nano': [0.06, 900_000],
  'openai/pro': [9.5, 40_000],
  'openai/codex': [1.0, 520_000],
  'openai/image': [4.0, 2_500],
  'google/flash': [0.12, 2_600_000],
  'google/pro': [0.9, 700_000],
  'google/lite': [0.04, 1_100_000],
  'google/image': [3.9, 1_800],
};

/** Day t of a class's walk: [unit cost, quantity], rounded as served (4 and 1 decimals). */
interface ClassDay {
  readonly c: number;
  readonly q: number;
}

const walks = new Map<string, ClassDay[]>();

/** The class's days 0…t (cached: a walk is computed once, from the start). */
function walk(lab: number, cls: string, family: number, t: number): readonly ClassDay[] {
  const key = `${CLOSED_LABS[lab] as string}/${cls}`;
  const days = walks.get(key) ?? [];
  const [c0, q0] = CLASS_BASE[key] ?? [1, 100_000];
  const id = lab * 16 + family;
  let c = days.length === 0 ? c0 : (days[days.length - 1] as ClassDay).c;
  let q = days.length === 0 ? q0 : (days[days.length - 1] as ClassDay).q;
  for (let d = days.length; d <= t; d++) {
    if (d > 0) {
      // Costs drift down slowly (−0.2 %/day on average), quantities grow (+0.6 %/day), both with noise.
      // Each step starts from the rounded day before, so a walk extended later gives the same days.
      c = Math.max(0.0001, c * (1 - 0.002 + 0.02 * (unit(S_PRICE, id, d) - 0.5)));
      q = Math.max(1, q * (1 + 0.006 + 0.08 * (unit(S_QTY, id, d) - 0.5)));
    }
    c = roundTo(c, 4);
    q = roundTo(q, 1);
    days.push({ c, q });
  }
  walks.set(key, days);
  return days;
}

/** The computedAt of a day: 12:MM UTC two days after it (36 hours after it ends). */
export function workloadComputedAt(date: string): string {
  const minute = String(intBelow(30, S_MINUTE, 0, daysBetween(WORKLOAD_START, date))).padStart(2, '0');
  return `${addDays(date, 2)}T12:${minute}:00.000Z`;
}

/** The last day served at `nowMs` (its computedAt reached), or undefined before the first one settles. */
export function lastWorkloadDay(nowMs: number): string | undefined {
  const guess = new Date(nowMs - 36 * 3_600_000).toISOString().slice(0, 10);
  for (let d = guess; d >= WORKLOAD_START; d = addDays(d, -1)) {
    if (d !== WORKLOAD_MISSING_DAY && Date.parse(workloadComputedAt(d)) <= nowMs) return d;
  }
  return undefined;
}

/** The previous published day (the day before, skipping the missing one), or undefined on the first day. */
function previousDay(date: string): string | undefined {
  if (date <= WORKLOAD_START) return undefined;
  const prev = addDays(date, -1);
  return prev === WORKLOAD_MISSING_DAY ? addDays(prev, -1) : prev;
}

/** One class of a lab on a published day: its quantities now and on the previous day, and its row. */
interface ClassStep {
  readonly now: ClassDay;
  readonly before: ClassDay;
  readonly row: WorkloadRow;
}

/** Where a published day sits: its date, its index from the start, the previous day's index, its stamp. */
interface DayAt {
  readonly date: string;
  readonly t: number;
  readonly p: number | undefined;
  readonly computedAt: string;
}

/** One class's step from the previous published day to `day`, with its price and intensity effects. */
function classStep(labIndex: number, lab: string, family: string, i: number, day: DayAt): ClassStep {
  const w = walk(labIndex, family, i, day.t);
  const now = w[day.t] as ClassDay;
  const first = w[0] as ClassDay;
  const before = day.p === undefined ? now : (w[day.p] as ClassDay);
  const row: WorkloadRow = {
    date: day.date,
    lab,
    family,
    cCents: now.c,
    lfl: roundTo((100 * now.c) / first.c, 4),
    qKtok: now.q,
    priceEffect: roundTo((now.c - before.c) * before.q, 4),
    intensityEffect: roundTo(now.c * (now.q - before.q), 4),
    mixEffect: null,
    computedAt: day.computedAt,
  };
  return { now, before, row };
}

/** One lab's rows of one published day: `all` first, then its classes in the service's order. */
function labDay(labIndex: number, date: string): WorkloadRow[] {
  const lab = CLOSED_LABS[labIndex] as string;
  const classes = (WORKLOAD_FAMILIES[lab] ?? []).filter((f) => f !== 'all');
  const prev = previousDay(date);
  const p = prev === undefined ? undefined : daysBetween(WORKLOAD_START, prev);
  const day: DayAt = { date, t: daysBetween(WORKLOAD_START, date), p, computedAt: workloadComputedAt(date) };
  const cls = classes.map((family, i) => classStep(labIndex, lab, family, i, day));
  // Sums in the classes' order, from 0, so the figures are the same bytes every time.
  const sum = (f: (k: ClassStep) => number): number => cls.reduce((s, k) => s + f(k), 0);
  const q = sum((k) => k.now.q);
  const q0 = sum((k) => k.before.q);
  const spendAtOldQ = sum((k) => k.now.c * k.before.q);
  // Mix: the intensity effect less what it would be had every class grown at the lab's rate.
  const mix =
    p === undefined
      ? null
      : roundTo(
          sum((k) => k.now.c * (k.now.q - (q * k.before.q) / q0)),
          4,
        );
  const spend0 = sum((k) => k.before.c * k.before.q);
  const lfl = p === undefined ? 100 : roundTo(aggregateLfl(labIndex, prev as string) * (spendAtOldQ / spend0), 4);
  const all: WorkloadRow = {
    date,
    lab,
    family: 'all',
    cCents: roundTo(sum((k) => k.now.c * k.now.q) / q, 4),
    lfl,
    qKtok: roundTo(q, 1),
    priceEffect: roundTo(
      sum((k) => k.row.priceEffect),
      4,
    ),
    intensityEffect: roundTo(
      sum((k) => k.row.intensityEffect),
      4,
    ),
    mixEffect: mix,
    computedAt: day.computedAt,
  };
  return [all, ...cls.map((k) => k.row)];
}

const lflCache = new Map<string, number>();

/** The aggregate like-for-like index of a lab on a published day (chain-linked from the first day, cached). */
function aggregateLfl(labIndex: number, date: string): number {
  const key = `${labIndex}/${date}`;
  const hit = lflCache.get(key);
  if (hit !== undefined) return hit;
  // Walk forward from the latest cached day (or the start) so recursion never goes deep.
  let d = WORKLOAD_START;
  let value = 100;
  for (let x = date; x > WORKLOAD_START; x = previousDay(x) as string) {
    const cached = lflCache.get(`${labIndex}/${x}`);
    if (cached !== undefined) {
      d = x;
      value = cached;
      break;
    }
  }
  lflCache.set(`${labIndex}/${d}`, value);
  while (d < date) {
    const next = d === addDays(WORKLOAD_MISSING_DAY, -1) ? addDays(d, 2) : addDays(d, 1);
    value = (labDay(labIndex, next).find((r) => r.family === 'all') as WorkloadRow).lfl;
    lflCache.set(`${labIndex}/${next}`, value);
    d = next;
  }
  return value;
}

/** A workload request: inclusive days (already clamped to what exists), and the labs asked for. */
export interface WorkloadQuery {
  readonly from: string;
  readonly to: string;
  readonly labs: readonly string[];
}

/** The rows of a window, oldest first; within a day the labs in the service's order, `all` first. */
export function workloadRows(q: WorkloadQuery): WorkloadRow[] {
  const out: WorkloadRow[] = [];
  const start = q.from < WORKLOAD_START ? WORKLOAD_START : q.from;
  for (let d = start; d <= q.to; d = addDays(d, 1)) {
    if (d === WORKLOAD_MISSING_DAY) continue;
    CLOSED_LABS.forEach((lab, i) => {
      if (q.labs.includes(lab)) out.push(...labDay(i, d));
    });
  }
  return out;
}
