/**
 * The --append write: the new file is the old file's bytes, copied verbatim, plus the rendered rows
 * that are not in it yet, written through the atomic file sink (temporary file, fsync, rename).
 * Rows of the overlap region that came back with other values are "restated": reported, and with
 * --replace-restated rewritten in place (only the region's tail is re-rendered). Rows that were
 * provisional when written are replaced silently, and late rows are inserted in order, so the file
 * stays equal to one full export of its range.
 */
import { createReadStream } from 'node:fs';
import type { Context } from '../context.js';
import { EmptyError, UsageError } from '../errors.js';
import type { Row } from '../domain/row.js';
import type { Formatter, FormatOptions } from '../output/format-types.js';
import { fileSink } from '../output/file-sink.js';
import { rowKey, type ExistingFile, type RegionRecord } from './read-existing.js';
import { keyColumnList, keyValue, type KeyColumns } from './key-columns.js';

/** What an append did. */
export interface AppendResult {
  readonly written: boolean;
  readonly total: number;
  readonly added: number;
  readonly replaced: number;
  /** Late rows inserted in order. */
  readonly late: number;
  readonly lastKey?: string;
}

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

const listKeys = (keys: readonly string[]): string => keys.slice(0, 3).join(', ') + (keys.length > 3 ? `, … (${keys.length} in all)` : '');

/** A row older than the file's last row and missing from it (a day published late): inserted in order. */
export interface LateRow {
  readonly key: string;
  readonly time: string;
  readonly gpu?: string;
  readonly line: string;
}

/** The UTC day of an epoch ms value. */
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Sorts the fetched rows against the file's overlap region: new rows; rows that came back different
 * (restated when they were settled when written; refreshed when they were provisional then, i.e. of
 * the file's last write day or later); and late rows. A model's first row in the file is left as it
 * is when its values depend on where a window starts: a full export of the file's range has it first too.
 */
export function classify(existing: ExistingFile, rows: readonly Row[], spec: AppendSpec, byGpu: boolean) {
  const region = new Map<string, RegionRecord>(existing.region.map((r) => [r.key, r]));
  const fresh: string[] = [];
  const restated = new Map<string, string>();
  const refreshed = new Map<string, string>();
  const late: LateRow[] = [];
  const writtenOn = dayOf(existing.mtimeMs);
  let lastKey = existing.lastKey;
  for (const row of rows) {
    const key = keyOf(row, spec.timeKey, byGpu, spec.keyColumn);
    const time = String(row[spec.timeKey]);
    const old = region.get(key);
    if (old !== undefined) {
      if (spec.windowDependent !== undefined && (spec.windowDependent(row) || existing.firstKeys.has(key))) continue;
      const line = renderLine(spec.formatter, spec.options, row);
      if (line === old.text) continue;
      (old.time.slice(0, 10) >= writtenOn ? refreshed : restated).set(key, line);
    } else if (existing.lastTime === undefined || time > existing.lastTime) {
      fresh.push(renderLine(spec.formatter, spec.options, row));
      lastKey = key;
    } else if (existing.region.length > 0 && time >= (existing.region[0] as RegionRecord).time) {
      late.push({ key, time, gpu: byGpu ? keyValue(row, spec.keyColumn) : undefined, line: renderLine(spec.formatter, spec.options, row) });
    }
  }
  return { fresh, restated, refreshed, late, lastKey };
}

/** Checks an ndjson file's keys against the rows this run would write (csv/tsv headers are checked earlier). */
export function checkNdjsonKeys(existing: ExistingFile, firstLine: string | undefined, target: string): void {
  if (existing.rows === 0 || firstLine === undefined) return;
  const keys = Object.keys(JSON.parse(firstLine) as object).join(',');
  if (keys !== existing.header) {
    throw new UsageError(`${target} has the fields ${existing.header}; this run would write ${keys}`, 'use the same --columns as the file, or a new file');
  }
}

/** Appends what is new in `rows` to the existing file, atomically; see the module comment. */
export async function appendRows(ctx: Context, existing: ExistingFile, rows: readonly Row[], spec: AppendSpec): Promise<AppendResult> {
  if (spec.formatter.name === 'ndjson' && rows[0] !== undefined) checkNdjsonKeys(existing, renderLine(spec.formatter, spec.options, rows[0]), spec.target);
  // Rows always carry their own key columns (memory history's `id`); they key them only when printed.
  const printed = spec.keyColumn === undefined || keyColumnList(spec.keyColumn).every((c) => spec.options.columns.includes(c));
  const byGpu = existing.region.some((r) => r.key !== r.time) || (printed && rows.some((r) => keyValue(r, spec.keyColumn) !== undefined));
  const { fresh, restated, refreshed, late, lastKey } = classify(existing, rows, spec, byGpu);
  const replacing = spec.replaceRestated && restated.size > 0;
  if (restated.size > 0) {
    const what = `${restated.size} row${restated.size === 1 ? '' : 's'} in ${spec.target} came back with different values (restated): ${listKeys([...restated.keys()])}`;
    ctx.log.warn(replacing ? `${what}; replaced` : `${what}; kept as they were (--replace-restated replaces them)`);
  }
  // Provisional rows are replaced by their settled values whatever the flags: a file never keeps them frozen.
  const replace = new Map<string, string>([...refreshed, ...(replacing ? restated : [])]);
  const result = { total: existing.rows + fresh.length + late.length, added: fresh.length, replaced: replace.size, late: late.length, lastKey };
  if (fresh.length === 0 && replace.size === 0 && late.length === 0) {
    const since = existing.lastTime ? ` after ${existing.lastTime}` : '';
    if (spec.failEmpty) throw new EmptyError(`no new rows${since}; ${spec.target} left unchanged`);
    ctx.log.info(`no new rows${since}; ${spec.target} left unchanged`);
    return { ...result, written: false };
  }
  const eol = existing.eol;
  // Within one time, rows go where this run fetched them (one full export's order, whatever the key
  // columns); a row it did not fetch goes by the models' order.
  const fetched = late.length > 0 ? new Map(rows.map((row, i) => [keyOf(row, spec.timeKey, byGpu, spec.keyColumn), i])) : new Map<string, number>();
  const rank = (time: string, gpu: string | undefined): [string, number] => [time, fetched.get(rowKey(time, gpu)) ?? (gpu === undefined ? -1 : (spec.gpuOrder?.indexOf(gpu) ?? -1))];
  const before = (a: [string, number], b: [string, number]): boolean => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  const regionGpu = (r: RegionRecord): string | undefined => (r.key === r.time ? undefined : r.key.slice(r.time.length + 1));
  // Late rows go before the first region record that sorts after them; the file is re-emitted from the
  // first record that changes or moves (the old bytes before it are copied verbatim).
  const sortedLate = [...late].sort((a, b) => (before(rank(a.time, a.gpu), rank(b.time, b.gpu)) ? -1 : before(rank(b.time, b.gpu), rank(a.time, a.gpu)) ? 1 : 0));
  let cut = existing.size;
  for (const r of existing.region) {
    const moved = sortedLate.some((l) => before(rank(l.time, l.gpu), rank(r.time, regionGpu(r))));
    if (replace.has(r.key) || moved) {
      cut = r.raw.start;
      break;
    }
  }
  const sink = await fileSink(spec.target);
  ctx.onCleanup(() => sink.abort());
  try {
    if (cut > 0) {
      for await (const chunk of createReadStream(spec.target, { start: 0, end: cut - 1 }) as AsyncIterable<Buffer>) await sink.write(chunk);
    }
    if (cut < existing.size) {
      let li = 0;
      for (const r of existing.region) {
        if (r.raw.start < cut) continue;
        while (li < sortedLate.length && before(rank((sortedLate[li] as LateRow).time, (sortedLate[li] as LateRow).gpu), rank(r.time, regionGpu(r)))) await sink.write((sortedLate[li++] as LateRow).line + eol);
        const line = replace.get(r.key);
        if (line !== undefined) await sink.write(line + eol);
        else await sink.write(r.raw.terminated ? r.raw.bytes : Buffer.concat([r.raw.bytes, Buffer.from(eol)]));
      }
      for (; li < sortedLate.length; li++) await sink.write((sortedLate[li] as LateRow).line + eol);
    } else {
      if (existing.openEnded) await sink.write(eol);
      for (const l of sortedLate) await sink.write(l.line + eol);
    }
    let buf = '';
    for (const line of fresh) {
      buf += line + eol;
      if (buf.length >= 64 * 1024) await sink.write(buf), (buf = '');
    }
    if (buf !== '') await sink.write(buf);
    await sink.end();
  } catch (err) {
    await sink.abort();
    throw err;
  }
  ctx.committed?.();
  const extras = [late.length > 0 ? `${late.length} late row${late.length === 1 ? '' : 's'} inserted` : '', refreshed.size > 0 ? `${refreshed.size} provisional updated` : '', replacing ? `${restated.size} restated replaced` : ''].filter((x) => x !== '');
  ctx.log.info(`appended ${fresh.length} new row${fresh.length === 1 ? '' : 's'} to ${spec.target} (${result.total} in all${extras.length > 0 ? `; ${extras.join(', ')}` : ''})`);
  return { ...result, written: true };
}
