/**
 * The shape shared by `latest --current` and `latest --previous`: a public route asked once per GPU
 * model, one row each (`gpu_name`, `region`, `index_value` and a time), free for the five free models.
 */
import { defineEndpoint } from '../api/envelope.js';
import type { Shape } from '../api/validate.js';
import { GPU_MODELS, type GpuModel } from '../domain/gpus.js';
import { FREE_GPU_MODELS, keylessModelsNote } from '../domain/plans.js';
import type { Dataset } from './types.js';

/** Parameters of one request about one model. */
export interface ModelParams {
  readonly gpu: string;
}

/** What a variant of `latest` declares: its route and time field; every other descriptor field is passed through. */
export type LatestSpec = Omit<
  Dataset<ModelParams>,
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
export function latestPerModel({ id, path, time, ...rest }: LatestSpec): Dataset<ModelParams> {
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
