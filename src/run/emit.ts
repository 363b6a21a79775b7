/** The end of every data command: order rows, check them, format them, and write them out. */
import type { Context } from '../context.js';
import { EmptyError, InvalidResponseError } from '../errors.js';
import type { ExportRun } from '../append/export-run.js';
import type { Row } from '../domain/row.js';
import { sortInPlace } from '../domain/sort.js';
import { formatInfo, getFormatter, jsonShape } from '../output/formats.js';
import { stdoutSink, writeAll, type Sink } from '../output/files/sink.js';
import { writeFormatted } from '../output/write-formatted.js';
import { formatOptions, type OutputPlan } from '../output/plan.js';

/** Sorts rows by `timeKey` (ISO strings sort as text), then by `tieKey` (default `gpu`) in the given target order. */
export function sortRows(rows: Row[], timeKey: string, order: 'asc' | 'desc', gpuOrder?: readonly string[], tieKey = 'gpu'): Row[] {
  const rank = gpuOrder ? new Map(gpuOrder.map((g, i) => [g, i])) : undefined;
  const dir = order === 'asc' ? 1 : -1;
  return sortInPlace(rows, (a, b) => {
    const ta = String(a[timeKey]);
    const tb = String(b[timeKey]);
    if (ta !== tb) return ta < tb ? -dir : dir;
    return rank ? (rank.get(a[tieKey] as string) ?? 0) - (rank.get(b[tieKey] as string) ?? 0) : 0;
  });
}

/** Reports rule violations: warnings on stderr, or exit 6 with --strict. */
export function reportViolations(ctx: Context, plan: OutputPlan, violations: readonly string[]): void {
  if (violations.length === 0) return;
  if (plan.strict) {
    const more = violations.length > 1 ? ` (and ${violations.length - 1} more)` : '';
    throw new InvalidResponseError(`the data breaks the spec's rules: ${violations[0]}${more}`);
  }
  for (const v of violations.slice(0, 5)) ctx.log.warn(v);
  if (violations.length > 5) ctx.log.warn(`… and ${violations.length - 5} more rule violations (--strict makes them an error)`);
}

/** stdout, through the pager when it is the process's terminal and paging is on (never in pipes or files). */
async function terminalSink(ctx: Context): Promise<Sink> {
  const direct = stdoutSink(ctx.io.stdout);
  const height = ctx.io.rows;
  if (!ctx.io.stdoutIsTTY || height === undefined || !ctx.globals().pager) return direct;
  const { pagedSink, pagerCommand, pagerMissing, pagerSink } = await import('../output/files/pager.js');
  const command = pagerCommand(ctx.env);
  if (command === undefined) return direct;
  // A pager that cannot start would take the output with it: print without one, as git does.
  const missing = pagerMissing(command, ctx.env);
  if (missing !== undefined) {
    ctx.log.warn(`cannot run the pager ${JSON.stringify(command)} (${missing}); printing without it`);
    return direct;
  }
  return pagedSink(direct, Math.max(1, height - 1), () => pagerSink(command, ctx.env));
}

async function openSink(ctx: Context, plan: OutputPlan, raw = false): Promise<Sink> {
  // Human formats clean server text themselves and add their own colours: only machine formats are shown.
  // The file writer is loaded only by a run that writes a file.
  const sink = plan.output
    ? await (await import('../store/file-sink.js')).fileSink(plan.output)
    : await shownSink(ctx, raw || formatInfo(plan.format).human);
  // On an interrupt or failure the temporary file goes; after a good end this does nothing.
  ctx.onCleanup(() => sink.abort());
  // Ctrl-C while writing a file: drop the temporary file now, so the rename can no longer happen.
  if (plan.output) ctx.signal.addEventListener('abort', () => void sink.abort().catch(() => undefined), { once: true });
  return sink;
}

/**
 * stdout for machine formats: at a terminal, control characters in them are shown rather than sent (a
 * server's escape sequence must not act on the terminal); `asIs` (a body as received, or a human format
 * that is terminal-safe already and coloured on purpose) goes out unchanged.
 */
async function shownSink(ctx: Context, asIs: boolean): Promise<Sink> {
  const sink = await terminalSink(ctx);
  if (asIs || !ctx.io.stdoutIsTTY) return sink;
  const { visibleControlsSink } = await import('../output/files/visible-controls.js');
  return visibleControlsSink(sink);
}

/**
 * Formats `rows` with the plan's formatter into stdout or the -o file; a cron export (--append,
 * --manifest) hands them to src/append instead. `extra` carries format-only options (chart title).
 */
export async function emitRows(
  ctx: Context,
  plan: OutputPlan,
  rows: Row[],
  count: number,
  exp?: ExportRun,
  extra: Readonly<Record<string, unknown>> = {},
): Promise<void> {
  if (exp) return void (await exp.write(rows));
  if (plan.query) return emitQueried(ctx, plan, rows);
  const formatter = await getFormatter(plan.format);
  // Notes of the table (columns left out) follow the table, where the eye is once it has printed.
  const notes: string[] = [];
  // Every writer masks the run's secrets (a typed format's metadata included): the set goes with the options.
  const options = { ...extra, ...formatOptions(plan), secrets: ctx.secrets, notice: (m: string) => void notes.push(m) };
  if (plan.partitionBy !== undefined && plan.output !== undefined && formatter.writeFolder) {
    const done = await formatter.writeFolder(rows, plan.output, options, plan.partitionBy, ctx.signal);
    ctx.committed?.();
    ctx.log.info(
      `wrote ${count} row${count === 1 ? '' : 's'} to ${plan.output} (${done.partitions.length} partition${done.partitions.length === 1 ? '' : 's'})`,
    );
  } else {
    const sink = await openSink(ctx, plan);
    await writeFormatted(formatter, rows, options, sink, ctx.signal);
    if (plan.output) ctx.committed?.();
    for (const m of notes) ctx.log.info(m);
    if (plan.output) ctx.log.info(`wrote ${count} row${count === 1 ? '' : 's'} to ${plan.output}`);
  }
  if (count === 0 && plan.failEmpty) throw new EmptyError('no rows to export');
}

/** --query: the rows as -f json would print them, reshaped by the expression, then written as JSON or NDJSON. */
async function emitQueried(ctx: Context, plan: OutputPlan, rows: Row[]): Promise<void> {
  const [{ projectRow }, { queryResultText }] = await Promise.all([import('../output/text/json.js'), import('../output/json-query.js')]);
  const options = formatOptions(plan);
  const result = plan.query?.search(rows.map((r) => projectRow(r, options)));
  const sink = await openSink(ctx, plan);
  await writeAll([queryResultText(result, jsonShape(plan.format))], sink);
  if (plan.output) ctx.committed?.();
}

/** Writes one response body exactly as received (--raw). */
export async function emitRaw(ctx: Context, plan: OutputPlan, text: string): Promise<void> {
  const sink = await openSink(ctx, plan, true);
  await writeAll([text.endsWith('\n') ? text : `${text}\n`], sink);
  if (plan.output) ctx.committed?.();
}

/** Prints the requests of a dry run, one curl command a line. */
export function emitDryRun(ctx: Context, commands: readonly string[]): void {
  ctx.io.stdout.write(commands.map((c) => `${c}\n`).join(''));
}
