/**
 * Power markets and operations (docs/api-contract.md, Power markets; Power operations), synthetic and
 * deterministic: every value is a pure function of (market, day or hour).
 *
 * Where the docs are silent, the sandbox decides:
 * - `/api/power/markets` (premium+): `market` (the service's name or the CLI's word, optional: every
 *   market), `startDate`/`endDate` (default: the 30 days ending yesterday). Rows are settled days only:
 *   through yesterday, never before 2017-01-03. Body `{ success, startDate, endDate, count, data }`,
 *   rows `{ d, market, hub, p, o, t, l, g }` grouped by market (dictionary order), oldest first within
 *   a market. The hubs of the traded markets print on weekdays (`t`, `g`; no `o`, `l`); ERCOT every
 *   day (`o`, `l`; no `t`, `g`): the data dictionary types these four as optional numbers, so a field
 *   a market does not carry is left out, never null.
 * - `/api/power/load` and `/api/power/fuel-mix` (full only; premium: the daily-only 403): hourly rows
 *   from 2019-01-01, on the hour, each once its hour has come by the clock (never after it); same parameters (default: today).
 *   Load rows `{ timestamp, market, region, actual_mw, forecast_mw }`; fuel mix one row per hour with a
 *   column per fuel (MW): `coal_mw`, `gas_mw`, `nuclear_mw`, `hydro_mw`, `wind_mw`, `solar_mw`, `other_mw`.
 */
import { addDays, dateToMs, msToDate } from '../../domain/time/dates.js';
import { findPowerMarket, LOAD_MARKET, POWER_HISTORY_START, POWER_MARKETS, type PowerMarket } from '../../domain/catalogues/power.js';
import { badRequest, jsonReply, type Reply } from '../http.js';
import type { Params } from '../params.js';
import { requireSubDaily } from '../plans.js';
import { roundTo, unit } from './prng.js';
import type { ExtraInput } from '../handlers/tables.js';

/** First day of the hourly operations history. */
export const POWER_OPS_START = '2019-01-01';

const STREAM = { peak: 71, offpeak: 72, volume: 73, trades: 74, load: 75, ops: 76, fuel: 77 } as const;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
// Seasonal factor by month (summer and winter peaks), piecewise so no engine-dependent maths is used.
const SEASON = [1.15, 1.1, 0.95, 0.85, 0.9, 1.1, 1.35, 1.4, 1.05, 0.9, 0.95, 1.1] as const;
// Base peak price (USD/MWh), daily traded GWh and hourly demand (MW) per market, dictionary order.
const BASE = [
  { price: 38, gwh: 9, mw: 11_000 },
  { price: 46, gwh: 14, mw: 90_000 },
  { price: 52, gwh: 11, mw: 28_000 },
  { price: 49, gwh: 5, mw: 14_000 },
  { price: 41, gwh: 8, mw: 7_000 },
  { price: 40, gwh: 6, mw: 75_000 },
  { price: 35, gwh: 0, mw: 48_000 },
] as const;

/** One daily row, with the service's short field names; a field the market does not carry is left out. */
export interface PowerRow {
  d: string;
  market: string;
  hub: string;
  p: number;
  o?: number;
  t?: number;
  l?: number;
  g?: number;
}

const dayIndex = (date: string): number => Math.round((dateToMs(date) - dateToMs(POWER_HISTORY_START)) / DAY_MS);
const season = (date: string): number => SEASON[Number(date.slice(5, 7)) - 1] as number;
const isWeekday = (date: string): boolean => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7 < 5;

/** The daily row of market `i` on `date`, or undefined when its hub does not print that day. */
export function powerRow(i: number, date: string): PowerRow | undefined {
  const m = POWER_MARKETS[i] as PowerMarket;
  const base = BASE[i] as (typeof BASE)[number];
  const ercot = m.market === LOAD_MARKET;
  if (!ercot && !isWeekday(date)) return undefined;
  const k = dayIndex(date);
  const p = roundTo(base.price * season(date) * (0.75 + 0.5 * unit(STREAM.peak, i, k)), 2);
  const row: PowerRow = { d: date, market: m.market, hub: m.hubs.join(', '), p };
  if (ercot) {
    row.o = roundTo(p * (0.45 + 0.25 * unit(STREAM.offpeak, i, k)), 2);
    row.l = roundTo((base.mw * 24 * season(date) * (0.9 + 0.2 * unit(STREAM.load, i, k))) / 1000, 1);
  } else {
    row.t = roundTo(base.gwh * (0.5 + unit(STREAM.volume, i, k)), 1);
    row.g = 20 + Math.floor(180 * unit(STREAM.trades, i, k));
  }
  return row;
}

/** The `market` parameter: every market when absent, else the one it names (400 for none). */
function marketsOf(params: Params): number[] {
  const v = params.get('market');
  if (v === undefined) return POWER_MARKETS.map((_, i) => i);
  const m = findPowerMarket(v);
  if (!m) throw badRequest(`Invalid market. Allowed: ${POWER_MARKETS.map((p) => p.market).join(', ')}`);
  return [POWER_MARKETS.indexOf(m)];
}

/** startDate/endDate with defaults; 400 when reversed. */
function windowOf(params: Params, defaultEnd: string, defaultDays: number): { from: string; to: string } {
  const to = params.date('endDate', () => defaultEnd);
  const from = params.date('startDate', () => addDays(to, -(defaultDays - 1)));
  if (from > to) throw badRequest('startDate must not be after endDate');
  return { from, to };
}

/** GET /api/power/markets: settled daily rows per market. */
export function powerMarketsHandler({ params, today }: ExtraInput): Reply {
  const markets = marketsOf(params);
  const yesterday = addDays(today, -1);
  const { from, to } = windowOf(params, yesterday, 30);
  const first = from < POWER_HISTORY_START ? POWER_HISTORY_START : from;
  const last = to > yesterday ? yesterday : to;
  const data: PowerRow[] = [];
  for (const i of markets) {
    for (let d = first; d <= last; d = addDays(d, 1)) {
      const row = powerRow(i, d);
      if (row) data.push(row);
    }
  }
  return jsonReply(200, { success: true, startDate: from, endDate: to, count: data.length, data });
}

/** Hours of [from, to] read by `now` (a reading exists once its hour has come, as on the GPU routes), from the history's start, as epoch ms. */
function hoursOf(from: string, to: string, now: number): number[] {
  const start = Math.max(dateToMs(from), dateToMs(POWER_OPS_START));
  const end = dateToMs(to) + DAY_MS;
  const out: number[] = [];
  for (let h = start; h < end && h <= now; h += HOUR_MS) out.push(h);
  return out;
}

/** Demand of market `i` at hour `h` (MW): a daily shape times the season, with noise. */
function demandMw(i: number, h: number): number {
  const hour = new Date(h).getUTCHours();
  const shape = hour >= 12 && hour < 24 ? 1.1 : 0.85;
  return (BASE[i] as (typeof BASE)[number]).mw * shape * season(msToDate(h)) * (0.92 + 0.16 * unit(STREAM.ops, i, h / HOUR_MS));
}

/** Rows of an operations route: one per market and hour. */
function opsRows(input: ExtraInput, row: (i: number, h: number) => Record<string, unknown>): Reply {
  requireSubDaily(input.plan);
  const markets = marketsOf(input.params);
  const { from, to } = windowOf(input.params, input.today, 1);
  const hours = hoursOf(from, to, input.now);
  const data = markets.flatMap((i) =>
    hours.map((h) => ({
      timestamp: new Date(h).toISOString(),
      market: (POWER_MARKETS[i] as PowerMarket).market,
      region: (POWER_MARKETS[i] as PowerMarket).region,
      ...row(i, h),
    })),
  );
  return jsonReply(200, { success: true, startDate: from, endDate: to, count: data.length, data });
}

/** GET /api/power/load: hourly actual and day-ahead forecast demand (MW). */
export function powerLoadHandler(input: ExtraInput): Reply {
  return opsRows(input, (i, h) => {
    const actual = demandMw(i, h);
    return { actual_mw: roundTo(actual, 1), forecast_mw: roundTo(actual * (0.96 + 0.08 * unit(STREAM.load, i, h / HOUR_MS)), 1) };
  });
}

const FUELS = ['coal_mw', 'gas_mw', 'nuclear_mw', 'hydro_mw', 'wind_mw', 'solar_mw', 'other_mw'] as const;

/** GET /api/power/fuel-mix: hourly generation by fuel (MW); the fuels sum to the hour's demand. */
export function powerFuelMixHandler(input: ExtraInput): Reply {
  return opsRows(input, (i, h) => {
    const total = roundTo(demandMw(i, h), 1);
    const weights = FUELS.map((_, f) => 0.2 + unit(STREAM.fuel, i * 16 + f, Math.floor(h / DAY_MS)));
    const sum = weights.reduce((a, b) => a + b, 0);
    const mw = weights.map((w) => roundTo((total * w) / sum, 1));
    const out: Record<string, number> = {};
    FUELS.forEach((f, k) => (out[f] = mw[k] as number));
    return out;
  });
}
