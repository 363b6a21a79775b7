/**
 * The GPU models the API serves, and how user input maps onto them. The six below are gpumkt's
 * snapshot of the service's catalogue (GET /api/gpu-types): a model it lacks is looked up there before
 * it is refused (src/run/names.ts, docs/names.md), so a model name is a string checked at the edge.
 */
import { resolveWords } from '../text/word-list.js';
import { UsageError } from '../../errors.js';
import { didYouMean } from '../text/suggest.js';

/** Exact model names, as the API spells them. */
export const GPU_MODELS = ['H100 SXM', 'H200', 'A100 SXM4', 'B200', 'RTX 5090', 'RTX PRO 6000 WS'] as const;

/** One of the six exact model names of the offline list. */
export type GpuModel = (typeof GPU_MODELS)[number];

/** A model as the service names it: one of the offline list, or one its catalogue lists (checked by resolveGpu). */
export type GpuName = string;

/** Short names users type, lower-case, without spaces, dashes or underscores. */
export const GPU_ALIASES: Readonly<Record<string, GpuModel>> = {
  h100: 'H100 SXM',
  h100sxm: 'H100 SXM',
  h200: 'H200',
  a100: 'A100 SXM4',
  a100sxm4: 'A100 SXM4',
  b200: 'B200',
  '5090': 'RTX 5090',
  rtx5090: 'RTX 5090',
  pro6000: 'RTX PRO 6000 WS',
  rtxpro6000: 'RTX PRO 6000 WS',
  rtxpro6000ws: 'RTX PRO 6000 WS',
  '6000': 'RTX PRO 6000 WS',
};

const squash = (s: string): string => s.toLowerCase().replace(/[\s_-]+/g, '');

/** True when `s` is one of the six exact names. */
export function isGpuModel(s: string): s is GpuModel {
  return (GPU_MODELS as readonly string[]).includes(s);
}

/** The offline model or alias `input` names (exact, case-insensitive, spaces and dashes aside), if any. */
export function offlineGpu(input: string): GpuModel | undefined {
  const key = squash(input);
  return GPU_MODELS.find((m) => squash(m) === key) ?? GPU_ALIASES[key];
}

/**
 * Resolves one user-typed model (exact, case-insensitive or alias; else one of `learned`, the models
 * the service's catalogue lists) or throws a usage error listing the valid ones.
 */
export function resolveGpu(input: string, learned: readonly string[] = []): GpuName {
  const offline = offlineGpu(input);
  if (offline) return offline;
  const key = squash(input);
  const served = learned.find((m) => squash(m) === key);
  if (served) return served;
  const extra = learned.filter((m) => !isGpuModel(m));
  const models = [...GPU_MODELS, ...extra];
  throw new UsageError(
    `unknown GPU model '${input}'; ${didYouMean(input, [...Object.keys(GPU_ALIASES), ...models])}valid models: ${models.join(', ')} (aliases: ${Object.keys(GPU_ALIASES).join(', ')}; or 'all')`,
  );
}

/** The models a run names, or with none every model of the offline list (a key reads every model). */
export function gpusOrAll(inputs: readonly string[], learned: readonly string[] = []): readonly GpuName[] {
  return inputs.length === 0 ? GPU_MODELS : resolveGpuList(inputs, learned);
}

/**
 * Resolves a list of models; `all` expands to every model (the offline list, then those of `learned`
 * it lacks); duplicates are dropped, order kept.
 */
export function resolveGpuList(inputs: readonly string[], learned: readonly string[] = []): GpuName[] {
  const every: GpuName[] = [...GPU_MODELS, ...learned.filter((m) => !isGpuModel(m))];
  // `h100,h200` is two models, as --columns takes a comma-separated list.
  return resolveWords(inputs, (w) => resolveGpu(w, learned), every);
}
