/**
 * The rows a versioned write (series.ts) compares and upgrades: fetched rows in the form the table's
 * files read back in, rows held before the lake kept versions dated and deduplicated, and the edge of a
 * window-dependent fetch (docs/point-in-time.md).
 */
import type { Row } from '../domain/row.js';
import type { FormatOptions } from '../output/format-types.js';
import { lineBased, lineCodec } from '../output/formats.js';
import { writeFormatted } from '../output/write-formatted.js';
import type { TableWriter } from './commit.js';
import type { TableSnapshot } from './table.js';
import { readLineRows } from './line-rows.js';
import { isVersioned, KNOWN_FROM, KNOWN_TO, knownTime, upgradeRows } from './versions.js';

/** What keepWindowDependent needs of the write's spec. */
export interface EdgeSpec {
  readonly key: (r: Row) => string;
  readonly timeKey: string;
  readonly windowDependent?: (row: Row) => boolean;
}

/**
 * The options asWritten writes `rows` (all a write fetched) with, a part at a time: a format that types
 * its columns from the rows (Parquet infers a field nobody declared) gets the columns and types of all
 * of them, so that each part reads back as it would among all of them.
 */
export function writtenOptions(w: TableWriter, rows: readonly Row[]): FormatOptions {
  const opts = { ...w.options, header: true };
  if (w.formatter.columnsFor === undefined) return opts;
  const typed = w.formatter.columnsFor(rows, opts);
  return { ...opts, columns: typed.map((c) => c.name), types: Object.fromEntries(typed.map((c) => [c.name, c.type])), selected: true };
}

/**
 * The fetched rows as the table's format writes and reads them back (a line format's cells as text,
 * Parquet's timestamps in its one form), so they compare with held rows value for value. `opts`: see
 * writtenOptions (a line format writes each row on its own: its options are the writer's).
 */
export async function asWritten(
  w: TableWriter,
  rows: readonly Row[],
  opts: FormatOptions = writtenOptions(w, rows),
): Promise<readonly Row[]> {
  if (rows.length === 0) return rows;
  const chunks: Buffer[] = [];
  const sink = {
    closed: false,
    write: (c: string | Uint8Array) => void chunks.push(typeof c === 'string' ? Buffer.from(c, 'utf8') : Buffer.from(c)),
    end: () => Promise.resolve(),
    abort: () => Promise.resolve(),
  };
  await writeFormatted(w.formatter, rows, opts, sink);
  const bytes = Buffer.concat(chunks);
  if (lineBased(w.format)) {
    // A line format writes the options' columns only: the partition values (a snapshot's date) are put back.
    const back = readLineRows(await lineCodec(w.format), bytes.toString('utf8')).rows;
    for (const c of w.partitionColumns) back.forEach((r, i) => (r[c] = (rows[i] as Row)[c]));
    return back;
  }
  if (w.formatter.readBytes === undefined) return rows;
  // As they read back: known_from and known_to null (the fetched rows never had them), which the merge
  // neither compares nor keeps (mergeVersions), as it does a line format's.
  return (await w.formatter.readBytes(bytes, w.table)).rows;
}

/** True when the table was written before the lake kept versions (no log, or no known_from in its schema). */
export function needsUpgrade(snap: TableSnapshot | undefined): boolean {
  if (snap === undefined || snap.files.length === 0) return false;
  return snap.version < 0 || !(snap.columns ?? []).includes(KNOWN_FROM);
}

/** Unversioned held rows dated `since`; a row held twice (the same identity: a stray copy) kept once, the first read. */
export function upgradeHeld(rows: readonly Row[], key: (r: Row) => string, since: string): { rows: Row[]; twice: number } {
  const seen = new Set<string>();
  const kept: Row[] = [];
  for (const r of rows) {
    if (isVersioned(r)) {
      kept.push(r);
      continue;
    }
    const k = key(r);
    if (seen.has(k)) continue;
    seen.add(k);
    kept.push(r);
  }
  return { rows: upgradeRows(kept, since), twice: rows.length - kept.length };
}

/**
 * Rows whose values depend on where the fetch window started (a descriptor's windowDependent: the
 * window's first day, or the dataset's own first row as one full export has it): where either the
 * fetched row or the held current version is one, the held version stands (the window's edge is never
 * a revision, and the dataset's first row stays as a full export of its range has it).
 */
export function keepWindowDependent(held: readonly Row[], fetched: readonly Row[], spec: EdgeSpec): readonly Row[] {
  const edge = spec.windowDependent;
  if (edge === undefined) return fetched;
  const current = new Map<string, Row>();
  for (const r of held) if (knownTime(r[KNOWN_TO]) === null) current.set(spec.key(r), r);
  return fetched.map((r) => {
    const old = current.get(spec.key(r));
    return old !== undefined && (edge(r) || edge(old)) ? old : r;
  });
}
