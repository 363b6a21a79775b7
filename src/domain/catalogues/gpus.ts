/** The six GPU models the API serves, and how user input maps onto them. */
import { resolveWords } from '../text/word-list.js';
import { UsageError } from '../../errors.js';
import { didYouMean } from '../text/suggest.js';

/** Exact model names, as the API spells them. */
export const GPU_MODELS = ['H100 SXM', 'H200', 'A100 SXM4', 'B200', 'RTX 5090', 'RTX PRO 6000 WS'] as const;

/** One of the six exact model names. */
export type GpuModel = (typeof GPU_MODELS)[number];

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

/** Resolves one user-typed model (exact, case-insensitive or alias) or throws a usage error listing the valid ones. */
export function resolveGpu(input: string): GpuModel {
  const key = squash(input);
  const exact = GPU_MODELS.find((m) => squash(m) === key);
  if (exact) return exact;
  const alias = GPU_ALIASES[key];
  if (alias) return alias;
  throw new UsageError(
    `unknown GPU model '${input}'; ${didYouMean(input, [...Object.keys(GPU_ALIASES), ...GPU_MODELS])}valid models: ${GPU_MODELS.join(', ')} (aliases: ${Object.keys(GPU_ALIASES).join(', ')}; or 'all')`,
  );
}

/** Resolves a list of models; `all` expands to every model; duplicates are dropped, order kept. */
export function resolveGpuList(inputs: readonly string[]): GpuModel[] {
  // `h100,h200` is two models, as --columns takes a comma-separated list.
  return resolveWords(inputs, resolveGpu, GPU_MODELS);
}
