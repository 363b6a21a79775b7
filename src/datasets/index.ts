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

/** Every dataset. */
export const DATASETS: readonly AnyDataset[] = [utilIndex, history, volume, range, memory];

/** The dataset called `name`, if any. */
export function findDataset(name: string): AnyDataset | undefined {
  return DATASETS.find((d) => d.name === name);
}

export type { AnyDataset, Dataset } from './types.js';
