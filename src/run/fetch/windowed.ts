/**
 * The `windowed` fetch plan (util-index): a window longer than one request may span is split into
 * requests that reach back an overlap, stitched so every row keeps its decomposition against the
 * previous published day (util-index-chunks.ts says how), and spliced on the overlap rows so the
 * whole window is on one base whichever way the service rebases (splice.ts).
 */
import { NoDataError } from '../../errors.js';
import type { Endpoint, EnvelopeBody } from '../../api/endpoint.js';
import type { Row } from '../../domain/row.js';
import { daysBetween, type DateWindow } from '../../domain/time/dates.js';
import type { Session } from '../session.js';
import { FAN_OUT, mapConcurrent } from './fan-out.js';
import { planChunks, stitch, unanchoredRows } from './util-index-chunks.js';
import { spliceIndex } from './splice.js';

/** A request's parameters over a window. */
type WindowParams = { readonly from: string; readonly to: string };

/** How one target's window is fetched. */
export interface WindowedFetch<P extends WindowParams> {
  readonly endpoint: Endpoint<P, EnvelopeBody>;
  /** The request's parameters with the window left to fill in. */
  readonly base: Omit<P, 'from' | 'to'>;
  readonly maxDays: number;
  readonly overlapDays: number;
  /** Told when two responses' overlap rows disagree beyond a change of base. */
  readonly report?: (problem: string) => void;
  /** Told the window's first day when no published day precedes it within the lead (its effects stay empty). */
  readonly noPriorDay?: (date: string) => void;
}

/** Fetches one target's window in requests of at most maxDays and splices them; 404 only when every chunk is empty. */
export async function fetchWindow<P extends WindowParams>(session: Session, f: WindowedFetch<P>, window: DateWindow): Promise<Row[]> {
  const chunks = planChunks(window, f.maxDays, f.overlapDays);
  const params = (w: DateWindow): P => ({ ...f.base, from: w.from, to: w.to }) as P;
  let lastNoData: NoDataError | undefined;
  const parts = await mapConcurrent(chunks, FAN_OUT, async (chunk) => {
    try {
      return (await session.get(f.endpoint, params(chunk.request))).rows;
    } catch (err) {
      if (err instanceof NoDataError && chunks.length > 1) {
        lastNoData = err;
        return [];
      }
      throw err;
    }
  });
  // Each chunk is put on the base of what came before it through its overlap rows (splice.ts), then
  // keeps only its own days.
  const rows: Row[] = [];
  chunks.forEach((chunk, i) => {
    let part = parts[i] ?? [];
    if (i === 0) part = offLead(part, window.from, (f.base as { baseDate?: unknown }).baseDate);
    else {
      const s = spliceIndex(rows, part);
      if (s.problem) f.report?.(s.problem);
      part = s.rows;
    }
    rows.push(...stitch([chunk], [part]));
  });
  if (rows.length === 0 && lastNoData) throw lastNoData;
  const first = rows[0];
  const led = (parts[0] ?? []).some((r) => String(r.date) < window.from);
  if (first !== undefined && !led && first.decompositionBasis === 'no_prior_day') f.noPriorDay?.(String(first.date));
  // An overlap without a published day: ask again from the previous published day to the row, in order.
  for (const i of unanchoredRows(chunks, rows)) {
    const prev = String((rows[i - 1] as Row).date);
    const date = String((rows[i] as Row).date);
    // Beyond one request's reach the row stays as served and the spec check reports it.
    if (daysBetween(prev, date) + 1 > f.maxDays) continue;
    const res = await session.get(f.endpoint, params({ from: prev, to: date }));
    const fixed = spliceIndex(rows.slice(0, i), res.rows).rows.find((r) => r.date === date);
    if (fixed) rows[i] = fixed;
  }
  return rows;
}

/**
 * The first response reaches back before the window (its lead). A service that rebases a response to
 * its own first row when the base day is not published (baseAvailable false) put that lead day at 100;
 * the window's own first row is put back at 100, as a request of the window alone would have it.
 */
function offLead(part: Row[], from: string, baseDate: unknown): Row[] {
  const lead = part[0];
  const first = part.find((r) => String(r.date) >= from);
  const eur0 = first?.eur;
  if (!lead || !first || lead === first || lead.index !== 100 || lead.date === baseDate) return part;
  if (typeof eur0 !== 'number' || !(eur0 > 0)) return part;
  return part.map((r) => (typeof r.eur === 'number' && typeof r.index === 'number' ? { ...r, index: 100 * (r.eur / eur0) } : r));
}
