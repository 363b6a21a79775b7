/**
 * `gpumkt sync <dir>`: keeps a lake (a folder, or s3://bucket/prefix through the same Store) of every
 * dataset the key's plan reads (docs/sync.md, docs/object-storage.md). One lock (or lease) per lake, one session (so one connection pool and one request pacer) for the whole run; each
 * dataset is planned (a `planOnly` run of its request, which reads what it holds), then run through the one
 * runner with --append / -o into its folder, read back, and recorded in the state file.
 */
import type { Context } from '../context.js';
import { GpumktError, NoDataError, PartialError, UsageError } from '../errors.js';
import { planOfKey } from '../domain/service/plans.js';
import { parseUserDate } from '../domain/time/dates.js';
import { loadSettings, openSession, type Session } from '../run/session.js';
import type { PlannedRequest } from '../run/report.js';
import { datePinned, readState, syncedThisHour, writeState, type LakeState } from './state.js';
import { chosenDatasets, lakeSetting } from './select.js';
import { datasetRun, targetsOf, type DatasetRun, type SyncSettings } from './targets.js';
import type { LakeLocation } from './open-lake.js';
import { openSyncLake, readableOf, refuseGrain, tableFormatOf, txnOf } from './sync-settings.js';
import { holdLake } from './lake-hold.js';
import { datasetTable, holdsData, readHeld, snapshotDates } from './held.js';
import { appendStart } from '../lake/held.js';
import type { TableSnapshot } from '../lake/table.js';
import { planRequests } from './run-one.js';
import { exitCodeOf, hiddenNote, outcomeLine, statusTable, type Outcome } from './report.js';
import { closingLine } from './closing-line.js';
import { runPlanned, type Planned } from './execute.js';
import { sweepLake } from './sweep-lake.js';
import { printPlan } from './plan-print.js';
import { withServiceNames } from './service-names.js';
import { LAKE_DEFAULT } from '../output/formats.js';
import type { SyncOptions } from './sync-settings.js';
export type { SyncOptions };

/** `--status`: the state as a table (or JSON); reads the state file only. */
async function printStatus(ctx: Context, lake: LakeLocation, json: boolean): Promise<void> {
  const state = await readState(lake.store);
  if (state === undefined) throw new NoDataError(`${lake.location} holds no lake yet; run 'gpumkt sync ${lake.location}' first`);
  if (json) return void ctx.io.stdout.write(`${JSON.stringify(state, null, 2)}\n`);
  const table = statusTable(state, ctx.today(), ctx.io.stdoutIsTTY ? ctx.io.columns : Infinity);
  ctx.io.stdout.write(table.text);
  if (table.hidden.length > 0) ctx.log.info(hiddenNote(table.hidden));
}

/** Runs a sync; see the module comment. Throws PartialError (exit 10) when some datasets failed and others were updated. */
export async function runSync(ctx: Context, dir: string, opts: SyncOptions): Promise<void> {
  const started = Date.now();
  const where = await openSyncLake(ctx, dir, opts);
  const lake = where.location;
  if (opts.status === true) return printStatus(ctx, where, opts.json === true);
  const today = ctx.today();
  if (opts.from !== undefined) parseUserDate(opts.from, today, '--from');
  const settings = await loadSettings(ctx);
  const g = ctx.globals();
  const plan = g.sandbox ? 'full' : planOfKey(settings.apiKey).plan;
  const chosen = chosenDatasets(opts.datasets, plan !== 'none');
  const store = where.store;
  const state = await readState(store);
  const tableFormat = tableFormatOf(where, opts.tableFormat, state);
  const format = lakeSetting('--format', opts.format, state?.format, LAKE_DEFAULT);
  const grain = lakeSetting('--granularity', opts.granularity, state?.grain, 'daily');
  refuseGrain(grain, plan);
  const { readable, skipped } = readableOf(chosen, plan);
  const runNumber = (state?.runs ?? 0) + 1;
  const s: SyncSettings = {
    lake,
    store,
    folder: where.folder,
    tableFormat,
    txn: txnOf(runNumber),
    format,
    grain,
    today,
    from: opts.from,
    keyless: plan === 'none',
  };
  const skippedOutcomes: Outcome[] = skipped.map(({ lake: d, reason }) => ({ name: d.name, status: 'skipped', reason }));
  if (g.dryRun) {
    // Only the requests' text is needed: no sandbox is started for a plan.
    const session = await openSession({ ...ctx, globals: () => ({ ...g, sandbox: false }) }, settings, { keyOptional: true });
    const planned = await planAll(
      ctx,
      s,
      state,
      (await withServiceNames(ctx, readable, settings)).map((d) => datasetRun(d, s, state?.datasets[d.name], false)),
      session,
    );
    return printPlan(ctx, lake, planned, skippedOutcomes, opts.json === true, format);
  }
  await holdLake(ctx, where, { lockTimeoutS: opts.lockTimeout ?? 0, unsafeSingleWriter: opts.unsafeSingleWriter });
  // Written before any dataset, so a run killed at once leaves a folder the next run knows as a lake.
  const st: LakeState = { ...(state ?? { version: 1, createdAt: ctx.now().toISOString(), datasets: {} }), format, grain, runs: runNumber };
  if (tableFormat === 'delta') st.tableFormat = tableFormat;
  await writeState(store, st);
  await sweepLake(ctx, s, readable);
  const session = await openSession(ctx, settings, { keyOptional: true });
  for (const o of skippedOutcomes) ctx.log.info(outcomeLine(o));
  // A dataset asking one request per product runs the service's products, not ours.
  const sent = session.requests.length;
  const runs = (await withServiceNames(ctx, readable, settings, session)).map((d) => datasetRun(d, s, st.datasets[d.name], false));
  const lookups = session.requests.length - sent;
  const planned = await planAll(ctx, s, st, runs, session);
  const outcomes = await runPlanned(ctx, s, st, planned, session, lookups);
  const all = [...skippedOutcomes, ...outcomes];
  ctx.log.info(closingLine(where.remote ? lake : dir, all, st, format, (Date.now() - started) / 1000, tableFormat));
  finish(ctx, lake, all, { json: opts.json === true, pacedMs: session.pacedMs?.() ?? 0, lookups });
}

/**
 * Plans every dataset: whether it exists, its run, and the requests it would send (a dataset that
 * cannot be planned fails alone). A dataset's log is read once here, and the run merges through the
 * same snapshot; one synced within the current hour is `current`, neither read nor asked for.
 */
async function planAll(
  ctx: Context,
  s: SyncSettings,
  state: LakeState | undefined,
  runs: readonly DatasetRun[],
  session: Session,
): Promise<Planned[]> {
  const out: Planned[] = [];
  for (const [first, current] of runs.map((r) => [r, currentSince(ctx, s, state, r)] as const)) {
    if (current !== undefined) {
      out.push({ run: first, exists: true, requests: 0, current });
      continue;
    }
    let table: TableSnapshot | undefined;
    let before: number | undefined;
    try {
      table = await datasetTable(s, first);
      before = holdsData(table) && first.mode !== 'snapshot' ? (await readHeld(s, first, table)).rows : undefined;
    } catch (err) {
      if (ctx.signal.aborted || !(err instanceof GpumktError)) throw err;
      out.push({ run: first, exists: false, requests: 0, error: err });
      continue;
    }
    const exists = holdsData(table);
    const prev = state?.datasets[first.lake.name];
    // Rows deleted from the lake (a partition removed, lines cut from a csv) are never in an append's
    // window: a dataset that holds fewer rows than it did is fetched again whole, from its first day.
    const short = before !== undefined && prev?.rows !== undefined && before < prev.rows;
    // A model or target the last run did not ask for (the service added it) gets its back-history too.
    const targets = first.mode === 'snapshot' ? undefined : targetsOf(first, !s.keyless);
    const added = exists && prev?.targets !== undefined ? (targets ?? []).filter((t) => !prev.targets?.includes(t)) : [];
    const heal = short || added.length > 0;
    const fetch = first.lake.ds.fetch;
    const since = table === undefined ? undefined : appendStart(table, fetch.kind === 'windowed' ? fetch.overlapDays : 0);
    const run = exists ? datasetRun(first.lake, s, prev, true, heal, since) : first;
    if (!short && added.length > 0)
      ctx.log.warn(
        `${first.lake.name}: ${added.join(', ')} new since the last sync; fetching the dataset again from ${run.window?.from ?? ''}`,
      );
    if (short)
      ctx.log.warn(
        `${first.lake.name}: holds ${(before ?? 0).toLocaleString('en-US')} rows, ${(prev?.rows ?? 0).toLocaleString('en-US')} when last synced; fetching it again from ${run.window?.from ?? ''}`,
      );
    try {
      if (run.mode === 'snapshot') refuseClockBack(s, table);
      const plan = await planRequests(ctx, run, session, exists);
      out.push({
        run,
        exists,
        table,
        before: heal ? before : undefined,
        targets,
        requests: plan.requests.length,
        morePages: run.lake.ds.fetch.kind === 'paged',
        window: askedWindow(plan.requests),
      });
    } catch (err) {
      if (ctx.signal.aborted || !(err instanceof GpumktError)) throw err;
      out.push({ run, exists, table, requests: 0, error: err });
    }
  }
  return out;
}

/** When `run`'s dataset last synced within the current hour (`--from` and a date-pinned clock never count), else undefined. */
function currentSince(ctx: Context, s: SyncSettings, state: LakeState | undefined, run: DatasetRun): string | undefined {
  return syncedThisHour(state?.datasets[run.lake.name], ctx.now(), s.from === undefined && !datePinned(ctx.env));
}

/**
 * A clock that went back would date a snapshot before one the lake holds (or overwrite that day's):
 * refused, naming both dates (docs/sync.md, "When the lake is damaged").
 */
function refuseClockBack(s: SyncSettings, table: TableSnapshot | undefined): void {
  const last = snapshotDates(table).at(-1);
  if (last !== undefined && last > s.today)
    throw new UsageError(
      `today is ${s.today}, but the lake holds a snapshot of ${last} (did the clock go back?); no snapshot taken`,
      "check the machine's clock",
    );
}

/** The first startDate and last endDate the planned requests carry (their query), if they carry dates. */
function askedWindow(requests: readonly PlannedRequest[]): { from: string; to: string } | undefined {
  const dates = (key: string): string[] =>
    requests
      .map((r) => /^\d{4}-\d{2}-\d{2}/.exec(r.query[key] ?? '')?.[0])
      .filter((d): d is string => d !== undefined)
      .sort();
  const from = dates('startDate')[0];
  const to = dates('endDate').at(-1);
  return from === undefined || to === undefined ? undefined : { from, to };
}

/** Prints the --json summary, and ends with the exit code the outcomes call for (module comment of errors.ts: 10 for a partial sync). */
function finish(
  ctx: Context,
  lake: string,
  outcomes: readonly Outcome[],
  { json, pacedMs, lookups }: { json: boolean; pacedMs: number; lookups: number },
): void {
  const failed = outcomes.filter((o) => o.status === 'failed' || o.status === 'not run');
  const done = outcomes.filter((o) => o.status === 'updated' || o.status === 'current');
  const first = failed[0];
  const exitCode = exitCodeOf(outcomes);
  if (json) {
    // Every request sent: the datasets' and the catalogue reads before them.
    const requests = lookups + outcomes.reduce((n, o) => n + (o.requests ?? 0), 0);
    // pacedSeconds: wall time the requests waited for the rate limit (60 a minute), apart from the work.
    const pacedSeconds = Math.round(pacedMs / 100) / 10;
    ctx.io.stdout.write(`${JSON.stringify({ lake, exitCode, requests, pacedSeconds, datasets: outcomes }, null, 2)}\n`);
  }
  if (first === undefined) return;
  const names = failed.map((o) => o.name).join(', ');
  if (done.length > 0)
    throw new PartialError(
      `${failed.length} of ${failed.length + done.length} datasets failed (${names}); the others were updated`,
      `gpumkt sync ${lake} --status shows each one`,
    );
  throw new GpumktError(`every dataset failed (${names}): ${first.reason ?? ''}`, first.exitCode ?? 1);
}
