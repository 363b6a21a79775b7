/**
 * The runner's request step: the parameters of each target over the window, the requests (fan-out,
 * split windows, pages) with the progress line, the dataset's client-side filter, and the one asking
 * again over a file's whole range when an append's overlap is on another base than the file.
 */
import type { Context } from '../context.js';
import type { DateWindow } from '../domain/time/dates.js';
import type { AnyDataset } from '../datasets/types.js';
import type { SeriesParams } from '../datasets/per-gpu-series.js';
import type { Row } from '../domain/row.js';
import type { ExportRun } from '../append/export-run.js';
import type { Session } from './session.js';
import type { RunPlan } from './run-plan.js';
import type { PlannedRequest } from './report.js';
import type { Endpoint } from '../api/endpoint.js';
import { FAN_OUT, mapConcurrent } from './fetch/fan-out.js';
import { withProgress } from './fetch/progress.js';
import { fetchSeries, windowCapacity, type SeriesEndpoint } from './fetch/series.js';
import { planChunks } from './fetch/util-index-chunks.js';
import type { PageParams } from './fetch/paged.js';
import { observe, type Served } from './fidelity.js';
import { offBase } from './append-base.js';

/** One target's response: its rows, and its text (kept for --raw only). */
export interface TargetResult {
  rows: Row[];
  text: string;
}

/** What the requests brought: each target's result, what the service said about them, the window asked. */
export interface Fetched {
  readonly results: TargetResult[];
  /** Problems found joining a split window's parts, each once. */
  readonly joinProblems: string[];
  readonly served: Served;
  readonly window?: DateWindow;
}

/** Where the requests report besides their rows: join problems, and what a response says about itself (`served`). */
interface Reports {
  readonly joinProblems: string[];
  readonly said: Record<string, string | null>;
  /** First days of targets with no published day before them (util-index: effects empty). */
  readonly noPriorDay: string[];
}

/** The request parameters of each target over `window` (a series asks for as many rows as the window holds, or --limit). */
export function requestParams(run: RunPlan, window: DateWindow | undefined): unknown[] {
  const { ds, flags, today, series } = run;
  // Commander defaults --limit to 'all' (series group); sync asks for 'all' too.
  const { limit = 'all' } = flags;
  const all = limit === 'all';
  return run.targets.map((t) => {
    const p: unknown = ds.params(flags, t, window, today);
    if (!series || !window) return p;
    return {
      ...(p as SeriesParams),
      limit: all ? windowCapacity(window.from, window.to, (p as SeriesParams).granularity) : limit,
    };
  });
}

/** One request as the report lists it: endpoint, path and query, from the descriptor's parameters. */
export function plannedRequest<P>(endpoint: Endpoint<P, unknown>, params: P): PlannedRequest {
  return { endpoint, path: endpoint.path(params), query: endpoint.query(params), params };
}

/** Every request the run would send (a plan, --dry-run), one per window part; a paged listing, its first page. */
export function plannedRequests(run: RunPlan, window: DateWindow | undefined): PlannedRequest[] {
  const { ds } = run;
  const requested = requestParams(run, window);
  const chunked = ds.fetch.kind === 'windowed' && window ? planChunks(window, ds.fetch.maxDays, ds.fetch.overlapDays) : undefined;
  const each = chunked
    ? requested.flatMap((p) => chunked.map((c) => ({ ...(p as object), from: c.request.from, to: c.request.to })))
    : requested;
  return each.map((p) => plannedRequest(ds.endpoint, p));
}

/** Sends every target's requests; an append whose overlap is on another base than its file asks again over the file's whole range. */
export async function fetchTargets(
  ctx: Context,
  run: RunPlan,
  session: Session,
  exp: ExportRun | undefined,
  window: DateWindow | undefined,
  said: Record<string, string | null>,
): Promise<Fetched> {
  const watched = observe(session);
  const reports: Reports = { joinProblems: [], said, noPriorDay: [] };
  let results = await fetchOver(ctx, run, watched.session, window, reports);
  // An append whose overlap rows are on another base than the file (a base the service could not use,
  // rebased per response): asked again over the file's whole range, as one full export would be.
  const whole = exp && window && run.ds.fetch.kind === 'windowed' ? exp.wholeRange(window) : undefined;
  if (exp && whole && whole.from !== (window as DateWindow).from && overlapOffBase(run, exp, results)) {
    window = whole;
    reports.joinProblems.length = 0;
    results = await fetchOver(ctx, run, watched.session, window, reports);
  }
  const joinProblems = reports.joinProblems.filter((m, i, all) => all.indexOf(m) === i);
  const first = [...new Set(reports.noPriorDay)].sort()[0];
  if (first !== undefined) ctx.log.info(`${first}: no published day before it, so its demand and supply effects are empty`);
  return { results, joinProblems, served: watched.served, window };
}

/** True when the fetched overlap rows are on another base than the file's rows of the same days. */
function overlapOffBase(run: RunPlan, exp: ExportRun, results: readonly TargetResult[]): boolean {
  const { multi, targets } = run;
  return offBase(
    exp.regionValues('index'),
    results.map((r, i) => ({ rows: r.rows, gpu: multi ? targets[i] : undefined })),
    run.ds.endpoint.timeKey ?? 'date',
  );
}

/** Every target's requests over `window`, with the progress line, filtered by the dataset's own row selection. */
async function fetchOver(
  ctx: Context,
  run: RunPlan,
  session: Session,
  window: DateWindow | undefined,
  reports: Reports,
): Promise<TargetResult[]> {
  const { ds, args, flags, series } = run;
  const requested = requestParams(run, window);
  const got = await withProgress(ctx, session, series ? requested.length : requested.length * chunkCount(ds, window), (s) =>
    mapConcurrent(requested, FAN_OUT, (p) => fetchOne(ctx, run, s, p, window, reports)),
  );
  const keep = ds.filter;
  return keep ? got.map((r) => ({ ...r, rows: r.rows.filter((row) => keep(row, args, flags)) })) : got;
}

/** One target's rows, by the dataset's fetch plan (a series, pages, a window split in parts, or one request). */
async function fetchOne(
  ctx: Context,
  run: RunPlan,
  s: Session,
  p: unknown,
  window: DateWindow | undefined,
  reports: Reports,
): Promise<TargetResult> {
  const { ds, plan, flags } = run;
  const { endpoint } = ds;
  if (ds.fetch.kind === 'series') return fetchSeries(s, endpoint as SeriesEndpoint, p as SeriesParams, flags.limit === 'all', !plan.raw);
  // Each fetch plan's code is loaded by the runs that use it.
  if (ds.fetch.kind === 'paged') {
    const { fetchPaged } = await import('./fetch/paged.js');
    return { rows: await fetchPaged(ctx, s, endpoint, p as PageParams, ds.fetch.pageSize), text: '' };
  }
  if (ds.fetch.kind === 'windowed' && window) {
    const f = {
      endpoint,
      base: p as { from: string; to: string },
      maxDays: ds.fetch.maxDays,
      overlapDays: ds.fetch.overlapDays,
      report: (m: string) => void reports.joinProblems.push(m),
      noPriorDay: (d: string) => void reports.noPriorDay.push(d),
    };
    const { fetchWindow } = await import('./fetch/windowed.js');
    return { rows: await fetchWindow(s, f, window), text: '' };
  }
  const res = await s.get(endpoint, p);
  if (ds.served) Object.assign(reports.said, ds.served(res.body));
  return { rows: res.rows, text: res.text };
}

/** Requests per target of a windowed dataset (for the progress line). */
function chunkCount(ds: AnyDataset, window: DateWindow | undefined): number {
  return ds.fetch.kind === 'windowed' && window ? planChunks(window, ds.fetch.maxDays, ds.fetch.overlapDays).length : 1;
}
