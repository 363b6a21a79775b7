import { describe, expect, it } from 'vitest';
import { spliceIndex } from '../../../../src/run/fetch/splice.js';

const r = (date: string, index: number, eur?: number) => ({ date, index, ...(eur === undefined ? {} : { eur }) });

describe('spliceIndex', () => {
  it('equal overlap values: the later part joins as it is', () => {
    const later = [r('b', 110), r('c', 120)];
    const s = spliceIndex([r('a', 100), r('b', 110)], later);
    expect(s).toEqual({ rows: later });
  });

  it('one constant ratio: the later part is rescaled onto the earlier base, exactly by eur where the base row shows', () => {
    const earlier = [r('a', 100, 0.5), r('b', 100 * (0.6 / 0.5), 0.6)];
    const later = [r('b', 100, 0.6), r('c', 100 * (0.75 / 0.6), 0.75)];
    const s = spliceIndex(earlier, later);
    expect(s.problem).toBeUndefined();
    expect(s.rows.map((x) => x.index)).toEqual([100 * (0.6 / 0.5), 100 * (0.75 / 0.5)]);
  });

  it('without a base row the ratio is applied', () => {
    const s = spliceIndex([r('a', 90), r('b', 99)], [r('b', 110), r('c', 121)]);
    expect(s.rows.map((x) => x.index)).toEqual([99, 121 * (99 / 110)]);
  });

  it('no ratio explains the overlap: a problem, rows untouched', () => {
    const later = [r('a', 100), r('b', 130)];
    const s = spliceIndex([r('a', 50), r('b', 60)], later);
    expect(s.rows).toEqual(later);
    expect(s.problem).toMatch(/disagrees on a \(50 and 100\)/);
  });
});
