/** `gpumkt volume`: market utilization per model, from volume-metrics (most recent first). */
import { perGpuSeries } from './per-gpu-series.js';

export default perGpuSeries({
  name: 'volume',
  leaf: 'volume-metrics',
  summary: 'market utilization (share of tracked capacity rented, 0 to 1) per GPU model',
  examples: ['gpumkt volume b200 --from 4w --granularity daily', 'gpumkt volume all --from 7d -f ndjson'],
  row: { recorded_at: 'datetime', exact_timestamp: 'datetime?', utilization_ratio: 'number' },
  timeKey: 'recorded_at',
  valueKey: 'utilization_ratio',
  glossary: [
    ['recorded_at', 'start of the hour or day (UTC) the value covers'],
    ['exact_timestamp', 'when the reading behind the row was taken (UTC)'],
    ['utilization_ratio', 'share of the tracked capacity rented, 0 to 1'],
  ],
});
