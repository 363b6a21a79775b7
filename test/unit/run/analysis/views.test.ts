/** --wide pivots, --stats summaries and sparklines (pure functions). */
import { describe, expect, it } from 'vitest';
import { pivotWide, wideColumns } from '../../../../src/run/analysis/wide.js';
import { summarise, sparkWidth } from '../../../../src/run/analysis/stats.js';
import { sparkline } from '../../../../src/output/text/sparkline.js';

const a = {
  label: 'H100 SXM',
  rows: [
    { t: '2026-01-01', v: 1 },
    { t: '2026-01-02', v: 2 },
    { t: '2026-01-03', v: 4 },
  ],
};
const b = {
  label: 'H200',
  rows: [
    { t: '2026-01-02', v: 10 },
    { t: '2026-01-04', v: null },
  ],
};

describe('pivotWide', () => {
  it('one row per time, one column per model, null where a model has no row', () => {
    expect(wideColumns([a, b], 't')).toEqual(['t', 'H100 SXM', 'H200']);
    expect(pivotWide([a, b], 't', 'v')).toEqual([
      { t: '2026-01-01', 'H100 SXM': 1, H200: null },
      { t: '2026-01-02', 'H100 SXM': 2, H200: 10 },
      { t: '2026-01-03', 'H100 SXM': 4, H200: null },
      { t: '2026-01-04', 'H100 SXM': null, H200: null },
    ]);
  });
});

describe('summarise', () => {
  it('count, period, first, last, min, max, mean, change and % change of the numbers', () => {
    expect(summarise(a, 't', 'v')).toEqual({
      gpu: 'H100 SXM',
      column: 'v',
      count: 3,
      from: '2026-01-01',
      to: '2026-01-03',
      first: 1,
      last: 4,
      min: 1,
      max: 4,
      mean: 2.33333333333,
      change: 3,
      change_pct: 300,
    });
  });

  it('computed figures carry no binary noise (12 significant digits)', () => {
    const s = summarise(
      {
        label: 'x',
        rows: [
          { t: '1', v: 2.3523 },
          { t: '2', v: 2.4304 },
        ],
      },
      't',
      'v',
    );
    expect(2.4304 - 2.3523).toBe(0.07810000000000006);
    expect(s.change).toBe(0.0781);
    expect(s.mean).toBe(2.39135);
  });

  it('skips nulls; no numbers gives nulls; a first value of 0 has no % change', () => {
    expect(summarise({ label: 'x', rows: [{ t: '1', v: null }] }, 't', 'v')).toMatchObject({
      count: 0,
      first: null,
      mean: null,
      change_pct: null,
    });
    expect(
      summarise(
        {
          label: 'x',
          rows: [
            { t: '1', v: 0 },
            { t: '2', v: 5 },
          ],
        },
        't',
        'v',
      ),
    ).toMatchObject({ change: 5, change_pct: null });
    expect(
      summarise(
        {
          label: 'x',
          rows: [
            { t: '1', v: -2 },
            { t: '2', v: -1 },
          ],
        },
        't',
        'v',
      ),
    ).toMatchObject({ change_pct: 50 });
  });

  it('a trend of the asked width', () => {
    expect(summarise(a, 't', 'v', 3).trend).toBe('▁▃█');
  });
});

describe('sparkline', () => {
  it('maps the range onto eight blocks and averages long series into the width', () => {
    expect(sparkline([1, 2, 3, 4, 5, 6, 7, 8])).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([1, 1, 8, 8], 2)).toBe('▁█');
    expect(
      sparkline(
        Array.from({ length: 1000 }, (_, i) => i),
        10,
      ),
    ).toHaveLength(10);
    expect(sparkline([3, 3, 3])).toBe('▄▄▄');
    expect(sparkline([])).toBe('');
  });

  it('sparkWidth fits what the other columns leave, between 8 and 24', () => {
    const rows = [{ gpu: 'H100 SXM', n: 12 }];
    const w = (v: unknown) => String(v).length;
    expect(sparkWidth(rows, ['gpu', 'n'], 80, w)).toBe(24);
    expect(sparkWidth(rows, ['gpu', 'n'], 30, w)).toBe(30 - 10 - 2 - 2);
    expect(sparkWidth(rows, ['gpu', 'n'], 10, w)).toBe(8);
  });
});
