/**
 * The one runner of every data command: settings → targets and window → output plan → requests
 * (fan-out, split windows) → validation → spec checks → sort and join → emit. It knows datasets only
 * through their descriptors (src/datasets); how requests are planned is the descriptor's fetch plan.
 */
import type { Context } from '../context.js';
import { AuthError, UsageError } from '../errors.js';
import { describeNeed } from '../domain/plans.js';
import type { AnyDataset } from '../datasets/types.js';
import type { SeriesParams } from '../datasets/per-gpu-series.js';
import { resolveWindow, type DateWindow } from '../domain/dates.js';
import { isGpuModel, type GpuModel } from '../domain/gpus.js';
import type { Row } from '../domain/row.js';
import type { RunFlags } from './request.js';
import { loadSettings, openSession, type Session } from './session.js';
import { planOutput } from './output-plan.js';
import { emitDryRun, emitRaw, emitRows, reportViolations, sortRows } from './emit.js';
import { FAN_OUT, mapConcurrent } from './fetch/fan-out.js';
import { openExport } from '../append/export-run.js';
import { withProgress } from './fetch/progress.js';
import { emitAnalysis, planAnalysis } from './analysis/views.js';
import { fetchSeries, windowCapacity, type SeriesEndpoint } from './fetch/series.js';
import { fetchWindow } from './fetch/windowed.js';
import { planChunks } from './fetch/util-index-chunks.js';
import { columnAliases, declaredColumnTypes } from './column-types.js';
import { requestRecord } from '../append/request-record.js';
import { resolveTargets, selectDataset } from './targets.js';
import { checkServedGrain, handleProvisional, markProvisional, noteBaseUnavailable, observe, PROVISIONAL_COLUMN } from './fidelity.js';
import { checkWindowNotFuture, noteNoRows } from './empty.js';
import { formatInfo } from '../output/formats.js';
import { offBase } from './append-base.js';
import { fetchPaged, type PageParams } from './fetch/paged.js';

export type { RunFlags } from './request.js';

/** What a caller running many datasets shares between them (sync: one session, so one connection pool and one pacer). */
export interface RunOptions {
  /** The session to send through instead of opening one (its plan already checked by the caller). */
  readonly session?: Session;
}

/**
 * Runs one data command end to end. `args` are the positional arguments (the GPU list of `gpus`
 * datasets); the command's flags may select one of its variants (targets.ts).
 */
export async function runDataset(
  ctx: Context,
  command: AnyDataset,
  args: readonly string[],
  flags: RunFlags,
  options: RunOptions = {},
): Promise<void> {
  const settings = await loadSettings(ctx);
  const keyed = ctx.globals().sandbox || settings.apiKey !== undefined;
  const ds = selectDataset(command, flags, keyed);
  const today = ctx.today();
  ds.validate?.(flags, today);
  const targets = resolveTargets(ds, args, flags, keyed);
  const keyless = keyed ? undefined : ds.keylessNote?.(args);
  if (keyless !== undefined) ctx.log.info(keyless);
  let window: DateWindow | undefined = ds.groups.window ? resolveWindow(flags.from, flags.to, today) : undefined;
  if (window) checkWindowNotFuture(window, today);
  const asked = window;
  const { endpoint } = ds;
  const timeKey = endpoint.timeKey;
  // Rows that name their own target (targetColumn) get no added `gpu` column.
  const perModel = ds.subject !== 'none' && ds.targetColumn === undefined;
  // The service's short field names are accepted by --columns too (power: d, p, o …).
  if (endpoint.rename && flags.columns) flags = { ...flags, columns: columnAliases(flags.columns, endpoint.rename) };
  // --partition-by gpu needs the model column even for one model (a nightly job may start with one).
  const multi = perModel && (targets.length > 1 || flags.columns?.includes('gpu') === true || flags.partitionBy === 'gpu');
  // With more than one model a row without its model is ambiguous: `gpu` is kept (first, unless placed).
  if (multi && flags.columns && flags.columns.length > 0 && !flags.columns.includes('gpu'))
    flags = { ...flags, columns: ['gpu', ...flags.columns] };
  const plan = await planOutput(
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
    settings.format,
  );
  if (plan.append && ds.noAppend) throw new UsageError(ds.noAppend.message, ds.noAppend.hint);
  // One request for every lab (targets [undefined]) brings several rows per day as surely as several requests do.
  const keyColumns = ds.keyColumns ?? (ds.targetColumn && (targets.length > 1 || targets[0] === undefined) ? [ds.targetColumn] : []);
  const unkeyed = keyColumns.filter((c) => !plan.columns.includes(c));
  if (plan.append && unkeyed.length > 0) {
    throw new UsageError(
      `--append keys these rows by ${keyColumns.join(', ')} and ${timeKey ?? 'time'}: keep ${unkeyed.join(', ')} in --columns`,
    );
  }
  const series = ds.fetch.kind === 'series';
  if (plan.raw && ds.fetch.kind === 'paged')
    throw new UsageError(
      `--raw prints one response body; ${ds.name} pages through the listing in several requests`,
      `for one page: gpumkt api ${endpoint.path(ds.params(flags, undefined, undefined, today) as never)} -q offset=0`,
    );
  if (plan.raw && targets.length > 1) {
    if (ds.targets)
      throw new UsageError(`--raw prints one response body; this run would make ${targets.length} requests (ask for one model or type)`);
    throw new UsageError(
      series || ds.subject === 'gpus'
        ? '--raw prints one response body; give one GPU model'
        : '--raw prints one response body; give at most one --gpu and a window of at most 400 days',
    );
  }
  if (plan.raw && ds.fetch.kind === 'windowed' && window && planChunks(window, ds.fetch.maxDays, ds.fetch.overlapDays).length > 1) {
    throw new UsageError(`--raw prints one response body; give at most one --gpu and a window of at most ${ds.fetch.maxDays} days`);
  }
  if (series && plan.append && (flags.granularity === 'auto' || flags.limit !== 'all')) {
    // auto resolves by the window's length, and a shorter append window would switch daily rows to hourly.
    throw new UsageError(
      '--append needs --granularity daily or hourly, and --limit all',
      "'auto' depends on the window's length, which an append shortens",
    );
  }
  const valueKey = endpoint.valueKey;
  const analysis =
    ds.groups.analysis && timeKey && valueKey
      ? planAnalysis(flags, plan, { timeKey, valueKey, numeric: ds.numeric ?? [valueKey] })
      : undefined;
  // The key as the settings resolver read it (the environment is read there only).
  const knownKey = settings.apiKey;
  // Beyond the free tier a key is needed after all: without one, exit 3 before any request.
  const beyondFree =
    ds.plan === 'free' && !knownKey && !ctx.globals().sandbox && !ctx.globals().dryRun
      ? ds.freeTier?.(targets, flags, window, today)
      : undefined;
  if (beyondFree !== undefined) refuseBeyondFree(ds, beyondFree);
  const session =
    options.session ??
    (await openSession(ctx, settings, {
      keyOptional: ds.plan === 'free',
      plan: ds.plan ?? 'premium',
      command: ds.name,
      keepText: plan.raw === true,
    }));
  const overlapDays = ds.fetch.kind === 'windowed' ? ds.fetch.overlapDays : 0;
  const said: Record<string, string | null> = {};
  const request = requestRecord(ds.name, ctx.argv ?? [], knownKey, session);
  const exp = await openExport(ctx, plan, session, {
    command: ds.name,
    timeKey: timeKey ?? 'updatedAt',
    overlapDays,
    windowDependent: ds.windowDependent,
    keyColumn: ds.keyColumns ?? ds.targetColumn,
    grain: ds.groups.series ? flags.granularity : undefined,
    gpuOrder: targets.filter((m): m is GpuModel => m !== undefined && isGpuModel(m)),
    request,
    knownKey,
    served: ds.served ? () => said : undefined,
  });
  if (exp && window) window = exp.window(window);
  // Commander defaults --limit to 'all' (series group); sync asks for 'all' too.
  const { limit = 'all' } = flags;
  const all = limit === 'all';
  const params = (t: string | undefined): unknown => {
    const p: unknown = ds.params(flags, t, window, today);
    if (!series || !window) return p;
    return {
      ...(p as SeriesParams),
      limit: all ? windowCapacity(window.from, window.to, (p as SeriesParams).granularity) : limit,
    };
  };
  let requested = targets.map(params);
  if (session.dryRun) {
    const chunked = ds.fetch.kind === 'windowed' && window ? planChunks(window, ds.fetch.maxDays, ds.fetch.overlapDays) : undefined;
    const each = chunked
      ? requested.flatMap((p) => chunked.map((c) => ({ ...(p as object), from: c.request.from, to: c.request.to })))
      : requested;
    return emitDryRun(
      ctx,
      each.map((p) => session.curl(endpoint, p)),
    );
  }
  if (plan.raw && !series) return emitRaw(ctx, plan, (await session.get(endpoint, requested[0])).text);
  const joinProblems: string[] = [];
  const fetchOne = async (s: Session, p: unknown): Promise<{ rows: Row[]; text: string }> => {
    if (ds.fetch.kind === 'series') return fetchSeries(s, endpoint as SeriesEndpoint, p as SeriesParams, all, !plan.raw);
    if (ds.fetch.kind === 'paged') return { rows: await fetchPaged(ctx, s, endpoint, p as PageParams, ds.fetch.pageSize), text: '' };
    if (ds.fetch.kind === 'windowed' && window) {
      const f = {
        endpoint,
        base: p as { from: string; to: string },
        maxDays: ds.fetch.maxDays,
        overlapDays: ds.fetch.overlapDays,
        report: (m: string) => void joinProblems.push(m),
      };
      return { rows: await fetchWindow(s, f, window), text: '' };
    }
    const res = await s.get(endpoint, p);
    if (ds.served) Object.assign(said, ds.served(res.body));
    return { rows: res.rows, text: res.text };
  };
  const watched = observe(session);
  const fetchEach = () =>
    withProgress(ctx, watched.session, series ? requested.length : requested.length * chunkCount(ds, window), (s) =>
      mapConcurrent(requested, FAN_OUT, (p) => fetchOne(s, p)),
    );
  const keep = ds.filter;
  const fetchAll = async () => {
    const got = await fetchEach();
    return keep ? got.map((r) => ({ ...r, rows: r.rows.filter((row) => keep(row, args, flags)) })) : got;
  };
  let results = await fetchAll();
  // An append whose overlap rows are on another base than the file (a base the service could not use,
  // rebased per response): asked again over the file's whole range, as one full export would be.
  const whole = exp && window && ds.fetch.kind === 'windowed' ? exp.wholeRange(window) : undefined;
  if (
    exp &&
    whole &&
    whole.from !== (window as DateWindow).from &&
    offBase(
      exp.regionValues('index'),
      results.map((r, i) => ({ rows: r.rows, gpu: multi ? targets[i] : undefined })),
      timeKey ?? 'date',
    )
  ) {
    window = whole;
    requested = targets.map(params);
    joinProblems.length = 0;
    results = await fetchAll();
  }
  reportViolations(
    ctx,
    plan,
    joinProblems.filter((m, i) => joinProblems.indexOf(m) === i),
  );
  for (const [field, value] of Object.entries(said)) ctx.log.info(`${ds.name}: ${field} ${value ?? 'null'}`);
  const { served } = watched;
  const grain =
    series && window ? checkServedGrain(ctx, plan.strict, served, flags.granularity ?? 'auto', window, settings.apiKey) : undefined;
  noteBaseUnavailable(ctx, served, flags.baseDate);
  if (plan.raw) return emitRaw(ctx, plan, (results[0] as { text: string }).text);
  // Each target sorted on its own (TimSort turns the service's newest-first runs around in linear time).
  let perTarget = results.map((r) => (timeKey && ds.sort ? sortRows(r.rows, timeKey, 'asc') : r.rows));
  // Rows of today are provisional: noted, and left out with --settled (analysis views included).
  const provisional = timeKey && window ? handleProvisional(ctx, perTarget, timeKey, flags.settled === true) : undefined;
  if (provisional) perTarget = provisional.parts;
  // Only the rows go on: the response texts, as large as the export itself, are freed before formatting.
  results.length = 0;
  const label = (i: number): string => (targets.length > 1 || ds.subject === 'gpu-option' ? (targets[i] ?? '') : '');
  if (ds.checks)
    reportViolations(
      ctx,
      plan,
      perTarget.flatMap((rows, i) => (ds.checks as NonNullable<typeof ds.checks>)(rows, label(i))),
    );
  if (analysis)
    return emitAnalysis(
      ctx,
      plan,
      analysis,
      perTarget.map((rows, i) => ({ label: targets[i] ?? 'aggregate', rows })),
    );
  let rows: Row[] = multi
    ? perTarget.flatMap((rs, i) => rs.map((r) => ({ gpu: targets[i], ...r })))
    : perTarget.length === 1
      ? (perTarget[0] ?? [])
      : perTarget.flat();
  const order = targets.filter((m): m is string => m !== undefined);
  if (multi && timeKey) rows = sortRows(rows, timeKey, 'asc', order);
  else if (ds.targetColumn && timeKey && perTarget.length > 1) rows = sortRows(rows, timeKey, 'asc', order, ds.targetColumn);
  let out = plan;
  // The table view marks provisional rows in a column of their own (files keep the columns they were asked for).
  if (timeKey && provisional && provisional.provisional > 0 && !exp && formatInfo(plan.format).terminalView) {
    rows = markProvisional(rows, timeKey, today);
    out = { ...plan, columns: [...plan.columns, PROVISIONAL_COLUMN] };
  }
  // An export says what it did with no rows itself (wrote only the header, or nothing new).
  if (rows.length === 0 && !exp) noteNoRows(ctx, ds.name, asked);
  if (plan.order === 'desc') rows.reverse();
  // Typed formats (parquet) store the request in the file; text formats ignore it.
  await emitRows(ctx, out, rows, rows.length, exp ? { ...exp, write: (r) => exp.write(r, grain) } : undefined, { request, knownKey });
}

/** A run without a key that asks for more than the free tier serves: exit 3 before any request, naming the plan. */
function refuseBeyondFree(ds: AnyDataset, why: string): never {
  throw new AuthError(
    `no API key: without one '${ds.name}' reads ${why}; more needs ${describeNeed('premium')}`,
    "set GPUMKT_API_KEY, or run 'gpumkt config set api-key', or add --sandbox to try built-in demo data",
  );
}

/** Requests per target of a windowed dataset (for the progress line). */
function chunkCount(ds: AnyDataset, window: DateWindow | undefined): number {
  return ds.fetch.kind === 'windowed' && window ? planChunks(window, ds.fetch.maxDays, ds.fetch.overlapDays).length : 1;
}

/** The table's column priority with the provisional marker right after the most important column. */
function withNote(priority: readonly string[]): string[] {
  return [...priority.slice(0, 1), PROVISIONAL_COLUMN, ...priority.slice(1)];
}
