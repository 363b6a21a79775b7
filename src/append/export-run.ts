/**
 * A cron-grade export of one data command (--append and/or --manifest): takes the output's lock,
 * reads what the file already holds, narrows the request window to what is new (plus the overlap
 * the data needs), and writes the file and its manifest. The pipelines call openExport() before
 * fetching and hand the rows to emitRows(), which passes them to write().
 */
import type { Context } from '../context.js';
import { EmptyError, UsageError } from '../errors.js';
import type { Row } from '../domain/row.js';
import { addDays, type DateWindow } from '../domain/dates.js';
import { formatInfo } from '../output/formats.js';
import type { Formatter, FormatOptions } from '../output/format-types.js';
import { writeFormatted } from '../output/write-formatted.js';
import { fileSink } from '../output/files/file-sink.js';
import { formatOptions, type OutputPlan } from '../output/plan.js';
import type { ExportSource } from './manifest.js';
import { isGpuModel } from '../domain/gpus.js';
import { acquireLock, lockTarget, removeDeadTemps } from './lock.js';
import { rowKey, scanExisting } from './read-existing.js';
import { regionColumn } from './region-values.js';
import { appendRows } from './line-append.js';
import { keyValue, type KeyColumns } from './key-columns.js';
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
  /** Typed formats: the request record (the run's secrets are masked in it again when it is written). */
  readonly request?: unknown;
  /** The column(s) that tell rows of the same time apart (default `gpu`; memory history: `id`; workload: lab and family). */
  readonly keyColumn?: KeyColumns;
  /** The grain this run asks for (series datasets): a file keeps the grain it was created with. */
  readonly grain?: string;
  /** The models' order within one time, for inserting late rows. */
  readonly gpuOrder?: readonly string[];
  /** What the responses said about themselves (forward: `asOf`), read when the manifest is written. */
  readonly served?: () => Readonly<Record<string, string | null>>;
}

/** An export in progress. */
export interface ExportRun {
  /** The window to request: from the file's last day (less the overlap) to the run's end. */
  window(requested: DateWindow): DateWindow;
  /** Writes the rows (sorted oldest first) and the manifest; `grain` is the grain the service served. */
  write(rows: readonly Row[], grain?: string): Promise<void>;
  /** The file's whole range (its first day to the run's end), when it exists: what a full export would ask. */
  wholeRange(requested: DateWindow): DateWindow | undefined;
  /** The file's values of `column` in the overlap region, by row key (csv/tsv/ndjson text as written). */
  regionValues(column: string): Map<string, string>;
}

/** Starts an export when the plan asks for one (--append or --manifest); undefined otherwise. */
export async function openExport(ctx: Context, plan: OutputPlan, session: ExportSource, spec: ExportSpec): Promise<ExportRun | undefined> {
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
  const info = formatInfo(plan.format);
  const lines = info.appendAs !== undefined && info.appendAs !== 'rows' ? info.appendAs : undefined;
  const existing =
    plan.append && lines
      ? await scanExisting(target, {
          format: lines,
          timeKey: spec.timeKey,
          regionStart,
          keyColumn: spec.keyColumn,
          isKnownKey: knownKeys(spec),
        })
      : undefined;
  if (
    existing?.grain !== undefined &&
    spec.grain !== undefined &&
    (spec.grain === 'daily' || spec.grain === 'hourly') &&
    spec.grain !== existing.grain
  ) {
    throw new UsageError(
      `${target} holds ${existing.grain} rows; this run asks for ${spec.grain} rows, and a file keeps the grain it was created with`,
      `use --granularity ${existing.grain}, or a new file`,
    );
  }
  const formatter = (await info.load()).formatter;
  let dialect = plan.dialect;
  if (existing !== undefined && info.dialects) {
    const fileDialect = existing.bom ? 'excel' : 'rfc4180';
    if (plan.dialectGiven && plan.dialect !== fileDialect) {
      throw new UsageError(
        `${target} is ${fileDialect} csv (${existing.bom ? 'with' : 'no'} BOM); --csv-dialect ${plan.dialect} would mix dialects`,
      );
    }
    dialect = fileDialect;
  }
  const options = formatOptions(plan, { dialect, request: spec.request, secrets: ctx.secrets });
  // Binary formats are read back whole and rewritten (rewrite-append.ts, loaded only here).
  const rewrite = plan.append && info.appendAs === 'rows' ? await import('./rewrite-append.js') : undefined;
  const rewriteSpec = {
    target,
    timeKey: spec.timeKey,
    formatter,
    options,
    partitionBy: plan.partitionBy,
    windowDependent: spec.windowDependent,
    replaceRestated: plan.replaceRestated,
    failEmpty: plan.failEmpty,
    regionStart,
    gpuOrder: spec.gpuOrder,
    keyColumn: spec.keyColumn,
  };
  const back = rewrite ? await rewrite.readExistingRows(rewriteSpec) : undefined;
  if (existing !== undefined && info.headerLine) {
    // The header this run would write, compared before any request is sent.
    let header = [...formatter.format([], options)].join('');
    if (header.charCodeAt(0) === 0xfeff) header = header.slice(1);
    header = header.replace(/\r?\n$/, '');
    if (header !== existing.header) {
      throw new UsageError(
        `${target} has the columns ${existing.header}; this run would write ${header}`,
        'use the same --columns as the file, or a new file',
      );
    }
  }
  const manifest = async (
    rows: { total: number; new: number; replaced: number; late: number },
    firstKey?: string,
    lastKey?: string,
  ): Promise<void> => {
    if (!plan.manifest) return;
    const file = await writeManifest({
      // The key in any encoding, and URL credentials, are masked wherever they might hide.
      target,
      argv: ctx.argv ?? [],
      secrets: ctx.secrets,
      command: spec.command,
      format: plan.format,
      dialect: info.dialects ? dialect : undefined,
      mode: plan.append ? 'append' : 'write',
      rows,
      firstKey,
      lastKey,
      baseUrl: session.baseUrl,
      requests: session.requests,
      // The real time, beside the requests' real times: GPUMKT_TODAY pins the data's day, not the log's.
      createdAt: new Date(),
      served: spec.served?.(),
    });
    ctx.log.info(`wrote ${file}`);
  };
  return {
    window(requested) {
      const lastTime = existing?.lastTime ?? back?.lastTime;
      if (lastTime === undefined) return requested;
      const from = regionStart(lastTime);
      return { from: from < requested.to ? from : requested.to, to: requested.to };
    },
    wholeRange(requested) {
      const first = (existing?.firstKey ?? back?.firstKey)?.slice(0, 10);
      return first === undefined || first > requested.to ? undefined : { from: first, to: requested.to };
    },
    regionValues(column) {
      return existing === undefined || lines === undefined ? new Map() : regionColumn(existing, lines, column);
    },
    async write(rows, grain) {
      if (rewrite !== undefined && back !== undefined) {
        const r = await rewrite.rewriteRows(ctx, back, rows, rewriteSpec);
        if (r.written) await manifest({ total: r.total, new: r.added, replaced: r.replaced, late: r.late }, back.firstKey, r.lastKey);
        return;
      }
      if (rewrite !== undefined) {
        await rewrite.writeRows(ctx, rewriteSpec, rows);
        ctx.committed?.();
        ctx.log.info(`wrote ${rows.length} row${rows.length === 1 ? '' : 's'} to ${target}`);
      } else if (existing !== undefined) {
        if (existing.grain !== undefined && grain !== undefined && grain !== existing.grain) {
          throw new UsageError(
            `${target} holds ${existing.grain} rows and the service sent ${grain} rows; ${target} left unchanged (a file keeps the grain it was created with)`,
          );
        }
        const r = await appendRows(ctx, existing, rows, {
          target,
          timeKey: spec.timeKey,
          keyColumn: spec.keyColumn,
          windowDependent: spec.windowDependent,
          formatter,
          options,
          replaceRestated: plan.replaceRestated,
          failEmpty: plan.failEmpty,
          gpuOrder: spec.gpuOrder,
        });
        if (r.written) await manifest({ total: r.total, new: r.added, replaced: r.replaced, late: r.late }, existing.firstKey, r.lastKey);
        return;
      } else {
        await writeWhole(ctx, target, rows, formatter, options);
      }
      const key = (row: Row | undefined): string | undefined => {
        const time = row?.[spec.timeKey];
        return row === undefined || time === undefined || time === null
          ? undefined
          : rowKey(typeof time === 'string' ? time : JSON.stringify(time), keyValue(row, spec.keyColumn));
      };
      await manifest({ total: rows.length, new: rows.length, replaced: 0, late: 0 }, key(rows[0]), key(rows[rows.length - 1]));
      if (rows.length === 0 && plan.failEmpty) throw new EmptyError(`no rows to export; ${target} holds only the header`);
    },
  };
}

/** The first export into a file (or -o with --manifest): the whole window, like -o. */
async function writeWhole(ctx: Context, target: string, rows: readonly Row[], formatter: Formatter, options: FormatOptions): Promise<void> {
  const sink = await fileSink(target);
  ctx.onCleanup(() => sink.abort());
  await writeFormatted(formatter, rows, options, sink);
  ctx.committed?.();
  ctx.log.info(`wrote ${rows.length} row${rows.length === 1 ? '' : 's'} to ${target}`);
}

/** The GPU models, when the run's series are GPU models in a `gpu` column: a file's other names are refused. */
function knownKeys(spec: ExportSpec): ((value: string) => boolean) | undefined {
  return (spec.keyColumn ?? 'gpu') === 'gpu' && (spec.gpuOrder?.length ?? 0) > 0 ? isGpuModel : undefined;
}
