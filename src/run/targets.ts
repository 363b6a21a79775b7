/** What one run of a data command is about: the dataset its flags select, and the targets of its requests. */
import type { AnyDataset } from '../datasets/types.js';
import type { RunFlags } from './request.js';
import { resolveGpuList } from '../domain/catalogues/gpus.js';
import type { NameEntry } from '../domain/catalogues/name-catalogues.js';

/** The dataset a command runs: the first variant its flags (and whether a key is at hand) select, else its own. */
export function selectDataset(ds: AnyDataset, flags: Partial<RunFlags>, keyed: boolean): AnyDataset {
  return ds.variants?.find((v) => v.when(flags, keyed))?.dataset ?? ds;
}

/**
 * The targets, one request series each: the descriptor's own rule, else by subject (the positional
 * models, the repeated --gpu, or one target-less request). Unknown models exit 2 here, before any request.
 */
export function resolveTargets(
  ds: AnyDataset,
  args: readonly string[],
  flags: Partial<RunFlags>,
  keyed: boolean,
  learned: readonly NameEntry[] = [],
): Array<string | undefined> {
  if (ds.targets) return [...ds.targets(args, flags, keyed, learned)];
  if (ds.subject === 'gpus' || ds.subject === 'some-gpus') return resolveGpuList(args);
  if (ds.subject === 'gpu-option' && flags.gpu) return resolveGpuList(flags.gpu);
  return [undefined];
}
