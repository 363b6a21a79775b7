/**
 * The shape shared by `latest --current` and `latest --previous`: a public route asked once per GPU
 * model, one row each (`gpu_name`, `region`, `index_value` and a time), free for the five free models.
 */
import { defineEndpoint } from '../api/envelope.js';
import type { Shape } from '../api/validate.js';
import { GPU_MODELS, type GpuModel } from '../domain/catalogues/gpus.js';
import { FREE_GPU_MODELS, keylessModelsNote } from '../domain/service/plans.js';
import type { Dataset } from './types.js';
import { datasetOptions, type DatasetFlags, type OutputFlags } from './flags.js';

/** The options of `latest` (src/datasets/latest.ts), declared here because its variants read them too. */
export const LATEST_OPTIONS = datasetOptions([
  { flags: '--current', description: 'the current (hourly) index instead: GET /api/gpu/{gpuName} per model' },
  { flags: '--previous', description: 'the settled day before the latest instead: GET /api/daily-index/{gpuName}/previous per model' },
]);

/** The flags of `latest`, as its variants get them. */
export type LatestFlags = DatasetFlags<typeof LATEST_OPTIONS, { window: false; series: false; analysis: false }>;

/** Parameters of one request about one model. */
export interface ModelParams {
  readonly gpu: string;
}

/** What a variant of `latest` declares: its route and time field; every other descriptor field is passed through. */
export type LatestSpec<F = OutputFlags> = Omit<
  Dataset<ModelParams, F>,
  'name' | 'examples' | 'endpoint' | 'subject' | 'groups' | 'fetch' | 'sort' | 'plan' | 'targetColumn' | 'params' | 'keylessNote'
> & {
  /** The endpoint's id (in messages and manifests). */
  readonly id: string;
  readonly path: (gpu: string) => string;
  /** The row's time field, after the three the variants share. */
  readonly time: Shape;
};

/** Every model the caller may see: a key unlocks RTX PRO 6000 WS. */
export function visibleModels(keyed: boolean): readonly GpuModel[] {
  return keyed ? GPU_MODELS : FREE_GPU_MODELS;
}

/** A variant of `latest`: one request per model, one row each, sorted as the models were asked. */
export function latestPerModel<F = OutputFlags>({ id, path, time, ...rest }: LatestSpec<F>): Dataset<ModelParams, F> {
  const rows: Shape = { gpu_name: 'string', region: 'string?', index_value: 'number', ...time };
  return {
    name: 'latest',
    examples: [],
    endpoint: defineEndpoint<ModelParams>({
      id,
      path: (p) => path(p.gpu),
      query: () => ({}),
      envelope: { fields: { success: 'boolean?' }, rows, oneOrMany: true },
      columns: Object.keys(rows),
      valueKey: 'index_value',
    }),
    subject: 'some-gpus',
    groups: { window: false, series: false, analysis: false },
    fetch: { kind: 'single' },
    sort: false,
    plan: 'free',
    targetColumn: 'gpu_name',
    params: (_flags, gpu) => ({ gpu: gpu as string }),
    keylessNote: keylessModelsNote,
    ...rest,
  };
}
