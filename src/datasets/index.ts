/**
 * The registry of datasets, in help order: one line per dataset. Commands, completions, the
 * validation tests and README's command table are all derived from this list.
 */
import type { AnyDataset } from './types.js';
import utilIndex from './util-index.js';
import history from './history.js';
import volume from './volume.js';
import range from './range.js';
import memory from './memory.js';
import latest from './latest.js';
import utilization from './utilization.js';
import volatility from './volatility.js';
import rolling from './rolling.js';
import forward from './forward.js';
import tokenPrices from './token-prices.js';
import tokenVolume from './token-volume.js';
import power from './power.js';
import sites from './sites.js';
import buyers from './buyers.js';
import workload from './workload.js';
import coding from './coding.js';
import frontier from './frontier.js';

/** Every dataset. */
export const DATASETS: readonly AnyDataset[] = [
  utilIndex,
  history,
  volume,
  range,
  memory,
  latest,
  utilization,
  volatility,
  rolling,
  forward,
  tokenPrices,
  tokenVolume,
  workload,
  coding,
  frontier,
  power,
  sites,
  buyers,
];

/** Every dataset and every variant a command may switch to (memory history, latest --current): what the validation tests cover. */
export const ALL_DATASETS: readonly AnyDataset[] = DATASETS.flatMap((d) => [d, ...(d.variants ?? []).map((v) => v.dataset)]);

/** The dataset called `name`, if any. */
export function findDataset(name: string): AnyDataset | undefined {
  return DATASETS.find((d) => d.name === name);
}

export type { AnyDataset, Dataset } from './types.js';
