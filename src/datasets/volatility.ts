/**
 * `gpumkt volatility`: daily rolling volatility per model, from GET /api/gpu/{gpuName}/volatility
 * (docs/api-contract.md): the annualised sample standard deviation of the last `windowDays` daily log
 * returns of the daily index (0.8 = 80 %). Both dates are required by the service and always sent;
 * rows come most recent first and are sorted oldest first here. Appendable: rows are keyed by
 * gpu_type and recorded_at, and a day's value does not depend on the request window.
 */
import { VOLATILITY_WINDOW_DAYS } from '../domain/service/contract.js';
import { defineEndpoint } from '../api/envelope.js';
import { UsageError } from '../errors.js';
import { gpuPath, SERIES_QUERY } from './per-gpu-series.js';
import type { GpuName } from '../domain/catalogues/gpus.js';
import { defineDataset } from './flags.js';

/** Parameters of one volatility request. */
export interface VolatilityParams {
  readonly gpu: GpuName;
  readonly from: string;
  readonly to: string;
  readonly windowDays: number;
}

/** The service's bounds and default of `windowDays` (domain/service/contract.ts). */
export const WINDOW_DAYS = VOLATILITY_WINDOW_DAYS;

/** --window-days as an integer within the service's bounds, or a usage error (exit 2). */
function windowDays(flags: { readonly windowDays?: string }): number {
  const text = flags.windowDays;
  if (text === undefined) return WINDOW_DAYS.default;
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= WINDOW_DAYS.min && n <= WINDOW_DAYS.max)) {
    throw new UsageError(`--window-days must be a whole number from ${WINDOW_DAYS.min} to ${WINDOW_DAYS.max} (got '${text}')`);
  }
  return n;
}

const volatility = defineDataset({
  name: 'volatility',
  summary: 'daily rolling volatility (annualised, 0.8 = 80 %) per GPU model',
  examples: [
    'gpumkt volatility b200 --from 3m',
    'gpumkt volatility h100 h200 --window-days 7 -f csv',
    'gpumkt volatility all --from 30d --append volatility.csv',
    'gpumkt volatility all --from 1y --stats',
  ],
  endpoint: defineEndpoint<VolatilityParams>({
    id: 'volatility',
    path: (p) => gpuPath(p.gpu, 'volatility'),
    query: (p) => ({ startDate: p.from, endDate: p.to, windowDays: String(p.windowDays) }),
    envelope: {
      fields: { success: 'boolean?' },
      query: { ...SERIES_QUERY, window_days: 'int?' },
      rows: {
        recorded_at: 'datetime',
        gpu_type: 'string',
        region: 'string?',
        index_value: 'number?',
        rolling_volatility: 'number|null',
        window_days: 'int?',
      },
    },
    timeKey: 'recorded_at',
    columns: ['recorded_at', 'gpu_type', 'region', 'index_value', 'rolling_volatility', 'window_days'],
    valueKey: 'rolling_volatility',
  }),
  numeric: ['rolling_volatility', 'index_value'],
  subject: 'gpus',
  // The analysis views (--wide, --stats, --spark, -f chart) plot rolling_volatility by default.
  groups: { window: true, series: false, analysis: true },
  options: [
    {
      flags: '--window-days <n>',
      description: `returns in each rolling window, ${WINDOW_DAYS.min} to ${WINDOW_DAYS.max} (default ${WINDOW_DAYS.default})`,
    },
  ],
  fetch: { kind: 'single' },
  plan: 'premium',
  sort: true,
  targetColumn: 'gpu_type',
  validate: (flags) => void windowDays(flags),
  params: (flags, gpu, window) => ({ gpu: gpu as GpuName, from: window?.from ?? '', to: window?.to ?? '', windowDays: windowDays(flags) }),
  grain: 'one row per model and day',
  glossary: [
    ['recorded_at', 'the day (UTC) the row describes'],
    ['gpu_type', 'the GPU model'],
    ['region', 'the region (global)'],
    ['index_value', 'the daily price index, USD per GPU-hour'],
    [
      'rolling_volatility',
      'annualised: sample std. dev. of the last window_days daily log returns x sqrt(365); 0.08 = 8 % a year; null while the history is shorter',
    ],
    ['window_days', 'daily returns in each rolling window (--window-days)'],
  ],
});

export default volatility;
