/**
 * `gpumkt latest --current`: the current (hourly) index per model, one GET /api/gpu/{gpuName} each
 * (docs/api-contract.md). A public route: without a key the five free models answer, and naming
 * RTX PRO 6000 WS without a key is the service's 401.
 */
import { defineEndpoint } from '../api/envelope.js';
import { GPU_MODELS, resolveGpuList } from '../domain/gpus.js';
import { FREE_GPU_MODELS, keylessModelsNote } from '../domain/plans.js';
import { defineDataset } from './flags.js';

/** Parameters of one current-index request. */
export interface CurrentParams {
  readonly gpu: string;
}

const latestCurrent = defineDataset({
  name: 'latest',
  summary: 'current (hourly) index per GPU model',
  examples: [],
  endpoint: defineEndpoint<CurrentParams>({
    id: 'gpu-current',
    path: (p) => `/api/gpu/${encodeURIComponent(p.gpu)}`,
    query: () => ({}),
    envelope: {
      fields: { success: 'boolean?' },
      rows: { gpu_name: 'string', region: 'string?', index_value: 'number', last_updated: 'datetime?' },
      oneOrMany: true,
    },
    columns: ['gpu_name', 'region', 'index_value', 'last_updated'],
    valueKey: 'index_value',
  }),
  subject: 'some-gpus',
  groups: { window: false, series: false, analysis: false },
  fetch: { kind: 'single' },
  sort: false,
  plan: 'free',
  targetColumn: 'gpu_name',
  // No models named: every model the caller may see (a key unlocks RTX PRO 6000 WS).
  targets: (args, _flags, keyed) => (args.length > 0 ? resolveGpuList(args) : keyed ? GPU_MODELS : FREE_GPU_MODELS),
  params: (_flags, gpu) => ({ gpu: gpu as string }),
  keylessNote: keylessModelsNote,
  grain: 'one row per model: the current hour',
  glossary: [
    ['gpu_name', 'the GPU model'],
    ['region', 'the region (empty: global)'],
    ['index_value', "this hour's price index, USD per GPU-hour"],
    ['last_updated', 'when the value was computed (UTC)'],
  ],
  noAppend: {
    message: 'latest --current is the price of this hour, not a series: --append does not apply',
    hint: 'for a series use: gpumkt history <gpu...> --granularity hourly --append <file>',
  },
});

export default latestCurrent;
