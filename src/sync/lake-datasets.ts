/**
 * The datasets of a lake, derived from the dataset registry (src/datasets/index.ts) and each
 * descriptor's optional `sync` field (SyncSpec): what a sync runs for each, whether it is a series
 * (kept current by the append merge) or a snapshot (one dated copy per day), its partition column,
 * the plan that reads it, and the arguments and flags of its run. A new family is synced with no code here.
 */
import { DATASETS } from '../datasets/index.js';
import type { AnyDataset } from '../datasets/types.js';
import type { RequiredPlan } from '../domain/service/plans.js';
import { selectDataset } from '../run/targets.js';
import type { RunFlags } from '../run/request.js';

/** One dataset of a lake. */
export interface LakeDataset {
  /** Its folder in the lake. */
  readonly name: string;
  /** The registry entry the run is given (a variant is selected by the flags, as on the command line). */
  readonly command: AnyDataset;
  /** The descriptor that actually runs: `command`, or its variant. */
  readonly ds: AnyDataset;
  readonly kind: 'series' | 'snapshot';
  /** A series' hive partition column; undefined for one file (snapshots partition by snapshot_date). */
  readonly partition?: string;
  readonly plan: RequiredPlan;
  /** Positional arguments of the run (`all` for a GPU list). */
  readonly args: readonly string[];
  /** The descriptor's option defaults and its sync flags (what commander would fill in, plus SyncSpec.flags). */
  readonly flags: Partial<RunFlags>;
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

/** The flag name commander gives an option (`--base-date <date>` → baseDate, `--no-x` → x). */
export function optionKey(flags: string): string {
  const long = /--([a-z0-9-]+)/i.exec(flags)?.[1] ?? '';
  return long.replace(/^no-/, '').replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Window flags as a sync run passes them: they select a command's series variant (memory --from). */
const WINDOW = { from: '2000-01-01', to: '2000-01-01' };

/**
 * The lake entry of one registry dataset, or undefined when its descriptor says `sync: { skip: true }`.
 * `keyed` is false for a run without a key: a command may then run its public variant (history).
 */
export function lakeDataset(command: AnyDataset, keyed = true): LakeDataset | undefined {
  const spec = command.sync ?? {};
  if (spec.skip === true) return undefined;
  const plain = selectDataset(command, spec.flags ?? {}, keyed);
  // A snapshot command whose variant is a series (memory → memory --from): the lake keeps the series.
  const windowed = selectDataset(command, { ...(spec.flags ?? {}), ...WINDOW }, keyed);
  const ds = appendable(plain) || !appendable(windowed) ? plain : windowed;
  const variant = ds === command ? undefined : ds;
  const kind = spec.kind ?? (appendable(ds) ? 'series' : 'snapshot');
  const defaults: Record<string, unknown> = {};
  for (const o of ds.options ?? []) if (o.default !== undefined) defaults[optionKey(o.flags)] = o.default;
  const flags: Partial<RunFlags> = { ...defaults, ...(variant?.sync?.flags ?? {}), ...(spec.flags ?? {}) };
  const list = ds.subject === 'gpus' || ds.subject === 'some-gpus';
  // Rows of a per-model run carry a `gpu` column the runner adds; rows that name their own target keep it.
  const perModel =
    ds.targetColumn === undefined && (list || ds.subject === 'names' || (ds.subject === 'gpu-option' && flags.gpu !== undefined));
  const derived = kind === 'snapshot' ? undefined : perModel ? 'gpu' : ds.targetColumn;
  return {
    name: spec.name ?? command.name,
    command,
    ds,
    kind,
    partition: spec.partition === undefined ? derived : (spec.partition ?? undefined),
    plan: ds.plan ?? command.plan ?? 'premium',
    args: spec.args ?? (list ? ['all'] : []),
    flags,
    from: spec.from ?? variant?.sync?.from,
    timeKey: ds.endpoint.timeKey,
    graded: ds.groups.series,
  };
}

/** Every dataset a lake may hold, in registry order (`keyed`: as a run with a key sees them). */
export function lakeDatasets(keyed = true): LakeDataset[] {
  return DATASETS.map((d) => lakeDataset(d, keyed)).filter((d): d is LakeDataset => d !== undefined);
}
