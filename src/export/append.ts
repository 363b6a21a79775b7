/**
 * The --append write: the new file is the old file's bytes, copied verbatim, plus the rendered rows
 * that are not in it yet, written through the atomic file sink (temporary file, fsync, rename).
 * Rows of the overlap region that came back with other values are "restated": reported, and with
 * --replace-restated rewritten in place (only the region's tail is re-rendered).
 */
import { createReadStream } from 'node:fs';
import type { Context } from '../context.js';
import { EmptyError, UsageError } from '../errors.js';
import type { Row } from '../api/endpoint.js';
import type { Formatter, FormatOptions } from '../output/formatter.js';
import { fileSink } from '../output/sink.js';
import { rowKey, type ExistingFile, type RegionRecord } from './read-existing.js';

/** What an append did. */
export interface AppendResult {
  readonly written: boolean;
  readonly total: number;
  readonly added: number;
  readonly replaced: number;
  readonly lastKey?: string;
}

/** How the rows of this run are keyed and rendered. */
export interface AppendSpec {
  readonly target: string;
  readonly timeKey: string;
  readonly windowDependent?: (row: Row) => boolean;
  readonly formatter: Formatter;
  readonly options: FormatOptions;
  readonly replaceRestated: boolean;
  readonly failEmpty: boolean;
}

/** Renders one row as one line of the file's format, without BOM or line end. */
export function renderLine(formatter: Formatter, options: FormatOptions, row: Row): string {
  let s = [...formatter.format([row], { ...options, header: false })].join('');
  if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
  return s.endsWith('\r\n') ? s.slice(0, -2) : s.endsWith('\n') ? s.slice(0, -1) : s;
}

/** The key of a fetched row (with `gpu` only when the file keys by model). */
function keyOf(row: Row, timeKey: string, byGpu: boolean): string {
  return rowKey(String(row[timeKey]), byGpu && typeof row.gpu === 'string' ? row.gpu : undefined);
}

const listKeys = (keys: readonly string[]): string => keys.slice(0, 3).join(', ') + (keys.length > 3 ? `, … (${keys.length} in all)` : '');

/** Sorts the fetched rows into new, restated and late ones against the file's overlap region. */
export function classify(existing: ExistingFile, rows: readonly Row[], spec: AppendSpec, byGpu: boolean) {
  const region = new Map<string, RegionRecord>(existing.region.map((r) => [r.key, r]));
  const fresh: string[] = [];
  const restated = new Map<string, string>();
  const late: string[] = [];
  let lastKey = existing.lastKey;
  for (const row of rows) {
    const key = keyOf(row, spec.timeKey, byGpu);
    const time = String(row[spec.timeKey]);
    const old = region.get(key);
    if (old !== undefined) {
      if (spec.windowDependent?.(row) === true) continue;
      const line = renderLine(spec.formatter, spec.options, row);
      if (line !== old.text) restated.set(key, line);
    } else if (existing.lastTime === undefined || time >= existing.lastTime) {
      fresh.push(renderLine(spec.formatter, spec.options, row));
      lastKey = key;
    } else if (existing.region.length > 0 && time >= (existing.region[0] as RegionRecord).time) {
      late.push(key);
    }
  }
  return { fresh, restated, late, lastKey };
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
  const byGpu = existing.region.some((r) => r.key !== r.time) || rows.some((r) => typeof r.gpu === 'string');
  const { fresh, restated, late, lastKey } = classify(existing, rows, spec, byGpu);
  const replacing = spec.replaceRestated && restated.size > 0;
  if (restated.size > 0) {
    const what = `${restated.size} row${restated.size === 1 ? '' : 's'} in ${spec.target} came back with different values (restated): ${listKeys([...restated.keys()])}`;
    ctx.log.warn(replacing ? `${what}; replaced` : `${what}; kept as they were (--replace-restated replaces them)`);
  }
  if (late.length > 0) {
    ctx.log.warn(`${late.length} row${late.length === 1 ? '' : 's'} older than the file's last row are missing from ${spec.target} and were not inserted: ${listKeys(late)} (re-export with -o to include them)`);
  }
  const result = { total: existing.rows + fresh.length, added: fresh.length, replaced: replacing ? restated.size : 0, lastKey };
  if (fresh.length === 0 && !replacing) {
    const since = existing.lastTime ? ` after ${existing.lastTime}` : '';
    if (spec.failEmpty) throw new EmptyError(`no new rows${since}; ${spec.target} left unchanged`);
    ctx.log.info(`no new rows${since}; ${spec.target} left unchanged`);
    return { ...result, written: false };
  }
  const eol = existing.eol;
  // With replacements, the old bytes are copied up to the first restated record and the region re-emitted from there.
  const cut = replacing ? Math.min(...existing.region.filter((r) => restated.has(r.key)).map((r) => r.raw.start)) : existing.size;
  const sink = await fileSink(spec.target);
  ctx.onCleanup(() => sink.abort());
  try {
    if (cut > 0) {
      for await (const chunk of createReadStream(spec.target, { start: 0, end: cut - 1 }) as AsyncIterable<Buffer>) await sink.write(chunk);
    }
    if (replacing) {
      for (const r of existing.region) {
        if (r.raw.start < cut) continue;
        const line = restated.get(r.key);
        if (line !== undefined) await sink.write(line + eol);
        else await sink.write(r.raw.terminated ? r.raw.bytes : Buffer.concat([r.raw.bytes, Buffer.from(eol)]));
      }
    } else if (existing.openEnded) {
      await sink.write(eol);
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
  ctx.log.info(`appended ${fresh.length} new row${fresh.length === 1 ? '' : 's'} to ${spec.target} (${result.total} in all${replacing ? `, ${restated.size} restated replaced` : ''})`);
  return { ...result, written: true };
}
