/** Splitting util-index windows and stitching the answers (pure functions). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/domain/row.js';
import { addDays, daysBetween } from '../../../../src/domain/time/dates.js';
import { CHUNK_OVERLAP_DAYS, planChunks, stitch, unanchoredRows } from '../../../../src/run/fetch/util-index-chunks.js';

describe('planChunks', () => {
  it('a 900-day window: three requests of ≤ 400 days, later ones reaching 14 days back', () => {
    const chunks = planChunks({ from: '2024-06-04', to: '2026-11-20' }, 400, CHUNK_OVERLAP_DAYS, 0);
    expect(chunks).toEqual([
      { request: { from: '2024-06-04', to: '2025-07-08' }, keep: { from: '2024-06-04', to: '2025-07-08' } },
      { request: { from: '2025-06-25', to: '2026-07-29' }, keep: { from: '2025-07-09', to: '2026-07-29' } },
      { request: { from: '2026-07-16', to: '2026-11-20' }, keep: { from: '2026-07-30', to: '2026-11-20' } },
    ]);
  });

  it('a window of 400 days or less is one request', () => {
    expect(planChunks({ from: '2025-01-01', to: '2026-02-04' }, 400, CHUNK_OVERLAP_DAYS, 0)).toHaveLength(1);
  });

  it('the first request reaches back before the window by the lead (the overlap by default); only the window is kept', () => {
    expect(planChunks({ from: '2026-11-19', to: '2026-11-20' }, 400)).toEqual([
      { request: { from: '2026-11-05', to: '2026-11-20' }, keep: { from: '2026-11-19', to: '2026-11-20' } },
    ]);
    // A window that fits one request only without its lead takes two.
    expect(planChunks({ from: '2025-01-01', to: '2026-02-04' }, 400)).toHaveLength(2);
  });

  it('property: kept days cover the window exactly once, every request ≤ maxDays and overlapping the chunk before', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 30, max: 400 }),
        fc.constantFrom(0, CHUNK_OVERLAP_DAYS),
        (offset, len, max, lead) => {
          const from = addDays('2022-01-01', offset);
          const to = addDays(from, len);
          const chunks = planChunks({ from, to }, max, CHUNK_OVERLAP_DAYS, lead);
          let next = from;
          chunks.forEach((c, i) => {
            expect(c.keep.from).toBe(next);
            expect(daysBetween(c.request.from, c.request.to) + 1).toBeLessThanOrEqual(max);
            expect(c.request.to).toBe(c.keep.to);
            expect(c.request.from).toBe(addDays(c.keep.from, -(i === 0 ? lead : CHUNK_OVERLAP_DAYS)));
            next = addDays(c.keep.to, 1);
          });
          expect(next).toBe(addDays(to, 1));
        },
      ),
    );
  });
});

const row = (date: string, basis = 'like_for_like', eur = 0.5, index = 100): Row => ({
  date,
  eur,
  index,
  decompositionBasis: basis,
  demandEffect: basis === 'no_prior_day' ? null : 0,
});

describe('stitch, unanchoredRows', () => {
  const chunks = planChunks({ from: '2024-01-01', to: '2024-03-31' }, 40, 5, 0);

  it("keeps each chunk's own days only: no day twice, none missing", () => {
    const days = (c: (typeof chunks)[number]) =>
      Array.from({ length: daysBetween(c.request.from, c.request.to) + 1 }, (_, i) => row(addDays(c.request.from, i)));
    const out = stitch(chunks, chunks.map(days));
    expect(out.map((r) => r.date)).toEqual(Array.from({ length: 91 }, (_, i) => addDays('2024-01-01', i)));
  });

  it("names a later chunk's first row that came back no_prior_day although an earlier day exists", () => {
    const rows = [row('2024-01-01', 'no_prior_day'), row('2024-02-08'), row('2024-02-15', 'no_prior_day'), row('2024-02-16')];
    expect(chunks[1]?.keep.from).toBe('2024-02-10');
    expect(unanchoredRows(chunks, rows)).toEqual([2]);
    // The very first row of the series is not a defect.
    expect(unanchoredRows(chunks, [row('2024-02-15', 'no_prior_day')])).toEqual([]);
  });
});
