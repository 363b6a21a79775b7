/** The rows a versioned write compares (src/lake/version-rows.ts): the edge of a window-dependent fetch, and an upgrade's rows. */
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../src/domain/row.js';
import { keepWindowDependent, upgradeHeld } from '../../../src/lake/version-rows.js';

const key = (r: Row): string => String(r.date);
const spec = { key, timeKey: 'date', windowDependent: (r: Row) => r.basis === 'no_prior_day' };
const v = (date: string, value: number, basis = 'full', known_to: string | null = null): Row => ({
  date,
  value,
  basis,
  known_from: '2026-11-01T00:00:00.000Z',
  known_to,
});

describe('keepWindowDependent', () => {
  it('keeps the held version where the fetched row or the held one depends on where the window started', () => {
    const held = [
      v('2026-11-01', 1, 'no_prior_day'),
      v('2026-11-02', 2),
      v('2026-11-03', 3),
      v('2026-11-04', 4, 'full', '2026-11-02T00:00:00.000Z'),
    ];
    const fetched: Row[] = [
      { date: '2026-11-01', value: 9, basis: 'full' },
      { date: '2026-11-02', value: 7, basis: 'no_prior_day' },
      { date: '2026-11-03', value: 5, basis: 'full' },
      { date: '2026-11-05', value: 6, basis: 'no_prior_day' },
    ];
    expect(keepWindowDependent(held, fetched, spec).map((r) => r.value)).toEqual([1, 2, 5, 6]);
    // A dataset without window-dependent rows: the fetch as it is.
    expect(keepWindowDependent(held, fetched, { key, timeKey: 'date' })).toBe(fetched);
  });
});

describe('upgradeHeld', () => {
  it('dates unversioned rows, keeps a row held twice once (the first read), leaves versioned rows as they are', () => {
    const since = '2026-11-20T06:00:00.000Z';
    const rows: Row[] = [
      { date: '2026-11-01', value: 1 },
      { date: '2026-11-01', value: 2 },
      { date: '2026-11-02', value: 3 },
      v('2026-11-03', 4),
    ];
    const u = upgradeHeld(rows, key, since);
    expect(u.twice).toBe(1);
    expect(u.rows.map((r) => [r.date, r.value, r.known_from, r.known_to])).toEqual([
      ['2026-11-01', 1, since, null],
      ['2026-11-02', 3, since, null],
      ['2026-11-03', 4, '2026-11-01T00:00:00.000Z', null],
    ]);
  });
});
