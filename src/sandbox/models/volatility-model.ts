/**
 * Rolling volatility (`/api/gpu/{gpuName}/volatility`) of the daily index history-simple serves
 * (series-model.ts, daily grain: one value per day with at least one reading).
 *
 * Definition, for a day t with daily value v_t, and v_{t-1} the previous daily value:
 *   r_t = Math.log(v_t / v_{t-1})                                  (daily log return)
 *   the window of t = the windowDays most recent returns ending at t (r_{t-w+1} … r_t), so w + 1 values;
 *   m = (Σ r) / w;  s = √( Σ (r − m)² / (w − 1) )                  (sample standard deviation, n − 1)
 *   rolling_volatility = s × √365                                  (annualised; 0.80 means 80 %)
 * null when fewer than w returns exist before t (the start of the history) or when w = 1 (a sample
 * standard deviation needs two returns). A day without readings has no value, so the return across
 * it spans two days (rare: outages seldom remove a whole day).
 * Math.log is not correctly rounded by IEEE 754, but V8's implementation is the same on every
 * platform, so the sandbox still answers the same request with the same bytes.
 */
import type { GpuModel } from '../../domain/catalogues/gpus.js';
import { HISTORY_START } from './readings.js';
import { seriesPoints } from './series-model.js';

/** √365, computed once: returns are daily, volatility is quoted per year. */
const ANNUALISE = Math.sqrt(365);

/** One day's volatility row before the handler names its fields. */
export interface VolatilityPoint {
  /** YYYY-MM-DDT00:00:00.000Z, as daily series rows. */
  readonly recordedAt: string;
  readonly value: number;
  readonly volatility: number | null;
}

/** A volatility request: inclusive window, window length in returns, and the last day with data. */
export interface VolatilityQuery {
  readonly gpu: GpuModel;
  readonly from: string;
  readonly to: string;
  readonly windowDays: number;
  readonly today: string;
  /** The clock (epoch ms; default the end of `today`): today's value is the average of the hours read by then. */
  readonly now?: number;
}

/** Sample standard deviation (n − 1) of returns[lo..hi] inclusive, two passes. */
function sampleStd(returns: readonly number[], lo: number, hi: number): number {
  const n = hi - lo + 1;
  let sum = 0;
  for (let j = lo; j <= hi; j++) sum += returns[j] as number;
  const m = sum / n;
  let sq = 0;
  for (let j = lo; j <= hi; j++) sq += ((returns[j] as number) - m) ** 2;
  return Math.sqrt(sq / (n - 1));
}

/** The window's days with their rolling volatility, most recent first (as the service orders them). */
export function volatilitySeries(q: VolatilityQuery): VolatilityPoint[] {
  // The whole history up to `to`: the trailing window reaches before `from`; ~1000 cached days is cheap.
  const asc = seriesPoints({
    gpu: q.gpu,
    from: HISTORY_START,
    to: q.to,
    granularity: 'daily',
    today: q.today,
    now: q.now,
  }).points.reverse();
  // returns[k] is the return into asc[k]; returns[0] does not exist (NaN, never read).
  const returns = asc.map((p, k) => (k === 0 ? Number.NaN : Math.log(p.price / (asc[k - 1] as typeof p).price)));
  const out: VolatilityPoint[] = [];
  for (let k = asc.length - 1; k >= 0; k--) {
    const p = asc[k] as (typeof asc)[number];
    if (p.recordedAt.slice(0, 10) < q.from) break;
    const lo = k - q.windowDays + 1;
    const volatility = q.windowDays < 2 || lo < 1 ? null : sampleStd(returns, lo, k) * ANNUALISE;
    out.push({ recordedAt: p.recordedAt, value: p.price, volatility });
  }
  return out;
}
