/**
 * Forward curves (`GET /api/forward`, premium and full keys): the current marks of 9 curves at 5
 * tenors, and the route's handler. Where the docs are silent, the sandbox decides:
 * - body: `{ success, asOf, data: [{ name, points }], suppressed: [{ name, points }] }`; each point
 *   carries `name`, `label`, `months`, `price`, `has_mark`, `provenance` (`{ source, updated_at }`,
 *   null without a mark), `as_of_date` (the mark's edit/publish timestamp, as the data dictionary types
 *   it; null without a mark) and `insufficient_data` (`no_observation` without a mark);
 * - marks are published the day before the clock's day, between 16:00 and 16:59 UTC (so never after
 *   the clock); `asOf` is the latest of them;
 * - unmarked tenors, every day: RTX 5090 3Y and 5Y, A100 SXM4 5Y, RTX PRO 6000 WS 5Y; GB300 has no
 *   mark at all, so it is listed under `suppressed` with every price null (never 0);
 * - prices: a per-curve spot level times a per-tenor discount (newer hardware is cheaper later), with
 *   ±1 % of deterministic noise per curve, tenor and day, rounded to 4 places.
 */
import { addDays, dateToMs } from '../../domain/time/dates.js';
import { FORWARD_CURVES, FORWARD_TENORS, type ForwardCurve } from '../../domain/catalogues/forward-curves.js';
import { jsonReply, type Reply } from '../http.js';
import type { ExtraInput } from '../handlers/tables.js';
import { intBelow, roundTo, unit } from './prng.js';

const S_PRICE = 31,
  S_MINUTE = 32;

/** Spot level per curve, USD per GPU-hour. */
const SPOT: Readonly<Record<ForwardCurve, number>> = {
  'H100 SXM': 2.42,
  H200: 2.96,
  'A100 SXM4': 0.97,
  B200: 4.97,
  'RTX 5090': 0.65,
  'RTX PRO 6000 WS': 0.81,
  B300: 6.2,
  GB200: 5.6,
  GB300: 7.4,
};

/** Per-tenor discount to spot, by months. */
const DISCOUNT: Readonly<Record<number, number>> = { 1: 0.99, 6: 0.95, 12: 0.9, 36: 0.78, 60: 0.66 };

/** Tenors without a mark, per curve (every day). */
export const UNMARKED: Readonly<Partial<Record<ForwardCurve, readonly string[]>>> = {
  'RTX 5090': ['3Y', '5Y'],
  'A100 SXM4': ['5Y'],
  'RTX PRO 6000 WS': ['5Y'],
  GB300: FORWARD_TENORS.map((t) => t.label),
};

/** One point as the service sends it. */
export interface ForwardPoint {
  name: ForwardCurve;
  label: string;
  months: number;
  price: number | null;
  has_mark: boolean;
  provenance: { source: string; updated_at: string } | null;
  as_of_date: string | null;
  insufficient_data: 'no_observation' | null;
}

/** The points of one curve as they stand on `today` (marks from the day before). */
export function curvePoints(curve: ForwardCurve, today: string): ForwardPoint[] {
  const c = FORWARD_CURVES.indexOf(curve);
  const day = Math.round(dateToMs(today) / 86_400_000);
  const markDay = addDays(today, -1);
  const updatedAt = new Date(dateToMs(markDay) + (16 * 60 + intBelow(60, S_MINUTE, c, day)) * 60_000).toISOString();
  return FORWARD_TENORS.map((t) => {
    const marked = !(UNMARKED[curve] ?? []).includes(t.label);
    const noise = 1 + 0.02 * (unit(S_PRICE, c * 100 + t.months, day) - 0.5);
    return {
      name: curve,
      label: t.label,
      months: t.months,
      price: marked ? roundTo(SPOT[curve] * (DISCOUNT[t.months] as number) * noise, 4) : null,
      has_mark: marked,
      provenance: marked ? { source: 'ornn-desk', updated_at: updatedAt } : null,
      as_of_date: marked ? updatedAt : null,
      insufficient_data: marked ? null : 'no_observation',
    };
  });
}

/** The whole body of `/api/forward` on `today`. */
export function forwardBody(today: string): { success: true; asOf: string | null; data: unknown[]; suppressed: unknown[] } {
  const curves = FORWARD_CURVES.map((name) => ({ name, points: curvePoints(name, today) }));
  const marks = curves.flatMap((c) => c.points.flatMap((p) => (p.provenance ? [p.provenance.updated_at] : [])));
  return {
    success: true,
    asOf: marks.length === 0 ? null : marks.reduce((a, b) => (a > b ? a : b)),
    data: curves.filter((c) => c.points.some((p) => p.has_mark)),
    suppressed: curves.filter((c) => !c.points.some((p) => p.has_mark)),
  };
}

/** GET /api/forward: no parameters; a key is required (the route's access is `key`). */
export function forwardHandler({ today }: ExtraInput): Reply {
  return jsonReply(200, forwardBody(today));
}
