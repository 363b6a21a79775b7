/** What one run of a data command is about: the dataset its request names or its flags select, and the targets of its requests. */
import type { AnyDataset, DatasetVariant } from '../datasets/types.js';
import type { DateWindow } from '../domain/time/dates.js';
import { flagsOf, namedVariant, type RunFlags, type RunRequest } from './request.js';
import { resolveGpuList } from '../domain/catalogues/gpus.js';
import type { NameCatalogueId, NameEntry } from '../domain/catalogues/name-catalogues.js';

/** True when the dataset's targets are GPU models (positional, or --gpu). */
function aboutGpus(ds: AnyDataset): boolean {
  return ds.subject === 'gpus' || ds.subject === 'some-gpus' || ds.subject === 'gpu-option';
}

/** The service's catalogue the run's names belong to: the descriptor's, else GPU models for a dataset about them. */
export function catalogueOf(ds: AnyDataset): NameCatalogueId | undefined {
  return ds.names ?? (aboutGpus(ds) ? 'gpu-types' : undefined);
}

/** The words of a run that name entries of its catalogue (--gpu for a dataset that takes the model there). */
export function nameWordsOf(ds: AnyDataset, args: readonly string[], flags: Partial<RunFlags>): readonly string[] {
  if (ds.nameWords) return ds.nameWords(args, flags);
  return ds.names === undefined && ds.subject === 'gpu-option' ? (flags.gpu ?? []) : args;
}

/** The variant of a command its flags (and whether a key is at hand) select, as on the command line: the first whose `when` holds. */
export function selectVariant(ds: AnyDataset, flags: Partial<RunFlags>, keyed: boolean): DatasetVariant | undefined {
  return ds.variants?.find((v) => v.when(flags, keyed));
}

/** The dataset a command runs: the first variant its flags (and whether a key is at hand) select, else its own. */
export function selectDataset(ds: AnyDataset, flags: Partial<RunFlags>, keyed: boolean): AnyDataset {
  return selectVariant(ds, flags, keyed)?.dataset ?? ds;
}

/** The dataset a request runs: the variant it names, the command itself (`null`), or as its flags and the key select. */
export function datasetOf(request: RunRequest, flags: Partial<RunFlags>, keyed: boolean): AnyDataset {
  if (request.variant === undefined) return selectDataset(request.dataset, flags, keyed);
  return namedVariant(request)?.dataset ?? request.dataset;
}

/** The targets of a request's run (targets.ts resolveTargets): unknown names throw a usage error. */
export function requestTargets(request: RunRequest, keyed: boolean): Array<string | undefined> {
  const flags = flagsOf(request);
  return resolveTargets(datasetOf(request, flags, keyed), request.targets, flags, keyed);
}

/**
 * Why a run of `request` without a key over `window` asks for more than the dataset's free tier serves
 * (its `freeTier` hook), or undefined when it does not (or the dataset has no such tier).
 */
export function beyondFreeTier(
  request: RunRequest,
  targets: ReadonlyArray<string | undefined>,
  window: DateWindow,
  today: string,
): string | undefined {
  const flags = flagsOf({ ...request, window: { ...request.window, ...window } });
  return datasetOf(request, flags, false).freeTier?.(targets, flags, window, today);
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
  const models = learned.map((e) => e.id);
  if (ds.subject === 'gpus' || ds.subject === 'some-gpus') return resolveGpuList(args, models);
  if (ds.subject === 'gpu-option' && flags.gpu) return resolveGpuList(flags.gpu, models);
  return [undefined];
}
