/** `gpumkt range`: index rows with per-row granularity, from history-range (order not reliable: the runner sorts). */
import { perGpuSeries } from './per-gpu-series.js';

export default perGpuSeries({
  name: 'range',
  leaf: 'history-range',
  summary: 'index history with per-row granularity (auto: daily over ~30 days, else hourly)',
  examples: ['gpumkt range h200 --from 2026-01-01 --to 2026-03-31', 'gpumkt range a100 --from 3d --granularity hourly -f json'],
  row: { recorded_at: 'datetime', exact_timestamp: 'datetime?', index_value: 'number', data_type: 'string?' },
  timeKey: 'recorded_at',
  valueKey: 'index_value',
  priority: ['data_type'],
  glossary: [
    ['recorded_at', 'start of the hour or day (UTC) the value covers'],
    ['exact_timestamp', 'when the reading behind the row was taken (UTC)'],
    ['index_value', 'price index, USD per GPU-hour'],
    ['data_type', 'the grain of this row: hourly or daily'],
  ],
});
