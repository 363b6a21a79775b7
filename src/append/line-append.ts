/**
 * The --append write: the new file is the old file's bytes, copied verbatim, plus the rendered rows
 * that are not in it yet, written through the atomic file sink (temporary file, fsync, rename).
 * Rows of the overlap region that came back with other values are "restated": reported, and with
 * --replace-restated rewritten in place (only the region's tail is re-rendered). Rows that were
 * provisional when written are replaced silently, and late rows are inserted in order, so the file
 * stays equal to one full export of its range. The rules are merge.ts's; this file does the I/O.
 */
import type { Context } from '../context.js';
import { EmptyError, UsageError } from '../errors.js';
import { exportOrder, modelOrder, planMerge, reportMerge, type AppendResult, type IncomingRow } from './merge.js';
import type { Row } from '../domain/row.js';
import type { Formatter, FormatOptions } from '../output/format-types.js';
import { fileSink } from '../store/file-sink.js';
import type { Sink } from '../output/files/sink.js';
import { rowKey, type ExistingFile, type RegionRecord } from './read-existing.js';
import { keyColumnList, keyValue, type KeyColumns } from './key-columns.js';
import { fileChunks } from '../store/paths.js';

/** What an append did (merge.ts). */
export type { AppendResult } from './merge.js';

/** How the rows of this run are keyed and rendered. */
export interface AppendSpec {
  readonly target: string;
  readonly timeKey: string;
  /** The column(s) that tell rows of the same time apart (default `gpu`; workload: lab and family). */
  readonly keyColumn?: KeyColumns;
  readonly windowDependent?: (row: Row) => boolean;
  readonly formatter: Formatter;
  readonly options: FormatOptions;
  readonly replaceRestated: boolean;
  readonly failEmpty: boolean;
  /** The models' order within one time (the runner's target order), for inserting late rows. */
  readonly gpuOrder?: readonly string[];
}

/** Renders one row as one line of the file's format, without BOM or line end. */
export function renderLine(formatter: Formatter, options: FormatOptions, row: Row): string {
  let s = [...formatter.format([row], { ...options, header: false })].join('');
  if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
  return s.endsWith('\r\n') ? s.slice(0, -2) : s.endsWith('\n') ? s.slice(0, -1) : s;
}

/** The key of a fetched row (with its key column only when the file keys by it). */
function keyOf(row: Row, timeKey: string, byGpu: boolean, keyColumn?: KeyColumns): string {
  return rowKey(String(row[timeKey]), byGpu ? keyValue(row, keyColumn) : undefined);
}

/** A row older than the file's last row and missing from it (a day published late): inserted in order. */
export interface LateRow {
  readonly key: string;
  readonly time: string;
  readonly model?: string;
  readonly line: string;
}

/** The lines this run would change: fresh, refreshed and restated (by region key), late; see merge.ts. */
export function classify(existing: ExistingFile, rows: readonly Row[], spec: AppendSpec, byGpu: boolean) {
  const incoming: IncomingRow[] = rows.map((row) => {
    const time = String(row[spec.timeKey]);
    const model = keyValue(row, spec.keyColumn);
    return {
      key: keyOf(row, spec.timeKey, byGpu, spec.keyColumn),
      time,
      day: time.slice(0, 10),
      text: renderLine(spec.formatter, spec.options, row),
      model: byGpu ? model : undefined,
      windowDependent: spec.windowDependent?.(row) === true,
    };
  });
  const region = existing.region.map((r) => ({ key: r.key, time: r.time, day: r.time.slice(0, 10), text: r.text, model: regionModel(r) }));
  const plan = planMerge(
    { region, lastTime: existing.lastTime, firstKeys: existing.firstKeys, windowDependent: spec.windowDependent !== undefined },
    incoming,
  );
  const lineOf = (i: number): string => (incoming[i] as IncomingRow).text;
  const byKey = (m: ReadonlyMap<string, number>): Map<string, string> => new Map([...m].map(([k, i]) => [k, lineOf(i)]));
  const late = plan.late.map((i): LateRow => {
    const r = incoming[i] as IncomingRow;
    return { key: r.key, time: r.time as string, model: r.model, line: r.text };
  });
  const lastKey = plan.lastFresh === undefined ? existing.lastKey : (incoming[plan.lastFresh] as IncomingRow).key;
  const order = modelOrder(spec.gpuOrder, incoming);
  return { plan, fresh: plan.fresh.map(lineOf), restated: byKey(plan.restated), refreshed: byKey(plan.refreshed), late, lastKey, order };
}

/** The model of a region record, when the file is keyed by one. */
const regionModel = (r: RegionRecord): string | undefined => (r.key === r.time ? undefined : r.key.slice(r.time.length + 1));

/**
 * Checks the field names of a headerless file (ndjson) against the rows this run would write (a
 * header line is checked earlier, export-run.ts).
 */
export function checkFieldNames(
  existing: ExistingFile,
  names: (record: string) => readonly string[],
  firstLine: string | undefined,
  target: string,
): void {
  if (existing.rows === 0 || firstLine === undefined) return;
  const keys = names(firstLine).join(',');
  if (keys !== existing.header) {
    throw new UsageError(
      `${target} has the fields ${existing.header}; this run would write ${keys}`,
      'use the same --columns as the file, or a new file',
    );
  }
}

/** Appends what is new in `rows` to the existing file, atomically; see the module comment. */
export async function appendRows(ctx: Context, existing: ExistingFile, rows: readonly Row[], spec: AppendSpec): Promise<AppendResult> {
  const names = spec.formatter.lines?.names;
  if (names !== undefined && rows[0] !== undefined)
    checkFieldNames(existing, names, renderLine(spec.formatter, spec.options, rows[0]), spec.target);
  // Rows always carry their own key columns (memory history's `id`); they key them only when printed.
  const printed = spec.keyColumn === undefined || keyColumnList(spec.keyColumn).every((c) => spec.options.columns.includes(c));
  const byGpu = existing.region.some((r) => r.key !== r.time) || (printed && rows.some((r) => keyValue(r, spec.keyColumn) !== undefined));
  const { plan, fresh, restated, refreshed, late, lastKey, order } = classify(existing, rows, spec, byGpu);
  const regionText = new Map(existing.region.map((r) => [r.key, r.text]));
  const report = reportMerge(plan, {
    target: spec.target,
    existingRows: existing.rows,
    lastTimeShown: existing.lastTime,
    lastKey,
    restatedKeys: [...restated.keys()],
    restated: [...restated].map(([key, line]) => ({ key, old: regionText.get(key) ?? '', new: line })),
    replaceRestated: spec.replaceRestated,
  });
  if (report.warning !== undefined) ctx.log.warn(report.warning);
  if (report.unchanged) {
    if (spec.failEmpty) throw new EmptyError(report.message);
    ctx.log.info(report.message);
    return { ...report.result, written: false, outcome: report.outcome };
  }
  // Provisional rows are replaced by their settled values whatever the flags: a file never keeps them frozen.
  const replace = new Map<string, string>([...refreshed, ...(report.replaceRestated ? restated : [])]);
  await writeLines(ctx, existing, spec, { replace, late, fresh, order });
  ctx.committed?.();
  ctx.log.info(report.message);
  return { ...report.result, written: true, outcome: report.outcome };
}

/** The lines an append writes: replacements by region key, late rows, fresh rows. */
interface LineChanges {
  readonly replace: ReadonlyMap<string, string>;
  readonly late: readonly LateRow[];
  readonly fresh: readonly string[];
  /** The models' order within one time (merge.ts modelOrder). */
  readonly order: readonly string[];
}

/**
 * Writes the new file through the atomic sink: the old bytes verbatim up to the first region record
 * that changes or moves (a late row goes before the first record that sorts after it), the region
 * re-emitted from there, then the fresh lines.
 */
async function writeLines(
  ctx: Context,
  existing: ExistingFile,
  spec: AppendSpec,
  { replace, late, fresh, order: models }: LineChanges,
): Promise<void> {
  const eol = existing.eol;
  const order = exportOrder(models);
  const before = (a: LateRow, r: RegionRecord): boolean => order(a, { time: r.time, model: regionModel(r) }) < 0;
  const sortedLate = [...late].sort(order);
  const changed = existing.region.find((r) => replace.has(r.key) || sortedLate.some((l) => before(l, r)));
  const cut = changed === undefined ? existing.size : changed.raw.start;
  const sink = await fileSink(spec.target);
  ctx.onCleanup(() => sink.abort());
  try {
    if (cut > 0) {
      for await (const chunk of fileChunks(spec.target, { start: 0, end: cut - 1 })) await sink.write(chunk);
    }
    let li = 0;
    if (cut < existing.size) {
      for (const r of existing.region) {
        if (r.raw.start < cut) continue;
        while (li < sortedLate.length && before(sortedLate[li] as LateRow, r)) await sink.write((sortedLate[li++] as LateRow).line + eol);
        const line = replace.get(r.key);
        await sink.write(line !== undefined ? line + eol : r.raw.terminated ? r.raw.bytes : Buffer.concat([r.raw.bytes, Buffer.from(eol)]));
      }
    } else if (existing.openEnded) await sink.write(eol);
    for (; li < sortedLate.length; li++) await sink.write((sortedLate[li] as LateRow).line + eol);
    await writeBuffered(sink, fresh, eol);
    await sink.end();
  } catch (err) {
    await sink.abort();
    throw err;
  }
}

/** Writes lines in chunks of about 64 KiB. */
async function writeBuffered(sink: Pick<Sink, 'write'>, lines: readonly string[], eol: string): Promise<void> {
  let buf = '';
  for (const line of lines) {
    buf += line + eol;
    if (buf.length >= 64 * 1024) {
      await sink.write(buf);
      buf = '';
    }
  }
  if (buf !== '') await sink.write(buf);
}
