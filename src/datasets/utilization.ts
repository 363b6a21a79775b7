/**
 * `gpumkt utilization`: the current utilization per model with its 7- and 30-day means, from
 * GET /api/gpu-utilization (docs/api-contract.md). `utilization_ratio` is null when the feed stopped
 * within the last 48 hours; a model without readings in 30 days is left out by the service.
 */
import { defineEndpoint } from '../api/envelope.js';
import { defineDataset } from './flags.js';

const utilization = defineDataset({
  name: 'utilization',
  summary: 'current utilization per GPU model, with 7- and 30-day means',
  examples: [
    'gpumkt utilization',
    'gpumkt utilization -f csv -o utilization.csv',
    'gpumkt utilization --columns gpu_type,utilization_ratio -f tsv',
  ],
  endpoint: defineEndpoint<Record<string, never>>({
    id: 'gpu-utilization',
    path: () => '/api/gpu-utilization',
    query: () => ({}),
    envelope: {
      fields: { success: 'boolean?', count: 'uint?' },
      rows: {
        gpu_type: 'string',
        region: 'string?',
        utilization_ratio: 'number|null',
        avg_7d: 'number|null?',
        avg_30d: 'number|null?',
        recorded_at: 'datetime|null?',
      },
    },
    columns: ['gpu_type', 'region', 'utilization_ratio', 'avg_7d', 'avg_30d', 'recorded_at'],
    valueKey: 'utilization_ratio',
  }),
  subject: 'none',
  groups: { window: false, series: false, analysis: false },
  fetch: { kind: 'single' },
  plan: 'premium',
  sort: false,
  params: () => ({}),
  grain: 'one row per model: the current values',
  glossary: [
    ['gpu_type', 'the GPU model'],
    ['region', 'the region of the reading (global)'],
    ['utilization_ratio', 'current share of capacity rented, 0 to 1; null when the feed stopped in the last 48 hours'],
    ['avg_7d, avg_30d', 'mean daily utilization of the 7 and 30 days ending today, 0 to 1'],
    ['recorded_at', 'when the current value was read (UTC)'],
  ],
  noAppend: {
    message: 'utilization is a snapshot of the current values, not a series: --append does not apply',
    hint: 'for a series use: gpumkt volume <gpu...> --append <file>',
  },
});

export default utilization;
