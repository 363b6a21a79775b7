/**
 * `gpumkt latest --previous`: the settled day before the latest, per model, one
 * GET /api/daily-index/{gpuName}/previous each (docs/api-contract.md §2): beside `latest`, the
 * day-over-day move. A public route: without a key the five free models answer. The docs show no
 * body: it is taken to be the settled daily index's (`gpu_name`, `region`, `index_value`, `date`).
 */
import { AuthError, UsageError } from '../errors.js';
import { resolveGpuList } from '../domain/catalogues/gpus.js';
import { describeNeed, FREE_GPU_MODELS, KEY_HINT } from '../domain/service/plans.js';
import { latestPerModel, visibleModels, type LatestFlags, type ModelParams } from './latest-per-model.js';
import type { Dataset } from './types.js';

/** Parameters of one previous-day request. */
export type PreviousParams = ModelParams;

const latestPrevious: Dataset<PreviousParams, LatestFlags> = latestPerModel<LatestFlags>({
  summary: 'the settled day before the latest, per GPU model',
  glossary: [
    ['gpu_name', 'the GPU model'],
    ['region', 'the region (empty or global: the one region served)'],
    ['index_value', 'the daily price index, USD per GPU-hour'],
    ['date', 'the settled day (UTC) before the latest'],
  ],
  id: 'daily-index-previous',
  path: (gpu) => `/api/daily-index/${encodeURIComponent(gpu)}/previous`,
  time: { date: 'string?' },
  validate: (flags) => {
    if (flags.current === true) throw new UsageError('--current and --previous exclude each other: give one');
  },
  // No models (or 'all'): every model the caller may see (a key unlocks RTX PRO 6000 WS).
  targets: (args, _flags, keyed, learned = []) => {
    const every = args.length === 0 || args.some((a) => a.trim().toLowerCase() === 'all');
    if (every) return visibleModels(keyed);
    const gpus = resolveGpuList(
      args,
      learned.map((e) => e.id),
    );
    const locked = keyed ? undefined : gpus.find((g) => !(FREE_GPU_MODELS as readonly string[]).includes(g));
    if (locked)
      throw new AuthError(
        `latest --previous of ${locked} needs ${describeNeed('premium')}; without a key it serves ${FREE_GPU_MODELS.join(', ')}`,
        KEY_HINT,
      );
    return gpus;
  },
  noAppend: {
    message: 'latest --previous is one settled day per model, not a series: --append does not apply',
    hint: 'for a daily series use: gpumkt history <gpu...> --granularity daily --append <file>',
  },
});

export default latestPrevious;
