/**
 * Splitting long util-index windows. The service decomposes each row against the previous published
 * day *inside the response*, so the first row of every response is `no_prior_day`. Each later chunk
 * is therefore requested with an overlap of days before it and the overlap is dropped: the chunk's
 * first row keeps its decomposition as long as a published day lies inside the overlap.
 */
import type { Row } from '../../domain/row.js';
import { addDays, daysBetween, type DateWindow } from '../../domain/time/dates.js';
import { UTIL_INDEX_OVERLAP_DAYS } from '../../domain/time/overlap.js';

/** Days each later chunk reaches back; unpublished runs longer than this are not expected. */
export const CHUNK_OVERLAP_DAYS = UTIL_INDEX_OVERLAP_DAYS;

/** One request of a split window: what is asked for, and the part of it that is kept. */
export interface Chunk {
  readonly request: DateWindow;
  readonly keep: DateWindow;
}

/**
 * Splits `window` into requests of at most `maxDays` days; later requests overlap the previous chunk.
 * `lead` is how far the first request reaches back before the window (its rows are dropped), so the
 * window's first row is decomposed against the day before it too; 0 asks for the window as given.
 */
export function planChunks(window: DateWindow, maxDays: number, overlap = CHUNK_OVERLAP_DAYS, lead = overlap): Chunk[] {
  if (daysBetween(window.from, window.to) + 1 + lead <= maxDays) {
    return [{ request: { from: addDays(window.from, -lead), to: window.to }, keep: window }];
  }
  const chunks: Chunk[] = [];
  let from = window.from;
  let first = true;
  while (from <= window.to) {
    const reqFrom = addDays(from, -(first ? lead : overlap));
    const end = addDays(reqFrom, maxDays - 1);
    const to = end < window.to ? end : window.to;
    chunks.push({ request: { from: reqFrom, to }, keep: { from, to } });
    from = addDays(to, 1);
    first = false;
  }
  return chunks;
}

/** Joins the chunks' rows: each chunk keeps only its own days, so no day appears twice. */
export function stitch(chunks: readonly Chunk[], parts: readonly Row[][]): Row[] {
  const out: Row[] = [];
  chunks.forEach((chunk, i) => {
    for (const row of parts[i] ?? []) {
      const d = String(row.date);
      if (d >= chunk.keep.from && d <= chunk.keep.to) out.push(row);
    }
  });
  return out;
}

/**
 * Rows (indices into the stitched `rows`) that open a later chunk yet came back `no_prior_day`: the
 * chunk's overlap held no published day, so the service had nothing to decompose them against
 * although an earlier published day exists (the row before them). These are asked again over a
 * window widened back to that day.
 */
export function unanchoredRows(chunks: readonly Chunk[], rows: readonly Row[]): number[] {
  const out: number[] = [];
  for (const chunk of chunks.slice(1)) {
    const i = rows.findIndex((r) => String(r.date) >= chunk.keep.from);
    const row = rows[i];
    if (
      i > 0 &&
      row !== undefined &&
      String(row.date) <= chunk.keep.to &&
      (row.decompositionBasis === 'no_prior_day' || row.demandEffect === null)
    )
      out.push(i);
  }
  return out;
}
