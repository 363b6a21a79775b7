/**
 * The datasets of a lake, derived from the dataset registry (src/datasets/index.ts) and each
 * descriptor's optional `sync` field (SyncSpec): what a sync runs for each, whether it is a series
 * (kept current by the append merge) or a snapshot (one dated copy per day), its partition column,
 * the plan that reads it, the variant that runs, and the arguments and options of its run. A new family
 * is synced with no code here.
 */
import { DATASETS } from '../datasets/index.js';
import type { AnyDataset, DatasetVariant } from '../datasets/types.js';
import type { RequiredPlan } from '../domain/service/plans.js';
import { selectVariant } from '../run/targets.js';
import { optionDefaults, type DatasetOptions, type RunRequest } from '../run/request.js';

/** One dataset of a lake. */
export interface LakeDataset {
  /** Its folder in the lake. */
  readonly name: string;
  /** The registry entry the run is given. */
  readonly command: AnyDataset;
  /** The descriptor that actually runs: `command`, or its variant. */
  readonly ds: AnyDataset;
  /** The variant that runs, by its label (the run's request names it); null: the command itself. */
  readonly variant: string | null;
  readonly kind: 'series' | 'snapshot';
  /** A series' hive partition column; undefined for one file (snapshots partition by snapshot_date). */
  readonly partition?: string;
  readonly plan: RequiredPlan;
  /** Positional arguments of the run (`all` for a GPU list). */
  readonly args: readonly string[];
  /** The descriptor's own options of the run: their defaults, and its sync options (SyncSpec.flags). */
  readonly options: DatasetOptions;
  /** How far back a first sync reaches without --from (SyncSpec.from). */
  readonly from?: string;
  /** The time field of a series. */
  readonly timeKey?: string;
  /** True when the run's rows carry the `--granularity` choice (series group). */
  readonly graded: boolean;
}

/** True when a descriptor is a series --append can keep current. */
function appendable(ds: AnyDataset): boolean {
  return ds.endpoint.timeKey !== undefined && ds.noAppend === undefined;
}

/** The variant a descriptor's sync spec names (SyncSpec.variant: memory's history), if any. */
function syncVariant(command: AnyDataset): DatasetVariant | undefined {
  const label = command.sync?.variant;
  if (label === undefined) return undefined;
  const found = command.variants?.find((v) => v.label === label);
  if (found === undefined) throw new Error(`${command.name}: sync.variant '${label}' names none of its variants`);
  return found;
}

/**
 * The lake entry of one registry dataset, or undefined when its descriptor says `sync: { skip: true }`.
 * `keyed` is false for a run without a key: a command may then run its public variant (history).
 */
export function lakeDataset(command: AnyDataset, keyed = true): LakeDataset | undefined {
  const spec = command.sync ?? {};
  if (spec.skip === true) return undefined;
  // The variant the descriptor's sync names (a snapshot command whose history is the series: memory),
  // else the one the sync's own options and the key select, as on the command line (history without a key).
  const chosen = syncVariant(command) ?? selectVariant(command, spec.flags ?? {}, keyed);
  const ds = chosen?.dataset ?? command;
  const variant = ds === command ? undefined : ds;
  const kind = spec.kind ?? (appendable(ds) ? 'series' : 'snapshot');
  const options: DatasetOptions = { ...optionDefaults(ds), ...(variant?.sync?.flags ?? {}), ...(spec.flags ?? {}) };
  const list = ds.subject === 'gpus' || ds.subject === 'some-gpus';
  // Rows of a per-model run carry a `gpu` column the runner adds; rows that name their own target keep it.
  const perModel =
    ds.targetColumn === undefined && (list || ds.subject === 'names' || (ds.subject === 'gpu-option' && options.gpu !== undefined));
  const derived = kind === 'snapshot' ? undefined : perModel ? 'gpu' : ds.targetColumn;
  return {
    name: spec.name ?? command.name,
    command,
    ds,
    variant: chosen?.label ?? null,
    kind,
    partition: spec.partition === undefined ? derived : (spec.partition ?? undefined),
    plan: ds.plan ?? command.plan ?? 'premium',
    args: spec.args ?? (list ? ['all'] : []),
    options,
    from: spec.from ?? variant?.sync?.from,
    timeKey: ds.endpoint.timeKey,
    graded: ds.groups.series,
  };
}

/** The request of a lake dataset's run over `targets` (default: its arguments), before the lake adds its output and window. */
export function lakeRequest(d: LakeDataset, targets: readonly string[] = d.args): RunRequest {
  return { dataset: d.command, variant: d.variant, targets, output: { header: true, order: 'asc' }, options: d.options };
}

/** Every dataset a lake may hold, in registry order (`keyed`: as a run with a key sees them). */
export function lakeDatasets(keyed = true): LakeDataset[] {
  return DATASETS.map((d) => lakeDataset(d, keyed)).filter((d): d is LakeDataset => d !== undefined);
}
