/**
 * `gpumkt latest --current`: the current (hourly) index per model, one GET /api/gpu/{gpuName} each
 * (docs/api-contract.md). A public route: without a key the five free models answer, and naming
 * RTX PRO 6000 WS without a key is the service's 401.
 */
import { resolveGpuList } from '../domain/catalogues/gpus.js';
import { latestPerModel, visibleModels, type ModelParams } from './latest-per-model.js';
import type { Dataset } from './types.js';

/** Parameters of one current-index request. */
export type CurrentParams = ModelParams;

const latestCurrent: Dataset<CurrentParams> = latestPerModel({
  summary: 'current (hourly) index per GPU model',
  id: 'gpu-current',
  path: (gpu) => `/api/gpu/${encodeURIComponent(gpu)}`,
  time: { last_updated: 'datetime?' },
  // No models named: every model the caller may see (a key unlocks RTX PRO 6000 WS).
  targets: (args, _flags, keyed, learned = []) =>
    args.length > 0
      ? resolveGpuList(
          args,
          learned.map((e) => e.id),
        )
      : visibleModels(keyed),
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
