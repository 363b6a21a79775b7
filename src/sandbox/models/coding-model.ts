/**
 * LLM-coding analytics (`/api/llm-coding/products`, `/index`, `/history`; docs/api-contract.md) for the
 * 13 products of domain/coding-products.ts. The sandbox's definitions:
 * - the history starts on 2025-06-01; day D is published at 00:30 UTC the next day (the docs: "within
 *   ~24 h of UTC midnight") and served only once the clock has reached that time;
 * - `count` products: a whole number of events per day growing ~1 %/day with weekly seasonality;
 *   `pct` products: a percent, 0–100, 2 decimals; a compare product carries the two single products
 *   its `seriesLabels` name (by label) as `value` and `value2`, the same numbers they serve alone;
 * - the index row of a product is its last published day, `changePct` its move against the day before
 *   in percent (2 decimals; null when that day's value is 0), `updatedAt` the publication time;
 *   compare products have no index row (the docs: the index route does not take them);
 * - merge rates are restated on a schedule (the docs: "merged and merge_rate for recent days continue
 *   to update as in-flight PRs land, then settle once activity tails off"; PR and commit counts are
 *   "stable once posted"): a `merge` product's day is first published short of its settled rate and
 *   rises on each of the next days — 12 %, 6 %, 3 %, 1 %, 0.5 % short at 0–4 whole days after
 *   publication — and is final from the 5th day on. The value depends only on the clock, so an
 *   export at the same clock is the same bytes.
 */
import { CODING_PRODUCTS, type CodingProduct } from '../../domain/catalogues/coding-products.js';
import { addDays, daysBetween } from '../../domain/time/dates.js';
import { roundTo, unit } from './prng.js';

/** First day of every product's history. */
export const CODING_START = '2025-06-01';

/** One history point; `value2` only on compare products. */
export interface CodingPoint {
  date: string;
  value: number;
  value2?: number;
}

const S_LEVEL = 51,
  S_NOISE = 52;

/** The publication time of day D: 00:30 UTC the next day. */
export function codingUpdatedAt(date: string): string {
  return `${addDays(date, 1)}T00:30:00.000Z`;
}

/** The last day published at `nowMs`, or undefined before the first. */
export function lastCodingDay(nowMs: number): string | undefined {
  const today = new Date(nowMs).toISOString().slice(0, 10);
  const last = Date.parse(codingUpdatedAt(addDays(today, -1))) <= nowMs ? addDays(today, -1) : addDays(today, -2);
  return last < CODING_START ? undefined : last;
}

/** How far short of its settled rate a merge rate is, by whole days since its publication (then 0: settled). */
export const MERGE_SHORTFALL: readonly number[] = [0.12, 0.06, 0.03, 0.01, 0.005];

/** The shortfall of day `date`'s merge rate at the clock `nowMs` (0 once settled, or without a clock). */
export function mergeShortfall(date: string, nowMs: number | undefined): number {
  if (nowMs === undefined) return 0;
  const age = Math.floor((nowMs - Date.parse(codingUpdatedAt(date))) / 86_400_000);
  return age < 0 ? (MERGE_SHORTFALL[0] as number) : (MERGE_SHORTFALL[age] ?? 0);
}

/** The catalogue index of the single product labelled `label`. */
const byLabel = (label: string): number => CODING_PRODUCTS.findIndex((x) => x.label === label && !x.compare);

/** The point of product `p` (its index in the catalogue) on day `date`, as published at the clock `nowMs` (settled without one). */
export function codingPoint(p: number, date: string, nowMs?: number): CodingPoint {
  const product = CODING_PRODUCTS[p] as CodingProduct;
  if (product.compare && product.seriesLabels) {
    const [a, b] = product.seriesLabels.map(byLabel);
    return { date, value: codingPoint(a as number, date, nowMs).value, value2: codingPoint(b as number, date, nowMs).value };
  }
  const d = daysBetween(CODING_START, date);
  // Day of week 0–6 (2025-06-01 was a Sunday): weekends are quieter.
  const weekend = d % 7 === 0 || d % 7 === 6;
  const noise = unit(S_NOISE, p, d) - 0.5;
  if (product.kind === 'pct') {
    const level = 10 + 60 * unit(S_LEVEL, p, 0) + 15 * (d / (d + 200));
    const settled = Math.min(100, Math.max(0, level + 4 * noise));
    return { date, value: roundTo(settled * (1 - (product.category === 'merge' ? mergeShortfall(date, nowMs) : 0)), 2) };
  }
  const base = 200 + 4000 * unit(S_LEVEL, p, 0);
  return { date, value: Math.round(base * 1.01 ** Math.min(d, 400) * (weekend ? 0.6 : 1) * (1 + 0.2 * noise)) };
}

/** A product's points over an inclusive window (clamped to its history) as published at `nowMs`, oldest first; the last `limit` kept. */
export function codingHistory(p: number, from: string, to: string, limit: number, nowMs?: number): CodingPoint[] {
  const out: CodingPoint[] = [];
  for (let d = from < CODING_START ? CODING_START : from; d <= to; d = addDays(d, 1)) out.push(codingPoint(p, d, nowMs));
  return out.length > limit ? out.slice(out.length - limit) : out;
}

/** One row of `/api/llm-coding/index`. */
export interface CodingIndexRow {
  product: string;
  label: string;
  kind: 'count' | 'pct';
  value: number;
  changePct: number | null;
  date: string;
  updatedAt: string;
}

/** Every product's latest published day as published at `nowMs`, in catalogue order. */
export function codingIndex(last: string, nowMs?: number): CodingIndexRow[] {
  return CODING_PRODUCTS.flatMap((product, p) => {
    if (product.compare) return [];
    const now = codingPoint(p, last, nowMs);
    const before = last > CODING_START ? codingPoint(p, addDays(last, -1), nowMs) : undefined;
    const changePct = before === undefined || before.value === 0 ? null : roundTo(((now.value - before.value) / before.value) * 100, 2);
    return {
      product: product.id,
      label: product.label,
      kind: product.kind,
      value: now.value,
      changePct,
      date: last,
      updatedAt: codingUpdatedAt(last),
    };
  });
}
