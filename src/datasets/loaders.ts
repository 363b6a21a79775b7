/**
 * Each dataset of the registry by name, its descriptor's module evaluated on demand: a data command's
 * run evaluates its own descriptor and nothing of the other seventeen (evaluating every descriptor,
 * their examples, flags, word lists and envelopes, cost ~3 % of a 30-row query's instructions;
 * docs/performance.md). src/datasets/index.ts stays the registry, in help order; a test holds the two
 * to the same names and the same descriptors.
 */
import type { AnyDataset } from './types.js';

const LOADERS = new Map<string, () => Promise<AnyDataset>>([
  ['util-index', async () => (await import('./util-index.js')).default],
  ['history', async () => (await import('./history.js')).default],
  ['volume', async () => (await import('./volume.js')).default],
  ['range', async () => (await import('./range.js')).default],
  ['memory', async () => (await import('./memory.js')).default],
  ['latest', async () => (await import('./latest.js')).default],
  ['utilization', async () => (await import('./utilization.js')).default],
  ['volatility', async () => (await import('./volatility.js')).default],
  ['rolling', async () => (await import('./rolling.js')).default],
  ['forward', async () => (await import('./forward.js')).default],
  ['token-prices', async () => (await import('./token-prices.js')).default],
  ['token-volume', async () => (await import('./token-volume.js')).default],
  ['workload', async () => (await import('./workload.js')).default],
  ['coding', async () => (await import('./coding.js')).default],
  ['frontier', async () => (await import('./frontier.js')).default],
  ['power', async () => (await import('./power.js')).default],
  ['sites', async () => (await import('./sites.js')).default],
  ['buyers', async () => (await import('./buyers.js')).default],
]);

/** The names of the registry's datasets, in help order. */
export const DATASET_NAMES: readonly string[] = [...LOADERS.keys()];

/** The dataset called `name`, its module evaluated now; undefined when no dataset has that name. */
export async function loadDataset(name: string | undefined): Promise<AnyDataset | undefined> {
  const load = name === undefined ? undefined : LOADERS.get(name);
  return load === undefined ? undefined : load();
}
