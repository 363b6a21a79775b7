/**
 * The one runner of every data command: settings → targets and window → output plan → requests
 * (fan-out, split windows) → validation → spec checks → sort and join → emit. It knows datasets only
 * through their descriptors (src/datasets); how requests are planned is the descriptor's fetch plan.
 * A typed request in (request.ts), a report out (report.ts). Its steps: run-plan.ts (everything decided
 * before a request), run-fetch.ts (the requests), and here the export, the checks of what came back
 * and the rows' way out (join.ts joins the targets' rows).
 */
import type { Context } from '../context.js';
import type { Row } from '../domain/row.js';
import type { DateWindow } from '../domain/time/dates.js';
import { exportTarget, formatOptions } from '../output/plan.js';
import type { FormatOptions } from '../output/format-types.js';
import { openSession, type Session } from './session.js';
import { emitDryRun, emitRaw, emitRows, reportViolations, sortRows } from './emit.js';
import type { ExportRun, ExportSpec } from '../append/export-run.js';
import { learnNames } from './names.js';
import { NAME_CATALOGUES } from '../domain/catalogues/name-catalogues.js';
import { requestRecord, type RequestRecord } from '../append/request-record.js';
import { isGpuModel } from '../domain/catalogues/gpus.js';
import { catalogueOf } from './targets.js';
import { checkOffShape, checkServedGrain, handleProvisional, noteBaseUnavailable, type Served } from './fidelity.js';
import { noteNoRows } from './empty.js';
import { shortTime } from '../output/text/display.js';
import { planRun, type RunPlan } from './run-plan.js';
import { fetchTargets, plannedRequest, plannedRequests, requestParams, type Fetched, type TargetResult } from './run-fetch.js';
import { offShapeFields } from '../datasets/flat-rows.js';
import { joinTargets, publishHint } from './join.js';
import type { RunRequest } from './request.js';
import type { PlannedRequest, RunReport } from './report.js';

export type { RunRequest } from './request.js';
export type { RunReport } from './report.js';

/** How a run is carried out (sync: one session shared by many runs, and a planning pass before them). */
export interface RunOptions {
  /** The session to send through instead of opening one (its plan already checked by the caller). */
  readonly session?: Session;
  /**
   * Decide the run and list its requests, as --dry-run does (an append reads what its file holds to
   * narrow the window), but send nothing, write nothing and print nothing: the report says it all.
   */
  readonly planOnly?: boolean;
  /**
   * Takes the joined, sorted rows instead of writing them (no export is opened): sync hands them to
   * the lake's table. `options` are the format options the rows would be written with.
   */
  readonly sink?: (rows: readonly Row[], info: { window?: DateWindow; grain?: string; options: FormatOptions }) => Promise<void>;
}

/** A session that sends nothing: a planning pass (its export takes no lock, as in a dry run). */
function planningSession(session: Session): Session {
  return { ...session, dryRun: true, requests: [], get: () => Promise.reject(new Error('a planning pass sends nothing')) };
}

/** A session that records each request it sends (the report's `requests`). */
function recording(session: Session, sent: PlannedRequest[]): Session {
  return {
    ...session,
    get: (endpoint, params) => {
      sent.push(plannedRequest(endpoint, params));
      return session.get(endpoint, params);
    },
  };
}

/**
 * Runs one dataset end to end, as `request` asks (its variant named, or selected by its options and
 * the key as on the command line, targets.ts), and reports what it did (report.ts).
 */
export async function runDataset(ctx: Context, request: RunRequest, options: RunOptions = {}): Promise<RunReport> {
  const run = await planRun(ctx, request);
  const { ds, plan } = run;
  const opened =
    options.session ??
    (await openSession(ctx, run.settings, {
      keyOptional: ds.plan === 'free',
      plan: ds.plan ?? 'premium',
      command: ds.name,
      keepText: plan.raw === true,
    }));
  const sent: PlannedRequest[] = [];
  const session = options.planOnly === true ? planningSession(opened) : opened.dryRun ? opened : recording(opened, sent);
  const said: Record<string, string | null> = {};
  const record = requestRecord(ds.name, ctx.argv ?? [], ctx.secrets, session);
  const exp = await startExport(ctx, run, session, record, said);
  const window = exp && run.window ? exp.window(run.window) : run.window;
  if (session.dryRun) {
    const planned: RunReport = { dataset: ds.name, requests: plannedRequests(run, window), sent: false, window };
    // --dry-run prints the planned requests as curl commands; a planning pass prints nothing.
    if (options.planOnly !== true)
      emitDryRun(
        ctx,
        planned.requests.map((r) => session.curl(r.endpoint, r.params)),
      );
    return planned;
  }
  const report = (written: Written, served?: DateWindow): RunReport => ({
    dataset: ds.name,
    requests: sent,
    sent: true,
    window: served,
    ...written,
  });
  if (plan.raw && !run.series) {
    await emitRaw(ctx, plan, (await session.get(ds.endpoint, requestParams(run, window)[0])).text);
    return report({}, window);
  }
  const fetched = await fetchTargets(ctx, run, session, exp, window, said);
  reportViolations(ctx, plan, fetched.joinProblems);
  for (const [field, value] of Object.entries(said)) ctx.log.info(`${ds.name}: ${field} ${value === null ? 'null' : shortTime(value)}`);
  return report(await emitFetched(ctx, run, fetched, exp, record, options.sink), fetched.window);
}

/** What the rows' way out did: rows written or printed, and the merge's outcome (RunReport). */
type Written = Pick<RunReport, 'rows' | 'merge'>;

/** Opens the export (--append, --manifest) with what it needs to know of this run's rows. */
async function startExport(
  ctx: Context,
  run: RunPlan,
  session: Session,
  request: RequestRecord,
  said: Record<string, string | null>,
): Promise<ExportRun | undefined> {
  const { ds, flags, targets } = run;
  // The export's code (locks, file scans, manifests) is loaded only by a run that keeps a file.
  if (exportTarget(run.plan) === undefined) return undefined;
  const { openExport } = await import('../append/export-run.js');
  return openExport(ctx, run.plan, session, {
    command: ds.name,
    timeKey: ds.endpoint.timeKey ?? 'updatedAt',
    overlapDays: ds.fetch.kind === 'windowed' ? ds.fetch.overlapDays : 0,
    windowDependent: ds.windowDependent,
    keyColumn: ds.keyColumns ?? ds.targetColumn,
    keyNames: keyNamesOf(ctx, run),
    grain: ds.groups.series ? flags.granularity : undefined,
    // A model the service's catalogue taught this run is a model too.
    gpuOrder: targets.filter((m): m is string => m !== undefined && (isGpuModel(m) || catalogueOf(ds) === 'gpu-types')),
    request,
    served: ds.served ? () => said : undefined,
  });
}

/** The check of a key column against the service's names (names.ts): the offline list, then its catalogue. */
function keyNamesOf(ctx: Context, run: RunPlan): ExportSpec['keyNames'] {
  const { ds } = run;
  const catalogue = ds.names;
  const column = ds.targetColumn;
  if (catalogue === undefined || column === undefined) return undefined;
  return {
    column,
    async unlisted(values) {
      const learned = await learnNames(ctx, catalogue, values, run.settings);
      // Not asked (a dry run, no network): nothing is refused that the service may list.
      if (learned.unasked !== undefined) return [];
      const def = NAME_CATALOGUES[catalogue];
      const listed = new Set(
        [...def.offline, ...learned.entries].flatMap((e) => [
          e.id.toLowerCase(),
          ...(def.byLabel && e.label ? [e.label.toLowerCase()] : []),
        ]),
      );
      return values.filter((v) => !listed.has(v.toLowerCase()));
    },
  };
}

/**
 * Fields the responses held off their documented type: one warning (exit 6 with --strict), and typed
 * formats infer their columns. Rows flattened out of a nested body are held to their own shape (the
 * dataset's checks word that warning), and their fields off it are inferred too.
 */
function keptAsReceived(ctx: Context, run: RunPlan, served: Served, results: readonly TargetResult[]): RunPlan {
  const loose = checkOffShape(ctx, run.plan.strict, served, run.ds.endpoint.rename);
  const flat = run.ds.endpoint.flatRows;
  if (flat) for (const r of results) for (const f of offShapeFields(r.rows, flat)) loose.add(f);
  const types = run.plan.types;
  if (loose.size === 0 || !types) return run;
  return { ...run, plan: { ...run.plan, types: Object.fromEntries(Object.entries(types).filter(([c]) => !loose.has(c))) } };
}

/** Checks what came back (grain, base, provisional rows, the dataset's own checks) and writes the rows or their analysis. */
async function emitFetched(
  ctx: Context,
  run: RunPlan,
  fetched: Fetched,
  exp: ExportRun | undefined,
  request: RequestRecord,
  sink?: RunOptions['sink'],
): Promise<Written> {
  const { results, served, window } = fetched;
  run = keptAsReceived(ctx, run, served, results);
  const { ds, plan, flags, targets, series } = run;
  const timeKey = ds.endpoint.timeKey;
  const grain =
    series && window ? checkServedGrain(ctx, plan.strict, served, flags.granularity ?? 'auto', window, run.settings.apiKey) : undefined;
  noteBaseUnavailable(ctx, served, ds.indexBase?.(flags, run.today));
  if (plan.raw) {
    await emitRaw(ctx, plan, (results[0] as { text: string }).text);
    return {};
  }
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
  const caveat = ds.caveat?.(perTarget.flat());
  if (caveat !== undefined) ctx.log.info(caveat);
  if (run.analysis) {
    const { analysisSeries, emitAnalysis } = await import('./analysis/views.js');
    await emitAnalysis(ctx, plan, run.analysis, ...analysisSeries(ds, targets, perTarget));
    return {};
  }
  const joined = joinTargets(run, perTarget, (provisional?.provisional ?? 0) > 0 && !exp && !sink);
  // Rows joined from several targets are copies (each names its target): the targets' own rows go now.
  perTarget.length = 0;
  if (sink) {
    await sink(joined.rows, { window, grain, options: formatOptions(plan, { request, secrets: ctx.secrets }) });
    return { rows: joined.rows.length };
  }
  // An export says what it did with no rows itself (wrote only the header, or nothing new).
  if (joined.rows.length === 0 && !exp) noteNoRows(ctx, ds.name, run.window, ds.emptyHint?.(run.args, flags) ?? publishHint(ds, run));
  if (plan.order === 'desc') joined.rows.reverse();
  const { rows, out } = joined;
  // An export merges them into what its file holds (the merge's outcome goes in the report).
  if (exp) return { rows: rows.length, merge: await exp.write(rows, grain) };
  // Typed formats (parquet) store the request in the file; text formats ignore it.
  await emitRows(ctx, out, rows, rows.length, undefined, { request });
  return { rows: rows.length };
}
