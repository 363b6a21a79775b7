/**
 * The run pass of a sync: each planned dataset in turn, through the one runner (run-one.ts), with its
 * progress line, its summary line, and its entry in the state file written as soon as it ends. A
 * dataset that fails is reported and the others go on; a service that cannot be reached (a connection
 * refused, a name that does not resolve, a timeout) stops the run, since every further request would wait
 * out the same retries. A status the server answered (a 500 that persists on one route) fails that
 * dataset alone: the service was reached, and its other routes may well answer.
 */
import type { Context } from '../context.js';
import { knowledgeNow } from '../context.js';
import { GpumktError, UnreachableError } from '../errors.js';
import type { Session } from '../run/session.js';
import { datasetTable, readHeld } from './held.js';
import { lakeWrite, type Knowledge } from './lake-write.js';
import type { VersionResult } from '../lake/series.js';
import type { TableSnapshot } from '../lake/table.js';
import { runOne } from './run-one.js';
import { exitCodeOf, outcomeLine, progressLine, type Outcome } from './report.js';
import { writeState, type DatasetState, type LakeState } from './state.js';
import type { DatasetRun, SyncSettings } from './targets.js';

/** A dataset with its plan: whether it holds data, and the requests its run would send (or why it cannot run). */
export interface Planned {
  readonly run: DatasetRun;
  readonly exists: boolean;
  /** Its table as the plan read it (the run merges through it). */
  readonly table?: TableSnapshot;
  /** The rows it held before this run, when counted (a series that exists). */
  readonly before?: number;
  /** The models or targets it asks for (series). */
  readonly targets?: readonly string[];
  readonly requests: number;
  /** A paged listing: `requests` is its first page; how many more follow is known only as they arrive. */
  readonly morePages?: boolean;
  /** The days the requests ask for (an append's window is narrowed to what is new plus the overlap). */
  readonly window?: { readonly from: string; readonly to: string };
  readonly error?: GpumktError;
  /** Synced within the service's current hour (its lastSuccess): nothing can be new, so nothing is asked or read. */
  readonly current?: string;
}

/** The state entry of a dataset that just synced. */
function entry(
  s: SyncSettings,
  p: Planned,
  held: Awaited<ReturnType<typeof readHeld>>,
  added: number,
  requests: number,
  now: string,
): DatasetState {
  const { run } = p;
  return {
    kind: run.lake.kind,
    path: run.table,
    partition: run.partition,
    grain: run.lake.graded ? s.grain : undefined,
    from: held.from,
    to: held.to,
    rows: held.rows,
    snapshots: held.snapshots,
    added,
    lastRun: now,
    lastSuccess: now,
    status: 'ok',
    requests,
    ...(p.targets !== undefined && p.targets.length > 0 ? { targets: [...p.targets] } : {}),
  };
}

/** The outcome of a dataset synced within the current hour (said on stderr); its state stays as the run that fetched it left it. */
function currentOutcome(ctx: Context, p: Planned, prev: DatasetState | undefined, since: string): Outcome {
  const outcome: Outcome = {
    name: p.run.lake.name,
    kind: p.run.lake.kind,
    status: 'current',
    rows: prev?.rows,
    added: 0,
    from: prev?.from,
    to: prev?.to,
    snapshots: prev?.snapshots,
    requests: 0,
    reason: `synced at ${since.slice(11, 16)} UTC, within the hour the service last published`,
  };
  ctx.log.info(outcomeLine(outcome));
  return outcome;
}

/** True for a failure to reach the service at all (no HTTP status came back): the run stops there. */
function unreachable(err: unknown): boolean {
  return err instanceof UnreachableError && err.status === undefined;
}

/**
 * Runs one planned dataset; resolves to its outcome (failures included) and records it in `st`;
 * `stops` when it failed without reaching the service.
 */
async function runPlannedOne(
  ctx: Context,
  s: SyncSettings,
  st: LakeState,
  p: Planned,
  session: Session,
  known: Knowledge,
): Promise<{ outcome: Outcome; stops: boolean }> {
  const { run } = p;
  const name = run.lake.name;
  const prev = st.datasets[name];
  if (p.current !== undefined) return { outcome: currentOutcome(ctx, p, prev, p.current), stops: false };
  const started = Date.now();
  const progress = progressLine(ctx);
  progress.watch(session, name, p.requests);
  let requests = 0;
  try {
    if (p.error) throw p.error;
    const changed: { versions?: VersionResult } = {};
    const sink = lakeWrite(ctx, s, p, known, (r) => (changed.versions = r));
    const { counts } = await runOne(
      progress.clearing(ctx),
      run,
      session,
      (c) => {
        requests = c.requests;
        const per = (Date.now() - started) / 1000 / Math.max(1, c.requests);
        progress.show(name, c.requests, p.requests, c.rows, Math.max(0, p.requests - c.requests) * per);
      },
      sink,
    );
    progress.clear();
    const held = await readHeld(s, run, await datasetTable(s, run), s.today);
    const before = p.before ?? (p.exists && run.mode === 'append' ? (prev?.rows ?? 0) : 0);
    const added = run.lake.kind === 'snapshot' ? held.rows : held.rows - before;
    // Fewer rows than before is never "current" (docs/sync.md, "When the lake is damaged"); rows the
    // service withdrew (closed, with no successor) are said in the summary line instead.
    const { closed = 0, revised = 0 } = changed.versions ?? {};
    if (added + (closed - revised) < 0)
      ctx.log.warn(
        `${name}: holds ${held.rows.toLocaleString('en-US')} rows, ${(-added).toLocaleString('en-US')} fewer than before this run`,
      );
    const now = ctx.now().toISOString();
    st.datasets[name] = entry(s, p, held, added, counts.requests, now);
    const outcome = doneOutcome(p, held, added, changed.versions, counts.requests, started);
    ctx.log.info(outcomeLine(outcome));
    return { outcome, stops: false };
  } catch (err) {
    progress.clear();
    return { outcome: failed(ctx, s, st, run, err, requests, started), stops: unreachable(err) };
  }
}

/** The outcome of dataset `p` that synced: `updated` when it changed (versions opened or closed), else `current`. */
function doneOutcome(
  p: Planned,
  held: Awaited<ReturnType<typeof readHeld>>,
  added: number,
  versions: VersionResult | undefined,
  requests: number,
  started: number,
): Outcome {
  const { revised = 0, closed = 0 } = versions ?? {};
  const kind = p.run.lake.kind;
  return {
    name: p.run.lake.name,
    kind,
    status: kind === 'snapshot' || added !== 0 || closed !== 0 || !p.exists ? 'updated' : 'current',
    rows: held.rows,
    added,
    revised,
    withdrawn: closed - revised,
    from: held.from,
    to: held.to,
    snapshots: held.snapshots,
    requests,
    seconds: (Date.now() - started) / 1000,
  };
}

/** Records and reports the failure `err` of `run` (rethrown when the run was interrupted); its outcome. */
function failed(ctx: Context, s: SyncSettings, st: LakeState, run: DatasetRun, err: unknown, requests: number, started: number): Outcome {
  const name = run.lake.name;
  const e = err instanceof GpumktError ? err : undefined;
  const reason = e ? e.message : `internal error: ${err instanceof Error ? err.message : String(err)}`;
  st.datasets[name] = {
    ...(st.datasets[name] ?? { kind: run.lake.kind, path: run.table }),
    lastRun: ctx.now().toISOString(),
    status: 'failed',
    error: reason,
  };
  if (ctx.signal.aborted) throw err;
  const outcome: Outcome = {
    name,
    kind: run.lake.kind,
    status: 'failed',
    reason,
    exitCode: e?.exitCode ?? 1,
    requests,
    seconds: (Date.now() - started) / 1000,
  };
  ctx.log.warn(outcomeLine(outcome));
  return outcome;
}

/** Runs every planned dataset in turn, writing the state after each that changed it; see the module comment. */
export async function runPlanned(
  ctx: Context,
  s: SyncSettings,
  st: LakeState,
  planned: readonly Planned[],
  session: Session,
  /** Requests sent before the datasets (the service's catalogues of names), counted in the run's total. */
  lookups = 0,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const startedAt = ctx.now().toISOString();
  // Knowledge time (docs/point-in-time.md): one instant for the whole run, from the machine's clock.
  const now = knowledgeNow(ctx.env).toISOString();
  // A lake synced before it kept versions is upgraded by this run: its rows are dated from now on.
  st.versionsSince ??= now;
  const known: Knowledge = { now, since: st.versionsSince };
  let stopped: Outcome | undefined;
  for (const p of planned) {
    if (stopped !== undefined) {
      outcomes.push({
        name: p.run.lake.name,
        kind: p.run.lake.kind,
        status: 'not run',
        reason: `the service could not be reached (${stopped.name})`,
        exitCode: stopped.exitCode,
      });
      continue;
    }
    try {
      const { outcome, stops } = await runPlannedOne(ctx, s, st, p, session, known);
      outcomes.push(outcome);
      if (stops) stopped = outcome;
    } finally {
      await writeState(s.store, st);
    }
  }
  const requests = lookups + outcomes.reduce((n, o) => n + (o.requests ?? 0), 0);
  st.lastRun = { startedAt, finishedAt: ctx.now().toISOString(), exitCode: exitCodeOf(outcomes), requests };
  await writeState(s.store, st);
  for (const o of outcomes.filter((x) => x.status === 'not run')) ctx.log.warn(outcomeLine(o));
  return outcomes;
}
