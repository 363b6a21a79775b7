/**
 * `gpumkt rolling --from/--to`: the daily history of the rolling 24-hour average per model, one
 * GET /api/gpu/{gpuName}/rolling-24h-average/history each (docs/api-contract.md §2): any key (daily
 * grain), the whole window in one request. Rows carry only the day and the value (the runner adds
 * `gpu` for several models); they come newest first and are sorted oldest first. Appendable: rows
 * are keyed by day (and gpu), today's row is provisional.
 */
import { defineEndpoint } from '../api/envelope.js';
import { checkSeries } from '../domain/checks.js';
import { GPU_MODELS, resolveGpuList, type GpuModel } from '../domain/gpus.js';
import { gpuPath, SERIES_QUERY } from './per-gpu-series.js';
import { defineDataset } from './flags.js';

/** Parameters of one rolling-history request. */
export interface RollingHistoryParams {
  readonly gpu: GpuModel;
  readonly from: string;
  readonly to: string;
}

const rollingHistory = defineDataset({
  name: 'rolling',
  summary: 'daily history of the rolling 24-hour average (USD per GPU-hour) per GPU model',
  glossary: [
    ['date', 'the day (UTC) the average closes'],
    ['average_usd_per_hour', 'the 24-hour average, USD per GPU-hour'],
  ],
  examples: [],
  endpoint: defineEndpoint<RollingHistoryParams>({
    id: 'rolling-24h-average-history',
    path: (p) => `${gpuPath(p.gpu, 'rolling-24h-average')}/history`,
    query: (p) => ({ startDate: p.from, endDate: p.to }),
    envelope: {
      fields: { success: 'boolean?', access: 'string?', granularity: 'string?' },
      query: SERIES_QUERY,
      rows: { date: 'date', average_usd_per_hour: 'number' },
    },
    timeKey: 'date',
    columns: ['date', 'average_usd_per_hour'],
    valueKey: 'average_usd_per_hour',
  }),
  subject: 'some-gpus',
  groups: { window: true, series: false, analysis: false },
  fetch: { kind: 'single' },
  sort: true,
  plan: 'premium',
  // No models named: all six (a key reads every model).
  targets: (args) => (args.length === 0 ? GPU_MODELS : resolveGpuList(args)),
  params: (_flags, gpu, window) => ({ gpu: gpu as GpuModel, from: window?.from ?? '', to: window?.to ?? '' }),
  checks: (rows, label) => checkSeries(rows, 'date', label),
});

export default rollingHistory;
