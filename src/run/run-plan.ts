/**
 * The runner's first step: everything a data command decides before it opens a session — settings,
 * the dataset (variant), targets and window, the output plan, and every refusal that needs no request
 * (exit 2 for flags that cannot go together, exit 3 for a keyless run beyond the free tier).
 */
import type { Context } from '../context.js';
import { AuthError, UsageError } from '../errors.js';
import { describeNeed, KEY_HINT } from '../domain/service/plans.js';
import type { AnyDataset } from '../datasets/types.js';
import { resolveWindow, type DateWindow } from '../domain/time/dates.js';
import type { OutputPlan } from '../output/plan.js';
import { formatInfo } from '../output/formats.js';
import { flagsOf, type RunFlags, type RunRequest } from './request.js';
import { loadSettings, type RunSettings } from './session.js';
import { planOutput } from './output-plan.js';
import { planAnalysis, type AnalysisPlan } from './analysis/plan.js';
import { planChunks } from './fetch/util-index-chunks.js';
import { columnAliases, declaredColumnTypes } from './column-types.js';
import { catalogueOf, datasetOf, nameWordsOf, resolveTargets } from './targets.js';
import { learnNames, withLookupNote } from './names.js';
import { PROVISIONAL_COLUMN } from './fidelity.js';
import { checkWindowNotFuture } from './empty.js';
import { defaultGrain } from './default-grain.js';

export type { RunFlags } from './request.js';

/** What a run has decided before its first request. */
export interface RunPlan {
  readonly settings: RunSettings;
  /** The dataset that runs: the variant the request names or its options select, or the command's own. */
  readonly ds: AnyDataset;
  readonly args: readonly string[];
  /** The request's flags as the descriptors read them (request.ts flagsOf), --columns completed (the service's short names accepted, `gpu` kept where rows need it). */
  readonly flags: RunFlags;
  readonly today: string;
  readonly targets: Array<string | undefined>;
  /** The window as asked (an append narrows the one it requests). */
  readonly window?: DateWindow;
  /** Rows get the model's `gpu` column (rows that name their own target, targetColumn, do not). */
  readonly perModel: boolean;
  /** More than one model's rows in one output: each row carries its `gpu`. */
  readonly multi: boolean;
  readonly plan: OutputPlan;
  readonly series: boolean;
  readonly analysis?: AnalysisPlan;
}

/** Decides the run of `request` (see RunPlan) and refuses, before any request, what cannot be run. */
export async function planRun(ctx: Context, request: RunRequest): Promise<RunPlan> {
  const settings = await loadSettings(ctx);
  const keyed = ctx.globals().sandbox || settings.apiKey !== undefined;
  const args = request.targets;
  let flags = flagsOf(request);
  const ds = datasetOf(request, flags, keyed);
  const today = ctx.today();
  // A name the offline list lacks is asked of the service's catalogue first (none: no request).
  const learned = await learnNames(ctx, catalogueOf(ds), nameWordsOf(ds, args, flags), settings);
  const targets = withLookupNote(learned, () => {
    ds.validate?.(flags, today, learned.entries);
    return resolveTargets(ds, args, flags, keyed, learned.entries);
  });
  const keyless = keyed ? undefined : ds.keylessNote?.(args);
  if (keyless !== undefined) ctx.log.info(keyless);
  const window: DateWindow | undefined = ds.groups.window ? resolveWindow(flags.from, flags.to, today) : undefined;
  if (window) checkWindowNotFuture(window, today);
  const { endpoint } = ds;
  // Rows that name their own target (targetColumn) get no added `gpu` column.
  const perModel = ds.subject !== 'none' && ds.targetColumn === undefined;
  // The service's short field names are accepted by --columns too (power: d, p, o …).
  if (endpoint.rename && flags.columns) flags = { ...flags, columns: columnAliases(flags.columns, endpoint.rename) };
  // --partition-by gpu needs the model column even for one model (a nightly job may start with one).
  const multi = perModel && (targets.length > 1 || flags.columns?.includes('gpu') === true || flags.partitionBy === 'gpu');
  // With more than one model a row without its model is ambiguous: `gpu` is kept (first, unless placed).
  if (multi && flags.columns && flags.columns.length > 0 && !flags.columns.includes('gpu'))
    flags = { ...flags, columns: ['gpu', ...flags.columns] };
  const plan = await outputPlanOf(ctx, ds, flags, { perModel, multi, format: settings.format });
  const series = ds.fetch.kind === 'series';
  // No --granularity: what the key's plan serves, and what reads well where it is read (default-grain.ts).
  if (series && flags.granularity === undefined)
    flags = { ...flags, granularity: defaultGrain(settings.apiKey, ctx.globals().sandbox, plan, window) };
  const run = { settings, ds, args, flags, today, targets, window, perModel, multi, plan, series };
  refuseAppend(run);
  refuseRaw(run);
  refuseShiftingGrain(run);
  refuseMixedUnits(run);
  const timeKey = endpoint.timeKey;
  const valueKey = endpoint.valueKey;
  const analysis =
    ds.groups.analysis && timeKey && valueKey
      ? planAnalysis(flags, plan, { timeKey, valueKey, numeric: ds.numeric ?? [valueKey] })
      : refuseAnalysis(ds, flags);
  // Beyond the free tier a key is needed after all: without one, exit 3 before any request.
  const beyondFree =
    ds.plan === 'free' && !settings.apiKey && !ctx.globals().sandbox && !ctx.globals().dryRun
      ? ds.freeTier?.(targets, flags, window, today)
      : undefined;
  if (beyondFree !== undefined) refuseBeyondFree(ds, beyondFree);
  return { ...run, analysis };
}

/** The output plan of the dataset's rows: the columns it may print, its defaults, key and priority for the table. */
function outputPlanOf(
  ctx: Context,
  ds: AnyDataset,
  flags: RunFlags,
  shape: { perModel: boolean; multi: boolean; format?: string },
): Promise<OutputPlan> {
  const { endpoint } = ds;
  const { perModel, multi } = shape;
  const timeKey = endpoint.timeKey;
  return planOutput(
    flags,
    ctx,
    {
      valid: perModel ? [...endpoint.columns, 'gpu'] : endpoint.columns,
      defaults: multi ? ['gpu', ...endpoint.columns] : endpoint.columns,
      table: endpoint.tableColumns ? [...(multi ? ['gpu'] : []), ...endpoint.tableColumns] : undefined,
      series: timeKey !== undefined,
      keys: ['gpu', ...(ds.table?.keys ?? (timeKey ? [timeKey] : []))],
      // The key, then the dataset's value, then the provisional marker (it says which values will change).
      priority: withNote(ds.table?.priority ?? (endpoint.valueKey ? [endpoint.valueKey] : [])),
      types: declaredColumnTypes(endpoint, perModel),
    },
    shape.format,
  );
}

/** What the refusals read of the plan being made. */
type Planned = Omit<RunPlan, 'analysis'>;

/** --append where the dataset cannot append, or without the columns that key its rows: exit 2. */
function refuseAppend({ ds, plan, targets }: Planned): void {
  if (!plan.append) return;
  if (ds.noAppend) throw new UsageError(ds.noAppend.message, ds.noAppend.hint);
  const timeKey = ds.endpoint.timeKey;
  // One request for every lab (targets [undefined]) brings several rows per day as surely as several requests do.
  const keyColumns = ds.keyColumns ?? (ds.targetColumn && (targets.length > 1 || targets[0] === undefined) ? [ds.targetColumn] : []);
  const unkeyed = keyColumns.filter((c) => !plan.columns.includes(c));
  if (unkeyed.length > 0) {
    throw new UsageError(
      `--append keys these rows by ${keyColumns.join(', ')} and ${timeKey ?? 'time'}: keep ${unkeyed.join(', ')} in --columns`,
    );
  }
}

/** --format chart of targets in more than one unit (coding: counts and percentages): one y axis cannot show both; exit 2. */
function refuseMixedUnits({ ds, plan, targets }: Planned): void {
  if (!ds.chartUnits || !formatInfo(plan.format).needsSeries) return;
  const byUnit = new Map<string, string[]>();
  for (const target of targets) {
    const unit = target === undefined ? undefined : ds.chartUnits.of(target);
    if (target !== undefined && unit !== undefined) byUnit.set(unit, [...(byUnit.get(unit) ?? []), target]);
  }
  if (byUnit.size < 2) return;
  const { noun } = ds.chartUnits;
  throw new UsageError(
    `--format chart has one y axis, and these ${noun} are in ${byUnit.size} units: ${[...byUnit].map(([unit, names]) => `${unit} (${names.join(', ')})`).join('; ')}`,
    `chart the ${noun} of one unit at a time, or take the rows as csv or json`,
  );
}

/** --append of a series whose grain or row count depends on the window's length, which an append shortens: exit 2. */
function refuseShiftingGrain({ plan, flags, series }: Planned): void {
  if (series && plan.append && (flags.granularity === 'auto' || flags.limit !== 'all')) {
    // auto resolves by the window's length, and a shorter append window would switch daily rows to hourly.
    throw new UsageError(
      '--append needs --granularity daily or hourly, and --limit all',
      "'auto' depends on the window's length, which an append shortens",
    );
  }
}

/** --raw prints one response body: a run that would make several requests is refused (exit 2). */
function refuseRaw({ ds, plan, flags, targets, series, today, window }: Planned): void {
  if (!plan.raw) return;
  if (ds.fetch.kind === 'paged')
    throw new UsageError(
      `--raw prints one response body; ${ds.name} pages through the listing in several requests`,
      `for one page: gpumkt api ${ds.endpoint.path(ds.params(flags, undefined, undefined, today) as never)} -q offset=0`,
    );
  if (targets.length > 1) {
    if (ds.targets)
      throw new UsageError(`--raw prints one response body; this run would make ${targets.length} requests (ask for one model or type)`);
    throw new UsageError(
      series || ds.subject === 'gpus'
        ? '--raw prints one response body; give one GPU model'
        : '--raw prints one response body; give at most one --gpu and a window of at most 400 days',
    );
  }
  if (ds.fetch.kind === 'windowed' && window && planChunks(window, ds.fetch.maxDays, ds.fetch.overlapDays, 0).length > 1) {
    throw new UsageError(`--raw prints one response body; give at most one --gpu and a window of at most ${ds.fetch.maxDays} days`);
  }
}

/** A run without a key that asks for more than the free tier serves: exit 3 before any request, naming the plan. */
function refuseBeyondFree(ds: AnyDataset, why: string): never {
  throw new AuthError(`no API key: without one '${ds.name}' reads ${why}; more needs ${describeNeed('premium')}`, KEY_HINT);
}

/** The table's column priority with the provisional marker right after the most important column. */
function withNote(priority: readonly string[]): string[] {
  return [...priority.slice(0, 1), PROVISIONAL_COLUMN, ...priority.slice(1)];
}

/** An analysis flag on a run that is no series over time (a snapshot: memory, coding, rolling without --from): exit 2. */
function refuseAnalysis(ds: AnyDataset, flags: RunFlags): undefined {
  const given = (['wide', 'stats', 'spark', 'y'] as const).find((k) => flags[k] !== undefined && flags[k] !== false);
  if (given === undefined) return undefined;
  throw new UsageError(
    `--${given} analyses a series over time, and '${ds.name}' without a window is a snapshot`,
    `give --from, e.g. gpumkt ${ds.name} --from 30d --${given === 'y' ? 'stats --y <column>' : given}`,
  );
}
