/**
 * `gpumkt history`: the price index (USD per GPU-hour) per model, from history-simple (most recent
 * first). `--at <time>` reads the value nearest a time instead (history-at.ts); without a key it runs
 * the public daily series (history-public.ts).
 */
import { perGpuSeries } from './per-gpu-series.js';
import historyAt, { HISTORY_OPTIONS } from './history-at.js';
import historyPublic from './history-public.js';
import { defineDataset } from './flags.js';

const series = perGpuSeries({
  name: 'history',
  leaf: 'history-simple',
  summary: 'price-index series (USD per GPU-hour) per GPU model (no key: the public daily series)',
  examples: [
    'gpumkt history h100 --from 3m -f csv -o h100.csv',
    'gpumkt history h100 h200 --from 7d --granularity daily',
    "gpumkt history h100 --at '2026-11-02 14:30'",
  ],
  row: { timestamp: 'datetime', index_value: 'number' },
  timeKey: 'timestamp',
  valueKey: 'index_value',
  glossary: [
    ['timestamp', 'start of the hour or day (UTC) the value covers'],
    ['index_value', 'price index, USD per GPU-hour'],
  ],
});

const history = defineDataset({
  ...series,
  options: HISTORY_OPTIONS,
  variants: [
    { label: '--at <time>', when: (flags) => flags.at !== undefined, dataset: historyAt },
    { label: 'without a key', when: (_flags, keyed) => !keyed, dataset: historyPublic },
  ],
});

export default history;
