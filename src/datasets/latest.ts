/**
 * `gpumkt latest`: the latest settled daily index per model (docs/api-contract.md). No models named
 * (or `all`): one GET /api/daily-index/all; named models: one GET /api/daily-index?gpuType= each.
 * The docs show no /all body: it is taken to be a list of its single-model sibling's rows
 * (`gpu_name`, `region`, `index_value`, `date`). `--current` runs latest-current.ts instead.
 */
import { defineEndpoint } from '../api/envelope.js';
import { resolveGpuList } from '../domain/catalogues/gpus.js';
import { keylessModelsNote } from '../domain/service/plans.js';
import latestCurrent from './latest-current.js';
import latestPrevious from './latest-previous.js';
import { LATEST_OPTIONS } from './latest-per-model.js';
import { defineDataset } from './flags.js';

/** Parameters of one daily-index request: one model, or every model (undefined). */
export interface LatestParams {
  readonly gpu?: string;
}

const latest = defineDataset({
  name: 'latest',
  summary: "latest settled daily index per GPU model (--current: this hour's index)",
  examples: [
    'gpumkt latest',
    'gpumkt latest h100 b200 -f csv',
    'gpumkt latest --current',
    'gpumkt latest --previous h100',
    'gpumkt latest --columns gpu_name,index_value -f tsv --no-header',
  ],
  endpoint: defineEndpoint<LatestParams>({
    id: 'daily-index',
    path: (p) => (p.gpu === undefined ? '/api/daily-index/all' : '/api/daily-index'),
    query: (p) => ({ gpuType: p.gpu }),
    envelope: {
      fields: { success: 'boolean?', count: 'uint?' },
      rows: { gpu_name: 'string', region: 'string?', index_value: 'number', date: 'date?' },
      oneOrMany: true,
    },
    columns: ['gpu_name', 'region', 'index_value', 'date'],
    valueKey: 'index_value',
  }),
  subject: 'some-gpus',
  groups: { window: false, series: false, analysis: false },
  options: LATEST_OPTIONS,
  fetch: { kind: 'single' },
  sort: false,
  plan: 'free',
  targetColumn: 'gpu_name',
  // One request answers for every model; named models are asked one by one (the service's own split).
  targets: (args, _flags, _keyed, learned = []) => {
    const gpus = resolveGpuList(
      args,
      learned.map((e) => e.id),
    );
    return args.length === 0 || args.some((a) => a.trim().toLowerCase() === 'all') ? [undefined] : gpus;
  },
  params: (_flags, gpu) => ({ gpu }),
  // Without a key the service answers for the free models only: say which one is missing, and why.
  keylessNote: keylessModelsNote,
  noAppend: {
    message: 'latest is one settled day per model, not a series: --append does not apply',
    hint: 'for a daily series use: gpumkt history <gpu...> --granularity daily --append <file>',
  },
  variants: [
    { label: '--previous', when: (flags) => flags.previous === true, dataset: latestPrevious },
    { label: '--current', when: (flags) => flags.current === true, dataset: latestCurrent },
  ],
  grain: 'one row per model: its last settled day',
  glossary: [
    ['gpu_name', 'the GPU model'],
    ['region', 'the region (empty: global)'],
    ['index_value', 'the daily price index, USD per GPU-hour'],
    ['date', 'the settled day (UTC) the value is for'],
  ],
});

export default latest;
