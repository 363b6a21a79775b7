/** `gpumkt history`: the price index (USD per GPU-hour) per model, from history-simple (most recent first). */
import { perGpuSeries } from './per-gpu-series.js';

export default perGpuSeries({
  name: 'history',
  leaf: 'history-simple',
  summary: 'price-index series (USD per GPU-hour) per GPU model',
  examples: ['gpumkt history h100 --from 3m -f csv -o h100.csv', 'gpumkt history h100 h200 --from 7d --granularity daily'],
  row: { timestamp: 'datetime', index_value: 'number' },
  timeKey: 'timestamp',
  valueKey: 'index_value',
  glossary: [
    ['timestamp', 'start of the hour or day (UTC) the value covers'],
    ['index_value', 'price index, USD per GPU-hour'],
  ],
});
