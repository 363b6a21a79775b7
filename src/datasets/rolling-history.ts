/**
 * `gpumkt rolling --from/--to`: the daily history of the rolling 24-hour average per model, one
 * GET /api/gpu/{gpuName}/rolling-24h-average/history each (docs/api-contract.md §2): any key (daily
 * grain), the whole window in one request. Rows carry only the day and the value (the runner adds
 * `gpu` for several models); they come newest first and are sorted oldest first. Appendable: rows
 * are keyed by day (and gpu), today's row is provisional.
 */
import { gpusOrAll } from '../domain/catalogues/gpus.js';
import { dailyGpuHistory, gpuPath, type DailyHistoryParams } from './per-gpu-series.js';
import type { Dataset } from './types.js';

/** Parameters of one rolling-history request. */
export type RollingHistoryParams = DailyHistoryParams;

const rollingHistory: Dataset<RollingHistoryParams> = dailyGpuHistory({
  name: 'rolling',
  summary: 'daily history of the rolling 24-hour average (USD per GPU-hour) per GPU model',
  glossary: [
    ['date', 'the day (UTC) the average closes'],
    ['average_usd_per_hour', 'the 24-hour average, USD per GPU-hour'],
  ],
  id: 'rolling-24h-average-history',
  path: (gpu) => `${gpuPath(gpu, 'rolling-24h-average')}/history`,
  row: { date: 'date', average_usd_per_hour: 'number' },
  timeKey: 'date',
  valueKey: 'average_usd_per_hour',
  subject: 'some-gpus',
  groups: { window: true, series: false, analysis: true },
  plan: 'premium',
  // No models named: all six (a key reads every model).
  targets: (args, _flags, _keyed, learned = []) =>
    gpusOrAll(
      args,
      learned.map((e) => e.id),
    ),
});

export default rollingHistory;
