/**
 * Reads the file --append extends, streamed line by line, keeping only what the append needs: the
 * header, the dialect (BOM, line end), the row count, the first and last key, and the records of
 * the overlap region (the last key's neighbourhood) with their bytes, for de-duplication.
 */
import type { LineSyntax } from '../output/format-types.js';
import { stat } from 'node:fs/promises';
import { UsageError } from '../errors.js';
import { errorCode } from '../domain/files.js';
import { countOf, parseCsvRecordStrict, parseTsvRecord, readRecords, recordText, type RawRecord } from './records.js';
import { isIsoDate } from '../domain/dates.js';
import { keyColumnList, keyValue, type KeyColumns } from './key-columns.js';
import { checkSeriesKey, checkTimeShape, type TimeShape } from './existing-checks.js';

/** A record of the overlap region. */
export interface RegionRecord {
  readonly key: string;
  readonly time: string;
  /** Text without line end. */
  readonly text: string;
  readonly raw: RawRecord;
}

/** What --append knows of the existing file. */
export interface ExistingFile {
  readonly size: number;
  readonly bom: boolean;
  /** The file's line end (of its first record). */
  readonly eol: '\n' | '\r\n';
  /** csv/tsv: the header line's text; ndjson: the first row's keys joined by commas. */
  readonly header: string;
  readonly rows: number;
  readonly firstKey?: string;
  readonly lastKey?: string;
  readonly lastTime?: string;
  /** True when the last record lacks a line end (one is added before new rows). */
  readonly openEnded: boolean;
  /** Records whose time is at or after regionStart(lastTime), oldest first. */
  readonly region: readonly RegionRecord[];
  /** The key of each model's first row (one key when the file has no `gpu` column). */
  readonly firstKeys: ReadonlySet<string>;
  /**
   * The grain of the rows, told from their times: `hourly` once a time is not midnight, `daily` when
   * every time is midnight over two days or more, undefined when one day cannot tell.
   */
  readonly grain?: 'daily' | 'hourly';
}

/** How to read keys out of the file. */
export interface ScanSpec {
  readonly format: LineSyntax;
  readonly timeKey: string;
  /** The first time of the overlap region, given the latest time seen. */
  readonly regionStart: (lastTime: string) => string;
  /** The column(s) that tell rows of the same time apart (default `gpu`; workload: lab and family). */
  readonly keyColumn?: KeyColumns;
  /** The values that column may hold (the GPU models), when the run knows them. */
  readonly isKnownKey?: (value: string) => boolean;
}

/** The key of a row: its time, plus its model (or other key column) when the file has that column. */
export function rowKey(time: string, gpu: string | undefined): string {
  return gpu === undefined ? time : `${time} ${gpu}`;
}

type Fields = (text: string) => { time: unknown; gpu: unknown };

function fieldReader(format: LineSyntax, header: string, timeKey: string, file: string, keyColumn?: KeyColumns): Fields {
  if (format === 'ndjson') {
    return (text) => {
      const o = JSON.parse(text) as Record<string, unknown>;
      return { time: o[timeKey], gpu: keyValue(o, keyColumn) };
    };
  }
  const csv = format === 'csv';
  const cols = csv ? parseCsvRecordStrict(header) : parseTsvRecord(header);
  if (cols === undefined) throw new UsageError(`${file} line 1 (the header) is not valid csv; --append will not extend it`);
  const ti = cols.indexOf(timeKey);
  const gis = keyColumnList(keyColumn)
    .map((c) => cols.indexOf(c))
    .filter((i) => i !== -1);
  // The key value of a record's fields, as keyValue() makes it of a fetched row.
  const joined = (field: (i: number) => string | undefined): string | undefined => {
    const parts = gis.map(field).filter((v): v is string => v !== undefined && v !== '');
    return parts.length === 0 ? undefined : parts.join(' ');
  };
  if (ti === -1) throw new UsageError(`${file} has no '${timeKey}' column, so --append cannot tell which rows it holds`);
  const sep = csv ? ',' : '\t';
  const plain = csv ? '"' : '\\';
  const width = cols.length;
  // Every record must read back exactly as the file's own header says: as many fields, and (csv) every
  // quote where RFC 4180 allows one. Anything else throws, and the file is refused (exit 2).
  const bad = (): never => {
    throw new Error('not a record of this file');
  };
  return (text) => {
    // Fast path for the common line without quotes (csv) or escapes (tsv): cut out the two fields only.
    if (!text.includes(plain)) {
      if (countOf(text, sep) !== width - 1) bad();
      return { time: nthField(text, sep, ti), gpu: joined((i) => nthField(text, sep, i)) };
    }
    const f = csv ? parseCsvRecordStrict(text) : parseTsvRecord(text);
    if (f === undefined || f.length !== width) return bad();
    return { time: f[ti], gpu: joined((i) => f[i]) };
  };
}

/** Field `n` of a line without quoting, by separator positions (no array of every field). */
function nthField(text: string, sep: string, n: number): string | undefined {
  let start = 0;
  for (let i = 0; i < n; i++) {
    const at = text.indexOf(sep, start);
    if (at === -1) return undefined;
    start = at + 1;
  }
  const end = text.indexOf(sep, start);
  return end === -1 ? text.slice(start) : text.slice(start, end);
}

/** Scans `file`; undefined when it does not exist or is empty (the export then starts it afresh). */
export async function scanExisting(file: string, spec: ScanSpec): Promise<ExistingFile | undefined> {
  let size: number;
  try {
    const st = await stat(file);
    if (!st.isFile()) throw new UsageError(`--append needs a regular file; ${file} is not one`);
    size = st.size;
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return undefined;
    throw err;
  }
  if (size === 0) return undefined;
  let bom = false;
  let eol: '\n' | '\r\n' = '\n';
  let header: string | undefined;
  let fields: Fields | undefined;
  let rows = 0;
  let firstKey: string | undefined;
  let lastKey: string | undefined;
  let lastTime: string | undefined;
  let openEnded = false;
  let region: RegionRecord[] = [];
  let head = 0;
  let lineNo = 0;
  let regionDay = '\u0000';
  let start = '';
  const firstKeys = new Set<string>();
  const models = new Set<string | undefined>();
  let subDaily = false;
  let days = 0;
  // Set by the first row: whether the file has a series key column, and the shape of its times.
  let keyed: boolean | undefined;
  let shape: TimeShape | undefined;
  // Named in messages: the key column, or the key columns together.
  const keyColumn = keyColumnList(spec.keyColumn).join(', ');
  for await (const batch of readRecords(file, spec.format === 'csv'))
    for (const rec of batch) {
      lineNo++;
      const first = header === undefined;
      const text = recordText(rec, first);
      openEnded = !rec.terminated;
      if (first) {
        bom = rec.bytes[0] === 0xef && rec.bytes[1] === 0xbb && rec.bytes[2] === 0xbf;
        eol = rec.crlf ? '\r\n' : '\n';
        if (spec.format !== 'ndjson') {
          header = text;
          fields = fieldReader(spec.format, text, spec.timeKey, file, spec.keyColumn);
          continue;
        }
        header = '';
      }
      if (text.trim() === '') continue;
      let time: unknown;
      let gpu: unknown;
      try {
        ({ time, gpu } = (fields ?? fieldReader(spec.format, '', spec.timeKey, file, spec.keyColumn))(text));
      } catch {
        throw new UsageError(`${file} line ${lineNo} is not valid ${spec.format}; --append will not extend it`);
      }
      if (spec.format === 'ndjson' && rows === 0) header = Object.keys(JSON.parse(text) as object).join(',');
      if (typeof time !== 'string' || time === '') {
        throw new UsageError(`${file} line ${lineNo} has no '${spec.timeKey}'; --append will not extend it`);
      }
      keyed ??= gpu !== undefined;
      if (keyed) checkSeriesKey({ file, line: lineNo }, keyColumn, gpu, spec.isKnownKey);
      // The shape is checked where the time changes: rows of one time share it.
      if (time !== lastTime) shape = checkTimeShape({ file, line: lineNo }, spec.timeKey, time, shape, lastTime);
      if (lastTime !== undefined && time < lastTime) {
        throw new UsageError(`${file} is not sorted oldest first (line ${lineNo}); --append only extends files it wrote`);
      }
      const model = typeof gpu === 'string' && gpu !== '' ? gpu : undefined;
      const key = rowKey(time, model);
      if (!models.has(model)) {
        models.add(model);
        firstKeys.add(key);
      }
      // Daily rows sit at midnight (`…T00:00:00.000Z`); one time elsewhere makes the file hourly.
      if (!subDaily && time.length > 10 && time.slice(11, 19) !== '00:00:00') subDaily = true;
      rows++;
      firstKey ??= key;
      lastKey = key;
      if (time !== lastTime) {
        lastTime = time;
        // The region's start depends on the day only: computed once a day, not once a row.
        if (!time.startsWith(regionDay)) {
          regionDay = time.slice(0, 10);
          if (!isIsoDate(regionDay))
            throw new UsageError(
              `${file} line ${lineNo}: '${spec.timeKey}' is not a date (${JSON.stringify(time.slice(0, 40))}); --append will not extend it`,
            );
          start = spec.regionStart(time);
          days++;
        }
        // The file is sorted, so the region only moves forward: what fell out of it is skipped by
        // `head` and dropped in bulk now and then, never one shift per row.
        while (head < region.length && (region[head] as RegionRecord).time < start) head++;
        if (head > 4096 && head * 2 > region.length) {
          region = region.slice(head);
          head = 0;
        }
      }
      region.push({ key, time, text, raw: rec });
    }
  const grain = lastTime === undefined || lastTime.length <= 10 ? undefined : subDaily ? 'hourly' : days >= 2 ? 'daily' : undefined;
  return {
    size,
    bom,
    eol,
    header: header ?? '',
    rows,
    firstKey,
    lastKey,
    lastTime,
    openEnded,
    region: region.slice(head),
    firstKeys,
    grain,
  };
}
