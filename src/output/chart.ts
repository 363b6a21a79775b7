/**
 * Chart: a line chart of wide rows (`[time, series1, series2, …]`, see pipeline/wide.ts) sized to the
 * terminal width: a y axis with values, an x axis with dates, one marker per series and a legend.
 * Without colour it is plain ASCII (no escape sequences, no box drawing); with colour each series
 * gets its own colour as well as its own marker, so it still reads when printed.
 * Written here rather than with asciichart (1.5.25): it draws no x axis and no legend, and without
 * colour its series share one set of line glyphs, so several models could not be told apart.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { Row } from '../domain/row.js';
import type { FormatOptions, Formatter } from './format-types.js';
import { sanitizeForTerminal } from '../domain/sanitize.js';

/** Chart-only options the pipeline may add. */
export interface ChartOptions extends FormatOptions {
  /** A heading line, e.g. the charted column. */
  readonly title?: string;
  /** Plot rows (default: 16). */
  readonly height?: number;
}

/** Markers by series, in legend order; they repeat after eight series ('+' is the axes' tick, so never a marker). */
export const MARKERS = ['*', 'o', 'x', '#', '@', '%', '&', '='] as const;
const COLOURS = ['cyan', 'yellow', 'green', 'magenta', 'red', 'blue', 'white', 'gray'] as const;
const DEFAULT_HEIGHT = 16;
/** Width off a terminal without COLUMNS (the plan says "unlimited" there, which a chart cannot be). */
export const DEFAULT_CHART_WIDTH = 80;
const MIN_PLOT_WIDTH = 10;

/** Axis characters: box drawing with colour on, ASCII otherwise. */
function axisChars(color: boolean) {
  return color
    ? { tick: '┤', vertical: '│', corner: '└', horizontal: '─', xtick: '┬', link: '·' }
    : { tick: '+', vertical: '|', corner: '+', horizontal: '-', xtick: '+', link: '.' };
}

/** Decimals that tell adjacent y ticks apart, at most 6. */
function decimalsFor(step: number): number {
  if (!(step > 0)) return 2;
  return Math.max(0, Math.min(6, Math.ceil(-Math.log10(step)) + 1));
}

/** A time value as milliseconds (YYYY-MM-DD or ISO date-time), or NaN. */
function timeMs(v: unknown): number {
  return typeof v === 'string' ? Date.parse(v) : NaN;
}

/** The label of an x tick: the date, or date and hour when the chart spans under three days (a lone point: its full date). */
function xLabel(ms: number, spanMs: number): string {
  const iso = new Date(ms).toISOString();
  if (spanMs === 0) return iso.slice(11, 16) === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  return spanMs < 3 * 86_400_000 ? `${iso.slice(5, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
}

/** Renders the chart as lines (no trailing newline on each). */
export function renderChart(rows: readonly Row[], options: ChartOptions): string[] {
  const opts = { ...options, width: Number.isFinite(options.width) && options.width > 0 ? Math.floor(options.width) : DEFAULT_CHART_WIDTH };
  const [timeKey, ...labels] = opts.columns;
  if (timeKey === undefined || labels.length === 0) return ['(nothing to chart)'];
  const points = rows.map((r) => ({ t: timeMs(r[timeKey]), r })).filter((p) => Number.isFinite(p.t));
  const values = points.flatMap((p) => labels.map((l) => p.r[l]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v)));
  if (values.length === 0) return ['(no numeric values to chart)'];
  const chalk: ChalkInstance = new Chalk({ level: opts.color ? 1 : 0 });
  const ch = axisChars(opts.color);
  const height = Math.max(4, opts.height ?? DEFAULT_HEIGHT);

  let vMin = Math.min(...values);
  let vMax = Math.max(...values);
  if (vMin === vMax) {
    const pad = Math.abs(vMin) * 0.01 || 1;
    vMin -= pad;
    vMax += pad;
  }
  const decimals = decimalsFor((vMax - vMin) / (height - 1));
  const yText = (row: number): string => (vMax - ((vMax - vMin) * row) / (height - 1)).toFixed(decimals);
  const labelWidth = Math.max(yText(0).length, yText(height - 1).length, yText(Math.floor(height / 2)).length);
  const plotWidth = Math.max(MIN_PLOT_WIDTH, opts.width - labelWidth - 2);

  const tMin = Math.min(...points.map((p) => p.t));
  const tMax = Math.max(...points.map((p) => p.t));
  const span = tMax - tMin;
  const colOf = (t: number): number => (span === 0 ? 0 : Math.round(((t - tMin) / span) * (plotWidth - 1)));
  const rowOf = (v: number): number => Math.round(((vMax - v) / (vMax - vMin)) * (height - 1));

  // grid[row][col] = [character, series index] so each cell can be coloured by its series.
  const grid: Array<Array<[string, number]>> = Array.from({ length: height }, () => Array.from({ length: plotWidth }, () => [' ', -1] as [string, number]));
  labels.forEach((label, s) => {
    // Several points in one column (dense series): their mean.
    const sums = new Map<number, { sum: number; n: number }>();
    for (const p of points) {
      const v = p.r[label];
      if (typeof v !== 'number' || !Number.isFinite(v)) continue;
      const c = colOf(p.t);
      const acc = sums.get(c) ?? { sum: 0, n: 0 };
      acc.sum += v;
      acc.n += 1;
      sums.set(c, acc);
    }
    const cols = [...sums.keys()].sort((a, b) => a - b);
    const rowAt = (c: number): number => {
      const acc = sums.get(c) as { sum: number; n: number };
      return rowOf(acc.sum / acc.n);
    };
    // Links first: dots between a series' points (across gaps and up or down steeper slopes).
    for (let i = 1; i < cols.length; i++) {
      const c0 = cols[i - 1] as number;
      const c1 = cols[i] as number;
      const r0 = rowAt(c0);
      const r1 = rowAt(c1);
      const steps = Math.max(c1 - c0, Math.abs(r1 - r0));
      for (let k = 1; k < steps; k++) {
        const c = Math.round(c0 + ((c1 - c0) * k) / steps);
        const r = Math.round(r0 + ((r1 - r0) * k) / steps);
        const cell = grid[r]?.[c];
        if (cell && cell[0] === ' ') grid[r]![c] = [ch.link, s];
      }
    }
    const marker = MARKERS[s % MARKERS.length] as string;
    for (const c of cols) grid[rowAt(c)]![c] = [marker, s];
  });

  const paint = (text: string, s: number): string => (s < 0 ? text : chalk[COLOURS[s % COLOURS.length] as (typeof COLOURS)[number]](text));
  const lines: string[] = [];
  if (opts.title) lines.push(sanitizeForTerminal(opts.title).slice(0, opts.width));
  const tickRows = new Set([0, Math.floor((height - 1) / 2), height - 1, Math.floor((height - 1) / 4), Math.floor((3 * (height - 1)) / 4)]);
  grid.forEach((cells, r) => {
    const axis = tickRows.has(r) ? `${yText(r).padStart(labelWidth)} ${ch.tick}` : `${' '.repeat(labelWidth)} ${ch.vertical}`;
    lines.push((axis + cells.map(([c, s]) => paint(c, s)).join('')).trimEnd());
  });

  // X axis: the first and last dates always, then evenly spaced ones that fit with two blanks around.
  const axisRow = Array.from({ length: plotWidth }, () => ch.horizontal);
  const labelRow = Array.from({ length: plotWidth }, () => ' ');
  const labelLen = xLabel(tMin, span).length;
  const slots = span === 0 ? 1 : Math.max(2, Math.floor(plotWidth / (labelLen + 6)) + 1);
  const cols = slots === 1 ? [0] : Array.from({ length: slots }, (_, i) => Math.round((i * (plotWidth - 1)) / (slots - 1)));
  const order = cols.length > 1 ? [cols[0] as number, cols[cols.length - 1] as number, ...cols.slice(1, -1)] : cols;
  const taken: Array<[number, number]> = [];
  for (const col of order) {
    const text = xLabel(tMin + (span * col) / Math.max(1, plotWidth - 1), span);
    const start = Math.max(0, Math.min(col - Math.floor(text.length / 2), plotWidth - text.length));
    const end = start + text.length;
    if (end > plotWidth || taken.some(([a, b]) => start < b + 2 && end + 2 > a)) continue;
    taken.push([start, end]);
    axisRow[col] = ch.xtick;
    for (let k = 0; k < text.length; k++) labelRow[start + k] = text[k] as string;
  }
  lines.push(`${' '.repeat(labelWidth)} ${ch.corner}${axisRow.join('')}`);
  lines.push(`${' '.repeat(labelWidth + 2)}${labelRow.join('')}`.trimEnd());

  // Legend: as many entries a line as fit the width.
  let line = '';
  let visible = 0;
  labels.forEach((label, s) => {
    const name = sanitizeForTerminal(label);
    const entryWidth = 2 + name.length;
    if (visible > 0 && visible + 3 + entryWidth > opts.width) {
      lines.push(line);
      line = '';
      visible = 0;
    }
    const sep = visible > 0 ? '   ' : '';
    line += `${sep}${paint(MARKERS[s % MARKERS.length] as string, s)} ${name}`;
    visible += sep.length + entryWidth;
  });
  if (line) lines.push(line);
  return lines;
}

/** The chart format. */
export const formatter: Formatter = {
  name: 'chart',
  description: 'a line chart of the --y column, one series per GPU model (wide rows in, text out)',
  streaming: false,
  *format(rows, opts) {
    const list = Array.from(rows);
    if (list.length === 0) {
      yield '(no rows)\n';
      return;
    }
    yield renderChart(list, opts as ChartOptions).join('\n') + '\n';
  },
};
