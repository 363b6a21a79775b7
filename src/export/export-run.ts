/**
 * A cron-grade export of one data command (--append and/or --manifest): takes the output's lock,
 * reads what the file already holds, narrows the request window to what is new (plus the overlap
 * the data needs), and writes the file and its manifest. The pipelines call openExport() before
 * fetching and hand the rows to emitRows(), which passes them to write().
 */
import type { Context } from '../context.js';
import { EmptyError, UsageError } from '../errors.js';
import type { Row } from '../api/endpoint.js';
import { addDays, type DateWindow } from '../domain/dates.js';
import { getFormatter } from '../output/formatter.js';
import { fileSink, writeAll } from '../output/sink.js';
import { formatOptions, type OutputPlan } from '../pipeline/output-plan.js';
import type { Session } from '../pipeline/session.js';
import { redactAll } from '../api/errors.js';
import { acquireLock, lockTarget, removeDeadTemps } from './lock.js';
import { rowKey, scanExisting } from './read-existing.js';
import { appendRows } from './append.js';
import { writeManifest } from './manifest.js';

/** What the pipeline tells the export about its rows. */
export interface ExportSpec {
  /** The command name, for the manifest. */
  readonly command: string;
  readonly timeKey: string;
  /** Days before the file's last day to request again (util-index: so the first new row keeps its decomposition). */
  readonly overlapDays: number;
  /** Rows whose values depend on where the request window starts (util-index's `no_prior_day` first row): never taken as restated. */
  readonly windowDependent?: (row: Row) => boolean;
}

/** An export in progress. */
export interface ExportRun {
  /** The window to request: from the file's last day (less the overlap) to the run's end. */
  window(requested: DateWindow): DateWindow;
  /** Writes the rows (sorted oldest first) and the manifest. */
  write(rows: readonly Row[]): Promise<void>;
}

/** Starts an export when the plan asks for one (--append or --manifest); undefined otherwise. */
export async function openExport(ctx: Context, plan: OutputPlan, session: Session, spec: ExportSpec): Promise<ExportRun | undefined> {
  const target = plan.append ?? (plan.manifest ? plan.output : undefined);
  if (target === undefined) return undefined;
  if (!session.dryRun) {
    // Locked by the real file, not by the name given: a symlink and its file are one file.
    const lock = await acquireLock(await lockTarget(target), { timeoutS: plan.lockTimeout, signal: ctx.signal, now: () => new Date() });
    ctx.onCleanup(() => lock.release());
    const removed = await removeDeadTemps(target);
    if (removed > 0) ctx.log.info(`removed ${removed} temporary file${removed === 1 ? '' : 's'} left by an interrupted run`);
  }
  const regionStart = (lastTime: string): string => addDays(lastTime.slice(0, 10), -spec.overlapDays);
  const existing = plan.append ? await scanExisting(target, { format: plan.format, timeKey: spec.timeKey, regionStart }) : undefined;
  const formatter = await getFormatter(plan.format);
  let dialect = plan.dialect;
  if (existing !== undefined && plan.format === 'csv') {
    const fileDialect = existing.bom ? 'excel' : 'rfc4180';
    if (plan.dialectGiven && plan.dialect !== fileDialect) {
      throw new UsageError(`${target} is ${fileDialect} csv (${existing.bom ? 'with' : 'no'} BOM); --csv-dialect ${plan.dialect} would mix dialects`);
    }
    dialect = fileDialect;
  }
  const options = formatOptions(plan, { dialect });
  if (existing !== undefined && plan.format !== 'ndjson') {
    // The header this run would write, compared before any request is sent.
    let header = [...formatter.format([], options)].join('');
    if (header.charCodeAt(0) === 0xfeff) header = header.slice(1);
    header = header.replace(/\r?\n$/, '');
    if (header !== existing.header) {
      throw new UsageError(`${target} has the columns ${existing.header}; this run would write ${header}`, 'use the same --columns as the file, or a new file');
    }
  }
  const manifest = async (rows: { total: number; new: number; replaced: number }, firstKey?: string, lastKey?: string): Promise<void> => {
    if (!plan.manifest) return;
    const file = await writeManifest({
      // The key in any encoding, and URL credentials, are masked wherever they might hide.
      target, argv: (ctx.argv ?? []).map((a) => redactAll(a, ctx.secrets)), knownKey: ctx.env.GPUMKT_API_KEY, command: spec.command, format: plan.format,
      dialect: plan.format === 'csv' ? dialect : undefined, mode: plan.append ? 'append' : 'write', rows, firstKey, lastKey,
      baseUrl: redactAll(session.baseUrl, ctx.secrets), requests: session.requests.map((r) => ({
        ...r, url: redactAll(r.url, ctx.secrets), outcome: r.outcome === 'ok' ? r.outcome : { ...r.outcome, message: redactAll(r.outcome.message, ctx.secrets) },
      })), createdAt: ctx.now(),
    });
    ctx.log.info(`wrote ${file}`);
  };
  return {
    window(requested) {
      if (existing?.lastTime === undefined) return requested;
      const from = regionStart(existing.lastTime);
      return { from: from < requested.to ? from : requested.to, to: requested.to };
    },
    async write(rows) {
      if (existing !== undefined) {
        const r = await appendRows(ctx, existing, rows, {
          target, timeKey: spec.timeKey, windowDependent: spec.windowDependent, formatter, options, replaceRestated: plan.replaceRestated, failEmpty: plan.failEmpty,
        });
        if (r.written) await manifest({ total: r.total, new: r.added, replaced: r.replaced }, existing.firstKey, r.lastKey);
        return;
      }
      await writeWhole(ctx, target, rows, formatter, options);
      const key = (row: Row | undefined): string | undefined => {
        const time = row?.[spec.timeKey];
        return row === undefined || time === undefined || time === null ? undefined : rowKey(String(time), typeof row.gpu === 'string' ? row.gpu : undefined);
      };
      await manifest({ total: rows.length, new: rows.length, replaced: 0 }, key(rows[0]), key(rows[rows.length - 1]));
      if (rows.length === 0 && plan.failEmpty) throw new EmptyError(`no rows to export; ${target} holds only the header`);
    },
  };
}

/** The first export into a file (or -o with --manifest): the whole window, like -o. */
async function writeWhole(ctx: Context, target: string, rows: readonly Row[], formatter: Awaited<ReturnType<typeof getFormatter>>, options: ReturnType<typeof formatOptions>): Promise<void> {
  const sink = await fileSink(target);
  ctx.onCleanup(() => sink.abort());
  await writeAll(formatter.format(rows, options), sink);
  ctx.committed?.();
  ctx.log.info(`wrote ${rows.length} row${rows.length === 1 ? '' : 's'} to ${target}`);
}
