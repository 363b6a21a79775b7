/**
 * `gpumkt rolling`: the rolling 24-hour average per model now, one GET /api/gpu/{gpuName}/rolling-24h-average
 * each (docs/api-contract.md §2). The current value is published hourly, so the route is for full
 * keys only (a premium key gets 403: exit 3 before any request here). The docs name only
 * `average_usd_per_hour`; the body is taken to be shaped like its sibling /api/gpu/{gpuName}
 * (`gpu_name`, `region`, `last_updated`). With --from/--to it runs the daily history instead
 * (rolling-history.ts; any key).
 */
import { defineEndpoint } from '../api/envelope.js';
import { gpusOrAll, type GpuName } from '../domain/catalogues/gpus.js';
import { gpuPath } from './per-gpu-series.js';
import rollingHistory from './rolling-history.js';
import { defineDataset } from './flags.js';

/** Parameters of one current rolling-average request. */
export interface RollingParams {
  readonly gpu: GpuName;
}

const rolling = defineDataset({
  name: 'rolling',
  summary: 'rolling 24-hour average price (USD per GPU-hour) per GPU model; with --from/--to, its daily history',
  glossary: [
    ['gpu_name', 'the GPU model'],
    ['region', 'the region (empty or global: the one region served)'],
    ['average_usd_per_hour', 'mean price of the last 24 hours, USD per GPU-hour'],
    ['last_updated', 'when the average was last published (UTC, hourly)'],
  ],
  examples: [
    'gpumkt rolling',
    'gpumkt rolling h100 b200 -f csv',
    'gpumkt rolling h100 --from 30d',
    'gpumkt rolling all --from 90d --append rolling.csv',
  ],
  endpoint: defineEndpoint<RollingParams>({
    id: 'rolling-24h-average',
    path: (p) => gpuPath(p.gpu, 'rolling-24h-average'),
    query: () => ({}),
    envelope: {
      fields: { success: 'boolean?', access: 'string?' },
      rows: { gpu_name: 'string', region: 'string?', average_usd_per_hour: 'number', last_updated: 'datetime?' },
      oneOrMany: true,
    },
    columns: ['gpu_name', 'region', 'average_usd_per_hour', 'last_updated'],
    valueKey: 'average_usd_per_hour',
  }),
  subject: 'some-gpus',
  // --from/--to are declared here for the history variant; the current value has no window.
  groups: { window: true, series: false, analysis: true },
  fetch: { kind: 'single' },
  sort: false,
  plan: 'full',
  targetColumn: 'gpu_name',
  targets: (args, _flags, _keyed, learned = []) =>
    gpusOrAll(
      args,
      learned.map((e) => e.id),
    ),
  params: (_flags, gpu) => ({ gpu: gpu as GpuName }),
  noAppend: {
    message: 'rolling without --from/--to is the average of the last 24 hours, not a series: --append does not apply',
    hint: 'for the daily history use: gpumkt rolling <gpu...> --from 30d --append <file>',
  },
  table: { keys: ['gpu_name'], priority: ['average_usd_per_hour', 'last_updated'] },
  variants: [{ label: '--from/--to', when: (flags) => flags.from !== undefined || flags.to !== undefined, dataset: rollingHistory }],
  // A lake keeps the daily history (the command itself reads the latest values only).
  sync: { variant: '--from/--to' },
});

export default rolling;
