/**
 * The one runner of every data command: settings → targets and window → output plan → requests
 * (fan-out, split windows) → validation → spec checks → sort and join → emit. It knows datasets only
 * through their descriptors (src/datasets); how requests are planned is the descriptor's fetch plan.
 */
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { AnyDataset, Flags } from '../datasets/types.js';
import type { SeriesParams } from '../datasets/per-gpu-series.js';
import { resolveGpuList, type GpuModel } from '../domain/gpus.js';
import { resolveWindow, type DateWindow } from '../domain/dates.js';
import type { Row } from '../domain/row.js';
import type { AnalysisFlags, OutputFlags } from './request.js';
import { loadSettings, openSession, type Session } from './session.js';
import { planOutput } from './output-plan.js';
import { emitDryRun, emitRaw, emitRows, reportViolations, sortRows } from './emit.js';
import { FAN_OUT, mapConcurrent } from './fan-out.js';
import { openExport } from '../export/export-run.js';
import { withProgress } from './progress.js';
import { emitAnalysis, planAnalysis } from './analysis.js';
import { fetchSeries, windowCapacity } from './fetch-series.js';
import { fetchWindow } from './fetch-windowed.js';
import { planChunks } from './util-index-chunks.js';

/** The flags every data command may carry; each dataset reads the ones it declares. */
export type RunFlags = Flags & OutputFlags & AnalysisFlags & { from?: string; to?: string; granularity?: string; limit?: number | 'all'; gpu?: string[] };

/** Runs one data command end to end. `args` are the positional arguments (the GPU list of `gpus` datasets). */
export async function runDataset(ctx: Context, ds: AnyDataset, args: readonly string[], flags: RunFlags): Promise<void> {
  const today = ctx.today();
  ds.validate?.(flags, today);
  for (const w of ds.warnings?.(flags) ?? []) ctx.log.warn(w);
  const targets: Array<GpuModel | undefined> =
    ds.subject === 'gpus' ? resolveGpuList(args) : ds.subject === 'gpu-option' && flags.gpu ? resolveGpuList(flags.gpu) : [undefined];
  let window: DateWindow | undefined = ds.groups.window ? resolveWindow(flags.from, flags.to, today) : undefined;
  const { endpoint } = ds;
  const timeKey = endpoint.timeKey;
  const perModel = ds.subject !== 'none';
  const multi = perModel && (targets.length > 1 || flags.columns?.includes('gpu') === true);
  const settings = await loadSettings(ctx);
  const plan = await planOutput(flags, ctx, {
    valid: perModel ? [...endpoint.columns, 'gpu'] : endpoint.columns,
    defaults: multi ? ['gpu', ...endpoint.columns] : endpoint.columns,
    table: endpoint.tableColumns ? [...(multi ? ['gpu'] : []), ...endpoint.tableColumns] : undefined,
    series: timeKey !== undefined,
    keys: ['gpu', ...(ds.table?.keys ?? (timeKey ? [timeKey] : []))],
    priority: ds.table?.priority ?? (endpoint.valueKey ? [endpoint.valueKey] : []),
  }, settings.format);
  if (plan.append && ds.noAppend) throw new UsageError(ds.noAppend.message, ds.noAppend.hint);
  const series = ds.fetch.kind === 'series';
  if (plan.raw && targets.length > 1) {
    throw new UsageError(series ? '--raw prints one response body; give one GPU model' : '--raw prints one response body; give at most one --gpu and a window of at most 400 days');
  }
  if (plan.raw && ds.fetch.kind === 'windowed' && window && planChunks(window, ds.fetch.maxDays, ds.fetch.overlapDays).length > 1) {
    throw new UsageError(`--raw prints one response body; give at most one --gpu and a window of at most ${ds.fetch.maxDays} days`);
  }
  if (series && plan.append && (flags.granularity === 'auto' || flags.limit !== 'all')) {
    // auto resolves by the window's length, and a shorter append window would switch daily rows to hourly.
    throw new UsageError('--append needs --granularity daily or hourly, and --limit all', "'auto' depends on the window's length, which an append shortens");
  }
  const valueKey = endpoint.valueKey;
  const analysis = ds.groups.analysis && timeKey && valueKey ? planAnalysis(flags, plan, { timeKey, valueKey, numeric: ds.numeric ?? [valueKey] }) : undefined;
  const session = await openSession(ctx, settings);
  const overlapDays = ds.fetch.kind === 'windowed' ? ds.fetch.overlapDays : 0;
  const exp = await openExport(ctx, plan, session, { command: ds.name, timeKey: timeKey ?? 'updatedAt', overlapDays, windowDependent: ds.windowDependent });
  if (exp && window) window = exp.window(window);
  const all = flags.limit === 'all';
  const params = (t: GpuModel | undefined): unknown => {
    const p = ds.params(flags, t, window, today);
    if (!series || !window) return p;
    return { ...(p as SeriesParams), limit: all ? windowCapacity(window.from, window.to, (p as SeriesParams).granularity) : (flags.limit as number) };
  };
  const requested = targets.map(params);
  if (session.dryRun) {
    const chunked = ds.fetch.kind === 'windowed' && window ? planChunks(window, ds.fetch.maxDays, ds.fetch.overlapDays) : undefined;
    const each = chunked ? requested.flatMap((p) => chunked.map((c) => ({ ...(p as object), from: c.request.from, to: c.request.to }))) : requested;
    return emitDryRun(ctx, each.map((p) => session.curl(endpoint, p)));
  }
  if (plan.raw && !series) return emitRaw(ctx, plan, (await session.get(endpoint, requested[0])).text);
  const fetchOne = async (s: Session, p: unknown): Promise<{ rows: Row[]; text: string }> => {
    if (ds.fetch.kind === 'series') return fetchSeries(s, endpoint, p as SeriesParams, all, !plan.raw);
    if (ds.fetch.kind === 'windowed' && window) {
      const rows = await fetchWindow(s, { endpoint, base: p as { from: string; to: string }, maxDays: ds.fetch.maxDays, overlapDays: ds.fetch.overlapDays }, window);
      return { rows, text: '' };
    }
    const res = await s.get(endpoint, p);
    return { rows: res.rows, text: res.text };
  };
  const results = await withProgress(ctx, session, series ? requested.length : requested.length * chunkCount(ds, window), (s) => mapConcurrent(requested, FAN_OUT, (p) => fetchOne(s, p)));
  if (plan.raw) return emitRaw(ctx, plan, (results[0] as { text: string }).text);
  // Each target sorted on its own (TimSort turns the service's newest-first runs around in linear time).
  const perTarget = results.map((r) => (timeKey && ds.sort ? sortRows(r.rows, timeKey, 'asc') : r.rows));
  // Only the rows go on: the response texts, as large as the export itself, are freed before formatting.
  results.length = 0;
  const label = (i: number): string => (targets.length > 1 || ds.subject === 'gpu-option' ? (targets[i] ?? '') : '');
  if (ds.checks) reportViolations(ctx, plan, perTarget.flatMap((rows, i) => (ds.checks as NonNullable<typeof ds.checks>)(rows, label(i))));
  if (analysis) return emitAnalysis(ctx, plan, analysis, perTarget.map((rows, i) => ({ label: targets[i] ?? 'aggregate', rows })));
  let rows: Row[] = multi ? perTarget.flatMap((rs, i) => rs.map((r) => ({ gpu: targets[i], ...r }))) : (perTarget[0] ?? []);
  if (multi && timeKey) rows = sortRows(rows, timeKey, 'asc', targets.filter((m): m is GpuModel => m !== undefined));
  if (plan.order === 'desc') rows.reverse();
  await emitRows(ctx, plan, rows, rows.length, exp);
}

/** Requests per target of a windowed dataset (for the progress line). */
function chunkCount(ds: AnyDataset, window: DateWindow | undefined): number {
  return ds.fetch.kind === 'windowed' && window ? planChunks(window, ds.fetch.maxDays, ds.fetch.overlapDays).length : 1;
}
