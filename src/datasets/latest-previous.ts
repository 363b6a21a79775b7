/**
 * `gpumkt latest --previous`: the settled day before the latest, per model, one
 * GET /api/daily-index/{gpuName}/previous each (docs/api-contract.md §2): beside `latest`, the
 * day-over-day move. A public route: without a key the five free models answer. The docs show no
 * body: it is taken to be the settled daily index's (`gpu_name`, `region`, `index_value`, `date`).
 */
import { defineEndpoint } from '../api/envelope.js';
import { AuthError, UsageError } from '../errors.js';
import { GPU_MODELS, resolveGpuList } from '../domain/gpus.js';
import { describeNeed, FREE_GPU_MODELS, keylessModelsNote } from '../domain/plans.js';
import type { Dataset } from './types.js';
import { datasetOptions, type DatasetFlags } from './flags.js';

/** Parameters of one previous-day request. */
export interface PreviousParams {
  readonly gpu: string;
}

/** The options of `latest` (src/datasets/latest.ts), declared here because this variant reads them too. */
export const LATEST_OPTIONS = datasetOptions([
  { flags: '--current', description: 'the current (hourly) index instead: GET /api/gpu/{gpuName} per model' },
  { flags: '--previous', description: 'the settled day before the latest instead: GET /api/daily-index/{gpuName}/previous per model' },
]);

const latestPrevious: Dataset<PreviousParams, DatasetFlags<typeof LATEST_OPTIONS, { window: false; series: false; analysis: false }>> = {
  name: 'latest',
  summary: 'the settled day before the latest, per GPU model',
  glossary: [
    ['gpu_name', 'the GPU model'],
    ['region', 'the region (empty or global: the one region served)'],
    ['index_value', 'the daily price index, USD per GPU-hour'],
    ['date', 'the settled day (UTC) before the latest'],
  ],
  examples: [],
  endpoint: defineEndpoint<PreviousParams>({
    id: 'daily-index-previous',
    path: (p) => `/api/daily-index/${encodeURIComponent(p.gpu)}/previous`,
    query: () => ({}),
    envelope: {
      fields: { success: 'boolean?' },
      rows: { gpu_name: 'string', region: 'string?', index_value: 'number', date: 'string?' },
      oneOrMany: true,
    },
    columns: ['gpu_name', 'region', 'index_value', 'date'],
    valueKey: 'index_value',
  }),
  subject: 'some-gpus',
  groups: { window: false, series: false, analysis: false },
  fetch: { kind: 'single' },
  sort: false,
  plan: 'free',
  targetColumn: 'gpu_name',
  validate: (flags) => {
    if (flags.current === true) throw new UsageError('--current and --previous exclude each other: give one');
  },
  // No models (or 'all'): every model the caller may see (a key unlocks RTX PRO 6000 WS).
  targets: (args, _flags, keyed) => {
    const every = args.length === 0 || args.some((a) => a.trim().toLowerCase() === 'all');
    if (every) return keyed ? GPU_MODELS : FREE_GPU_MODELS;
    const gpus = resolveGpuList(args);
    const locked = keyed ? undefined : gpus.find((g) => !FREE_GPU_MODELS.includes(g));
    if (locked)
      throw new AuthError(
        `latest --previous of ${locked} needs ${describeNeed('premium')}; without a key it serves ${FREE_GPU_MODELS.join(', ')}`,
      );
    return gpus;
  },
  params: (_flags, gpu) => ({ gpu: gpu as string }),
  keylessNote: keylessModelsNote,
  noAppend: {
    message: 'latest --previous is one settled day per model, not a series: --append does not apply',
    hint: 'for a daily series use: gpumkt history <gpu...> --granularity daily --append <file>',
  },
};

export default latestPrevious;
