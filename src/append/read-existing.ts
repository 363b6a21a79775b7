/**
 * Reads the file --append extends, streamed line by line, keeping only what the append needs: the
 * header, the dialect (BOM, line end), the row count, the first and last key, and the records of
 * the overlap region (the last key's neighbourhood) with their bytes, for de-duplication.
 */
import type { LineCodec } from '../output/format-types.js';
import { lineCodec } from '../output/formats.js';
import { UsageError } from '../errors.js';
import { fieldReader, readRecords, recordText, type Fields, type RawRecord } from './records.js';
import { isIsoDate } from '../domain/time/dates.js';
import { keyColumnList, type KeyColumns } from './key-columns.js';
import { checkSeriesKey, checkTimeShape, type TimeShape } from './existing-checks.js';
import { pathInfo } from '../store/paths.js';

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
  /** A format with a header line: its text; without (ndjson): the first row's field names joined by commas. */
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
  /** The format's name (registry); its codec reads the records. */
  readonly format: string;
  readonly timeKey: string;
  /** The first time of the overlap region, given the latest time seen. */
  readonly regionStart: (lastTime: string) => string;
  /** The column(s) that tell rows of the same time apart (default `gpu`; workload: lab and family). */
  readonly keyColumn?: KeyColumns;
  /** The values that column may hold (the GPU models), when the run knows them. */
  readonly isKnownModel?: (value: string) => boolean;
}

/** The key of a row: its time, plus its model (or other key column) when the file has that column. */
export function rowKey(time: string, gpu: string | undefined): string {
  return gpu === undefined ? time : `${time} ${gpu}`;
}

/** What the scan has seen so far. */
interface ScanState {
  bom: boolean;
  eol: '\n' | '\r\n';
  header: string | undefined;
  fields: Fields | undefined;
  rows: number;
  firstKey: string | undefined;
  lastKey: string | undefined;
  lastTime: string | undefined;
  openEnded: boolean;
  region: RegionRecord[];
  /** Records before `head` fell out of the region and are dropped in bulk now and then. */
  head: number;
  lineNo: number;
  regionDay: string;
  start: string;
  readonly firstKeys: Set<string>;
  readonly models: Set<string | undefined>;
  subDaily: boolean;
  days: number;
  // Set by the first row: whether the file has a series key column, and the shape of its times.
  keyed: boolean | undefined;
  shape: TimeShape | undefined;
}

/** The file and how to read it, as every step of the scan needs them. */
interface Scan {
  readonly file: string;
  readonly spec: ScanSpec;
  readonly codec: LineCodec;
  /** Named in messages: the key column, or the key columns together. */
  readonly keyColumn: string;
  readonly st: ScanState;
}

/** Scans `file`; undefined when it does not exist or is empty (the export then starts it afresh). */
export async function scanExisting(file: string, spec: ScanSpec): Promise<ExistingFile | undefined> {
  const size = await regularFileSize(file);
  if (size === undefined || size === 0) return undefined;
  const codec = await lineCodec(spec.format);
  const scan: Scan = { file, spec, codec, keyColumn: keyColumnList(spec.keyColumn).join(', '), st: initialState() };
  for await (const batch of readRecords(file, codec.quoted)) for (const rec of batch) scanRecord(scan, rec);
  const { st } = scan;
  const { lastTime } = st;
  const grain = lastTime === undefined || lastTime.length <= 10 ? undefined : st.subDaily ? 'hourly' : st.days >= 2 ? 'daily' : undefined;
  return {
    size,
    bom: st.bom,
    eol: st.eol,
    header: st.header ?? '',
    rows: st.rows,
    firstKey: st.firstKey,
    lastKey: st.lastKey,
    lastTime,
    openEnded: st.openEnded,
    region: st.region.slice(st.head),
    firstKeys: st.firstKeys,
    grain,
  };
}

/** The size of `file`; undefined when it does not exist. Refuses anything but a regular file. */
async function regularFileSize(file: string): Promise<number | undefined> {
  const st = await pathInfo(file);
  if (st === undefined) return undefined;
  if (st.kind !== 'file') throw new UsageError(`--append needs a regular file; ${file} is not one`);
  return st.size;
}

/** The state before the first record. */
function initialState(): ScanState {
  return {
    bom: false,
    eol: '\n',
    header: undefined,
    fields: undefined,
    rows: 0,
    firstKey: undefined,
    lastKey: undefined,
    lastTime: undefined,
    openEnded: false,
    region: [],
    head: 0,
    lineNo: 0,
    regionDay: '\u0000',
    start: '',
    firstKeys: new Set<string>(),
    models: new Set<string | undefined>(),
    subDaily: false,
    days: 0,
    keyed: undefined,
    shape: undefined,
  };
}

/** Takes in one record: the header (formats with one) or a row, checked against what came before. */
function scanRecord(scan: Scan, rec: RawRecord): void {
  const { st, spec, file, codec } = scan;
  st.lineNo++;
  const first = st.header === undefined;
  const text = recordText(rec, first);
  st.openEnded = !rec.terminated;
  if (first) {
    st.bom = rec.bytes[0] === 0xef && rec.bytes[1] === 0xbb && rec.bytes[2] === 0xbf;
    st.eol = rec.crlf ? '\r\n' : '\n';
    if (codec.header !== undefined) {
      st.header = text;
      st.fields = fieldReader(codec, spec.format, text, spec.timeKey, file, spec.keyColumn);
      return;
    }
    st.header = '';
    st.fields = fieldReader(codec, spec.format, undefined, spec.timeKey, file, spec.keyColumn);
  }
  if (text.trim() === '') return;
  const { time, model } = readRow(scan, text);
  const key = rowKey(time, model);
  if (!st.models.has(model)) {
    st.models.add(model);
    st.firstKeys.add(key);
  }
  // Daily rows sit at midnight (`…T00:00:00.000Z`); one time elsewhere makes the file hourly.
  if (!st.subDaily && time.length > 10 && time.slice(11, 19) !== '00:00:00') st.subDaily = true;
  st.rows++;
  st.firstKey ??= key;
  st.lastKey = key;
  if (time !== st.lastTime) moveRegion(scan, time);
  st.region.push({ key, time, text, raw: rec });
}

/** The time and model of a row's text, refusing a row the file could not have been written with. */
function readRow({ st, spec, file, keyColumn, codec }: Scan, text: string): { time: string; model: string | undefined } {
  const { lineNo } = st;
  let time: unknown;
  let gpu: unknown;
  try {
    ({ time, gpu } = (st.fields as Fields)(text));
  } catch {
    throw new UsageError(`${file} line ${lineNo} is not valid ${spec.format}; --append will not extend it`);
  }
  if (codec.names !== undefined && st.rows === 0) st.header = codec.names(text).join(',');
  if (typeof time !== 'string' || time === '') {
    throw new UsageError(`${file} line ${lineNo} has no '${spec.timeKey}'; --append will not extend it`);
  }
  st.keyed ??= gpu !== undefined;
  if (st.keyed) checkSeriesKey({ file, line: lineNo }, keyColumn, gpu, spec.isKnownModel);
  // The shape is checked where the time changes: rows of one time share it.
  if (time !== st.lastTime) st.shape = checkTimeShape({ file, line: lineNo }, spec.timeKey, time, st.shape, st.lastTime);
  if (st.lastTime !== undefined && time < st.lastTime) {
    throw new UsageError(`${file} is not sorted oldest first (line ${lineNo}); --append only extends files it wrote`);
  }
  return { time, model: typeof gpu === 'string' && gpu !== '' ? gpu : undefined };
}

/** A new time: moves the overlap region's start forward and lets go of the records before it. */
function moveRegion({ st, spec, file }: Scan, time: string): void {
  st.lastTime = time;
  // The region's start depends on the day only: computed once a day, not once a row.
  if (!time.startsWith(st.regionDay)) {
    st.regionDay = time.slice(0, 10);
    if (!isIsoDate(st.regionDay))
      throw new UsageError(
        `${file} line ${st.lineNo}: '${spec.timeKey}' is not a date (${JSON.stringify(time.slice(0, 40))}); --append will not extend it`,
      );
    st.start = spec.regionStart(time);
    st.days++;
  }
  // The file is sorted, so the region only moves forward: what fell out of it is skipped by
  // `head` and dropped in bulk now and then, never one shift per row.
  while (st.head < st.region.length && (st.region[st.head] as RegionRecord).time < st.start) st.head++;
  if (st.head > 4096 && st.head * 2 > st.region.length) {
    st.region = st.region.slice(st.head);
    st.head = 0;
  }
}
