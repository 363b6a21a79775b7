/** The chart formatter: shape, width, legend, axes, plain vs colour. */
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/domain/row.js';
import { formatter as chart, MARKERS, renderChart, type ChartOptions } from '../../../../src/output/text/chart.js';
import { getFormatter } from '../../../../src/output/formats.js';
import { opts as formatOpts } from './fixture.js';

const opts = (over: Partial<ChartOptions> = {}): ChartOptions => formatOpts({ columns: ['date', 'H100 SXM', 'H200'], ...over });
const rows: Row[] = Array.from({ length: 120 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
  'H100 SXM': 2 + Math.sin(i / 10) * 0.3,
  H200: i % 17 === 0 ? null : 3 + Math.cos(i / 12) * 0.2,
}));
const CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/;

describe('chart', () => {
  it('is registered as --format chart', async () => {
    expect((await getFormatter('chart')).name).toBe('chart');
  });

  it.each([40, 60, 80, 132])('fits a width of %i columns', (width) => {
    const lines = renderChart(rows, opts({ width, title: 'index_value' }));
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(width);
    // The plot uses the width: the x axis runs to the edge.
    expect(lines.find((l) => /^\s+\+[-+]+$/.test(l))?.length).toBe(width);
  });

  it('an unlimited width (a pipe without COLUMNS) draws 80 columns', () => {
    const lines = renderChart(rows, opts({ width: Number.POSITIVE_INFINITY }));
    expect(Math.max(...lines.map((l) => l.length))).toBe(80);
  });

  it('plain: only printable ASCII, a marker per series, a legend, first and last date, y range', () => {
    const text = [...chart.format(rows, opts({ title: 'price' }))].join('');
    expect(CONTROL.test(text)).toBe(false);
    expect(/[^\x20-\x7e\n]/.test(text)).toBe(false);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('price');
    expect(lines[lines.length - 1]).toBe(`${MARKERS[0]} H100 SXM   ${MARKERS[1]} H200`);
    expect(lines[lines.length - 2]).toMatch(/^\s+2026-01-01\s.*\s2026-04-30$/);
    expect(lines[1]).toMatch(/^3\.2 \+/);
    expect(lines[17]).toMatch(/^1\.6 \+/);
    expect(text).toContain('*');
    expect(text).toContain('o');
  });

  it('y labels are round numbers an equal step apart, on evenly spaced rows', () => {
    const lines = renderChart(rows, opts());
    const ticks = lines.map((l, i) => ({ i, m: /^ *(-?\d+(?:\.\d+)?) \+/.exec(l) })).filter((t) => t.m !== null);
    const values = ticks.map((t) => Number(t.m?.[1]));
    expect(values).toEqual([3.2, 3, 2.8, 2.6, 2.4, 2.2, 2, 1.8, 1.6]);
    const rowsApart = ticks.slice(1).map((t, k) => t.i - (ticks[k] as { i: number }).i);
    expect(new Set(rowsApart).size).toBe(1);
    // A range like 94.3–107.8 gets labels on a round step, not 94.30, 97.68, ….
    const wide = renderChart(
      [
        { date: '2026-01-01', v: 94.3 },
        { date: '2026-01-02', v: 107.8 },
      ],
      opts({ columns: ['date', 'v'] }),
    );
    const labels = wide.map((l) => /^ *(-?\d+(?:\.\d+)?) \+/.exec(l)?.[1]).filter((v) => v !== undefined);
    expect(labels).toEqual(['110', '108', '106', '104', '102', '100', '98', '96', '94']);
  });

  it('x ticks are evenly spaced from the first date to the last', () => {
    for (const width of [60, 80, 132]) {
      const lines = renderChart(rows, opts({ width }));
      const axis = lines.find((l) => /^\s+\+[-+]+$/.test(l)) as string;
      const plot = axis.slice(axis.indexOf('+') + 1);
      const at = [...plot].map((c, i) => (c === '+' ? i : -1)).filter((i) => i >= 0);
      expect(at.length).toBeGreaterThanOrEqual(2);
      expect(at[0]).toBe(0);
      expect(at[at.length - 1]).toBe(plot.length - 1);
      const gaps = at.slice(1).map((x, k) => x - (at[k] as number));
      expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
      // Every tick has its date under it.
      const labels = lines[lines.indexOf(axis) + 1] as string;
      expect(labels.trim().split(/\s+/)).toHaveLength(at.length);
    }
  });

  it('gap markers (dots) only where the series has no values, never on a steep move', () => {
    const steep: Row[] = Array.from({ length: 60 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
      v: i % 10 < 5 ? 1 : 9,
    }));
    expect(renderChart(steep, opts({ columns: ['date', 'v'] })).join('\n')).not.toContain('.');
    const holed = steep.map((r, i) => (i >= 20 && i < 30 ? { ...r, v: null } : r));
    const text = renderChart(holed, opts({ columns: ['date', 'v'] })).join('\n');
    expect(text).toContain('.');
    // Days missing from the rows altogether (the service's unpublished days) are a gap too.
    const skipped = steep.filter((_, i) => i < 20 || i >= 30);
    expect(renderChart(skipped, opts({ columns: ['date', 'v'] })).join('\n')).toContain('.');
  });

  it('colour: ANSI colours and box-drawing axes', () => {
    const text = renderChart(rows, opts({ color: true })).join('\n');
    expect(text).toContain('\x1b[36m*');
    expect(text).toContain('┤');
    expect(text).toContain('└');
  });

  it('a flat series, one point, and no numbers at all', () => {
    const flat = renderChart(
      [
        { date: '2026-01-01', v: 5 },
        { date: '2026-01-02', v: 5 },
      ],
      opts({ columns: ['date', 'v'] }),
    );
    expect(flat.join('\n')).toContain('*');
    const one = renderChart([{ date: '2026-01-01', v: 5 }], opts({ columns: ['date', 'v'] }));
    expect(one.join('\n')).toMatch(/2026-01-01/);
    expect(renderChart([{ date: '2026-01-01', v: null }], opts({ columns: ['date', 'v'] }))).toEqual(['(no numeric values to chart)']);
    expect([...chart.format([], opts())].join('')).toBe('(no rows)\n');
  });

  it('hourly spans label hours; hostile series names are sanitised', () => {
    const hourly: Row[] = Array.from({ length: 48 }, (_, i) => ({ t: new Date(Date.UTC(2026, 0, 1, i)).toISOString(), '\x1b[31mevil': i }));
    const text = renderChart(hourly, opts({ columns: ['t', '\x1b[31mevil'] })).join('\n');
    expect(text).toMatch(/01-01 00:00/);
    expect(CONTROL.test(text)).toBe(false);
  });

  it('draws only columns of numbers: a text column is neither a series nor in the legend', () => {
    const mixed = rows.map((r) => ({ ...r, lab: 'anthropic' }));
    const lines = renderChart(mixed, opts({ columns: ['date', 'lab', 'H100 SXM'] }));
    const legend = lines.at(-1) as string;
    expect(legend).toContain(`${MARKERS[0]} H100 SXM`);
    expect(legend).not.toContain('lab');
    expect(renderChart(mixed, opts({ columns: ['date', 'lab'] }))).toEqual(['(nothing to chart)']);
  });

  it('the legend wraps onto more lines when the models do not fit the width', () => {
    const cols = ['date', 'H100 SXM', 'H200', 'A100 SXM4', 'B200', 'RTX 5090', 'RTX PRO 6000 WS'];
    const lines = renderChart(
      [{ date: '2026-01-01', ...Object.fromEntries(cols.slice(1).map((c, i) => [c, i])) }],
      opts({ columns: cols, width: 40 }),
    );
    const legend = lines.slice(-3).join(' ');
    for (const c of cols.slice(1)) expect(legend).toContain(c);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(40);
  });
});
