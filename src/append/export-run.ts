/**
 * A cron-grade export of one data command (--append and/or --manifest): takes the output's lock,
 * reads what the file already holds, narrows the request window to what is new (plus the overlap
 * the data needs), and writes the file and its manifest. The pipelines call openExport() before
 * fetching and hand the rows to emitRows(), which passes them to write().
 */
import type { Context } from '../context.js';
import { EmptyError, UsageError } from '../errors.js';
import type { Row } from '../domain/row.js';
import { addDays } from '../domain/time/dates.js';
import { formatInfo } from '../output/formats.js';
import type { Formatter, FormatOptions } from '../output/format-types.js';
import { writeFormatted } from '../output/write-formatted.js';
import { fileSink } from '../store/file-sink.js';
import { exportTarget, formatOptions, type OutputPlan } from '../output/plan.js';
import { checkKeyNames, gpuModels } from './key-names.js';
import { acquireLock, lockTarget, removeDeadTemps } from '../store/lock/lock.js';
import { rowKey, scanExisting, type ExistingFile, type ScanSpec } from './read-existing.js';
import type { ExistingRows, RewriteSpec } from './rewrite-append.js';
import { regionColumn } from './region-values.js';
import { appendRows } from './line-append.js';
import { keyValue } from './key-columns.js';
import { manifestWriter, type ExportSource, type ManifestWriter } from './manifest.js';
import type { ExportRun, ExportSpec } from './export-spec.js';
import type { MergeOutcome } from './merge.js';

export type { ExportRun, ExportSpec } from './export-spec.js';

/** Starts an export when the plan asks for one (--append or --manifest); undefined otherwise. */
export async function openExport(ctx: Context, plan: OutputPlan, session: ExportSource, spec: ExportSpec): Promise<ExportRun | undefined> {
  const target = exportTarget(plan);
  if (target === undefined) return undefined;
  if (!session.dryRun) await lockOutput(ctx, plan, target);
  const regionStart = (lastTime: string): string => addDays(lastTime.slice(0, 10), -spec.overlapDays);
  const info = formatInfo(plan.format);
  const lines = info.appendAs === 'lines';
  const names = new Set<string>();
  const existing = plan.append && lines ? await scanLines(target, plan.format, spec, regionStart, names) : undefined;
  const formatter = (await info.load()).formatter;
  const dialect = existing !== undefined && info.dialects ? fileDialect(target, plan, existing) : plan.dialect;
  const options = formatOptions(plan, { dialect, request: spec.request, secrets: ctx.secrets });
  // Binary formats are read back whole and rewritten (rewrite-append.ts, loaded only here).
  const rewrite = plan.append && info.appendAs === 'rows' ? await import('./rewrite-append.js') : undefined;
  const rewriteSpec: RewriteSpec = {
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
  const column = spec.keyNames?.column;
  if (back !== undefined && column !== undefined && spec.keyColumn === column)
    for (const row of back.rows) if (typeof row[column] === 'string') names.add(row[column]);
  await checkKeyNames(target, spec, names);
  if (existing !== undefined && info.headerLine) checkHeader(target, formatter, options, existing);
  const manifest = manifestWriter(ctx, plan, session, {
    target,
    command: spec.command,
    dialect: info.dialects ? dialect : undefined,
    served: spec.served,
  });
  const run: OpenExport = { ctx, plan, spec, target, existing, back, rewrite, rewriteSpec, manifest };
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
      return existing === undefined || formatter.lines === undefined ? new Map() : regionColumn(existing, formatter.lines, column);
    },
    write: (rows, grain) => writeExport(run, rows, grain),
  };
}

/** What an open export holds between reading the file and writing it. */
interface OpenExport {
  readonly ctx: Context;
  readonly plan: OutputPlan;
  readonly spec: ExportSpec;
  readonly target: string;
  /** A line format's file as scanned (csv/tsv/ndjson), when it exists. */
  readonly existing?: ExistingFile;
  /** A rewritten format's rows read back (parquet), when the file exists. */
  readonly back?: ExistingRows;
  readonly rewrite?: typeof import('./rewrite-append.js');
  readonly rewriteSpec: RewriteSpec;
  readonly manifest: ManifestWriter;
}

/** Takes the output's lock for the run and removes what interrupted runs left behind. */
async function lockOutput(ctx: Context, plan: OutputPlan, target: string): Promise<void> {
  // Locked by the real file, not by the name given: a symlink and its file are one file.
  const lock = await acquireLock(await lockTarget(target), { timeoutS: plan.lockTimeout, signal: ctx.signal, now: () => new Date() });
  ctx.onCleanup(() => lock.release());
  const removed = await removeDeadTemps(target);
  if (removed > 0) ctx.log.info(`removed ${removed} temporary file${removed === 1 ? '' : 's'} left by an interrupted run`);
}

/** Scans a line format's existing file; a file keeps the grain it was created with (exit 2 before any request). */
async function scanLines(
  target: string,
  format: ScanSpec['format'],
  spec: ExportSpec,
  regionStart: (lastTime: string) => string,
  names: Set<string>,
): Promise<ExistingFile | undefined> {
  // A key column of names the service lists: its values are collected here, and checked once read (checkKeyNames).
  const collect = spec.keyNames !== undefined && spec.keyColumn === spec.keyNames.column ? (v: string) => (names.add(v), true) : undefined;
  const existing = await scanExisting(target, {
    format,
    timeKey: spec.timeKey,
    regionStart,
    keyColumn: spec.keyColumn,
    isKnownModel: gpuModels(spec) ?? collect,
  });
  const asked = spec.grain === 'daily' || spec.grain === 'hourly' ? spec.grain : undefined;
  if (existing?.grain !== undefined && asked !== undefined && asked !== existing.grain) {
    throw new UsageError(
      `${target} holds ${existing.grain} rows; this run asks for ${asked} rows, and a file keeps the grain it was created with`,
      `use --granularity ${existing.grain}, or a new file`,
    );
  }
  return existing;
}

/** The csv dialect of an existing file, which the append keeps (a --csv-dialect that differs is refused). */
function fileDialect(target: string, plan: OutputPlan, existing: ExistingFile): OutputPlan['dialect'] {
  const dialect = existing.bom ? 'excel' : 'rfc4180';
  if (plan.dialectGiven && plan.dialect !== dialect) {
    throw new UsageError(
      `${target} is ${dialect} csv (${existing.bom ? 'with' : 'no'} BOM); --csv-dialect ${plan.dialect} would mix dialects`,
    );
  }
  return dialect;
}

/** Refuses an append whose header differs from the file's, before any request is sent. */
function checkHeader(target: string, formatter: Formatter, options: FormatOptions, existing: ExistingFile): void {
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

/** Writes the rows (a rewrite, an append in place, or the whole file) and then the manifest. */
async function writeExport(run: OpenExport, rows: readonly Row[], grain: string | undefined): Promise<MergeOutcome | undefined> {
  const { ctx, plan, spec, target, existing, back, rewrite, rewriteSpec } = run;
  if (rewrite !== undefined && back !== undefined) {
    const r = await rewrite.rewriteRows(ctx, back, rows, rewriteSpec);
    if (r.written) await run.manifest({ total: r.total, new: r.added, replaced: r.replaced, late: r.late }, back.firstKey, r.lastKey);
    return r.outcome;
  }
  if (rewrite !== undefined) {
    await rewrite.writeRows(ctx, rewriteSpec, rows);
    ctx.committed?.();
    ctx.log.info(`wrote ${rows.length} row${rows.length === 1 ? '' : 's'} to ${target}`);
  } else if (existing !== undefined) {
    return appendInPlace(run, existing, rows, grain);
  } else {
    await writeWhole(ctx, target, rows, rewriteSpec.formatter, rewriteSpec.options);
  }
  const key = (row: Row | undefined): string | undefined => {
    const time = row?.[spec.timeKey];
    return row === undefined || time === undefined || time === null
      ? undefined
      : rowKey(typeof time === 'string' ? time : JSON.stringify(time), keyValue(row, spec.keyColumn));
  };
  await run.manifest({ total: rows.length, new: rows.length, replaced: 0, late: 0 }, key(rows[0]), key(rows[rows.length - 1]));
  if (rows.length === 0 && plan.failEmpty) throw new EmptyError(`no rows to export; ${target} holds only the header`);
  return undefined;
}

/** Appends to a line format's file in place (the grain the service served must be the file's), then the manifest. */
async function appendInPlace(
  run: OpenExport,
  existing: ExistingFile,
  rows: readonly Row[],
  grain: string | undefined,
): Promise<MergeOutcome | undefined> {
  const { ctx, plan, spec, target, rewriteSpec } = run;
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
    formatter: rewriteSpec.formatter,
    options: rewriteSpec.options,
    replaceRestated: plan.replaceRestated,
    failEmpty: plan.failEmpty,
    gpuOrder: spec.gpuOrder,
  });
  if (r.written) await run.manifest({ total: r.total, new: r.added, replaced: r.replaced, late: r.late }, existing.firstKey, r.lastKey);
  return r.outcome;
}

/** The first export into a file (or -o with --manifest): the whole window, like -o. */
async function writeWhole(ctx: Context, target: string, rows: readonly Row[], formatter: Formatter, options: FormatOptions): Promise<void> {
  const sink = await fileSink(target);
  ctx.onCleanup(() => sink.abort());
  await writeFormatted(formatter, rows, options, sink, ctx.signal);
  ctx.committed?.();
  ctx.log.info(`wrote ${rows.length} row${rows.length === 1 ? '' : 's'} to ${target}`);
}
