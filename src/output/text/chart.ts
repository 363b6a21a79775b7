/**
 * Chart: a line chart of wide rows (`[time, series1, series2, …]`, see run/analysis/wide.ts) sized to the
 * terminal width: a y axis with values, an x axis with dates, one marker per series and a legend.
 * Without colour it is plain ASCII (no escape sequences, no box drawing); with colour each series
 * gets its own colour as well as its own marker, so it still reads when printed.
 * Written here rather than with asciichart (1.5.25): it draws no x axis and no legend, and without
 * colour its series share one set of line glyphs, so several models could not be told apart.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { Row } from '../../domain/row.js';
import type { FormatOptions, Formatter } from '../format-types.js';
import { sanitizeForTerminal } from '../../domain/text/sanitize.js';
import { decimalsFor, niceScale, xLabel } from './chart-scale.js';
import { legend, MARKERS } from './chart-legend.js';

export { MARKERS };

/** Chart-only options the pipeline may add. */
export interface ChartOptions extends FormatOptions {
  /** A heading line, e.g. the charted column. */
  readonly title?: string;
  /** Plot rows (default: 16). */
  readonly height?: number;
}

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

/** A time value as milliseconds (YYYY-MM-DD or ISO date-time), or NaN. */
function timeMs(v: unknown): number {
  return typeof v === 'string' ? Date.parse(v) : NaN;
}

/**
 * The times after which `label` has a gap: the next point lacks a value (null in the wide row), or
 * comes more than 1.5 times the series' usual step (its median) later; and the gap is longer than
 * one column of the plot (`column` ms), or it could not be seen.
 */
function seriesGaps(points: readonly Point[], label: string, column: number): Set<number> {
  const sorted = [...points].sort((a, b) => a.t - b.t);
  const has = (p: { r: Row }): boolean => typeof p.r[label] === 'number' && Number.isFinite(p.r[label]);
  const present = sorted.filter(has).map((p) => p.t);
  const steps = present
    .slice(1)
    .map((t, i) => t - (present[i] as number))
    .sort((a, b) => a - b);
  const usual = steps[Math.floor(steps.length / 2)] ?? 0;
  const gaps = new Set<number>();
  let last: number | undefined;
  let missing = false;
  for (const p of sorted) {
    if (!has(p)) {
      missing = true;
      continue;
    }
    if (last !== undefined && (missing || (usual > 0 && p.t - last > 1.5 * usual)) && p.t - last > column) gaps.add(last);
    last = p.t;
    missing = false;
  }
  return gaps;
}

/** Where the chart is drawn: the value and time scales, and the plot's size. */
interface Frame {
  readonly width: number;
  readonly height: number;
  readonly plotWidth: number;
  readonly labelWidth: number;
  readonly perTick: number;
  readonly intervals: number;
  readonly tMin: number;
  readonly span: number;
  /** The label of plot row `row` on the y axis. */
  readonly yText: (row: number) => string;
  readonly colOf: (t: number) => number;
  readonly rowOf: (v: number) => number;
}

/** A point of the chart: a row and its time. */
type Point = { t: number; r: Row };
/** grid[row][col] = [character, series index] so each cell can be coloured by its series. */
type Grid = Array<Array<[string, number]>>;
type AxisChars = ReturnType<typeof axisChars>;

/** Renders the chart as lines (no trailing newline on each). */
export function renderChart(rows: readonly Row[], options: ChartOptions): string[] {
  const width = Number.isFinite(options.width) && options.width > 0 ? Math.floor(options.width) : DEFAULT_CHART_WIDTH;
  const [timeKey, ...columns] = options.columns;
  // A series is a column of numbers (or of nothing yet): text columns (a lab, a product) are no line to draw.
  const isText = (l: string): boolean => rows.some((r) => typeof r[l] === 'string' || typeof r[l] === 'boolean');
  const labels = columns.filter((l) => !isText(l) || rows.some((r) => typeof r[l] === 'number'));
  if (timeKey === undefined || labels.length === 0) return ['(nothing to chart)'];
  const points = rows.map((r) => ({ t: timeMs(r[timeKey]), r })).filter((p) => Number.isFinite(p.t));
  const values = points.flatMap((p) => labels.map((l) => p.r[l]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v)));
  if (values.length === 0) return ['(no numeric values to chart)'];
  const chalk: ChalkInstance = new Chalk({ level: options.color ? 1 : 0 });
  const paint = (text: string, s: number): string => (s < 0 ? text : chalk[COLOURS[s % COLOURS.length] as (typeof COLOURS)[number]](text));
  const ch = axisChars(options.color);
  const frame = frameOf(points, values, width, options.height ?? DEFAULT_HEIGHT);
  const grid: Grid = Array.from({ length: frame.height }, () =>
    Array.from({ length: frame.plotWidth }, () => [' ', -1] as [string, number]),
  );
  // Whether any series was drawn across a gap: the legend then says what the dots mean.
  const gapped = labels.map((label, s) => drawSeries(grid, frame, points, label, s, ch)).some(Boolean);
  const lines: string[] = [];
  if (options.title) lines.push(sanitizeForTerminal(options.title).slice(0, width));
  const tickRows = new Set(Array.from({ length: frame.intervals + 1 }, (_, i) => i * frame.perTick));
  grid.forEach((cells, r) => {
    const axis = tickRows.has(r)
      ? `${frame.yText(r).padStart(frame.labelWidth)} ${ch.tick}`
      : `${' '.repeat(frame.labelWidth)} ${ch.vertical}`;
    lines.push((axis + cells.map(([c, s]) => paint(c, s)).join('')).trimEnd());
  });
  lines.push(...xAxis(frame, ch), ...legend(labels, width, paint, gapped ? ch.link : undefined));
  return lines;
}

/** The scales of the chart: round values on the y axis, the points' time span on the x axis. */
function frameOf(points: readonly Point[], values: readonly number[], width: number, wantedHeight: number): Frame {
  let dataMin = Math.min(...values);
  let dataMax = Math.max(...values);
  if (dataMin === dataMax) {
    const pad = Math.abs(dataMin) * 0.01 || 1;
    dataMin -= pad;
    dataMax += pad;
  }
  const scale = niceScale(dataMin, dataMax);
  // Rows per y interval, so every labelled tick sits on a round value.
  const perTick = Math.max(1, Math.round((Math.max(4, wantedHeight) - 1) / scale.intervals));
  const height = perTick * scale.intervals + 1;
  const vMin = scale.lo;
  const vMax = scale.hi;
  const decimals = decimalsFor(scale.step);
  const yText = (row: number): string => (vMax - (scale.step * row) / perTick).toFixed(decimals);
  const labelWidth = Math.max(yText(0).length, yText(height - 1).length, yText(Math.floor(height / 2)).length);
  const plotWidth = Math.max(MIN_PLOT_WIDTH, width - labelWidth - 2);
  const tMin = Math.min(...points.map((p) => p.t));
  const span = Math.max(...points.map((p) => p.t)) - tMin;
  const colOf = (t: number): number => (span === 0 ? 0 : Math.round(((t - tMin) / span) * (plotWidth - 1)));
  const rowOf = (v: number): number => Math.round(((vMax - v) / (vMax - vMin)) * (height - 1));
  return { width, height, plotWidth, labelWidth, perTick, intervals: scale.intervals, tMin, span, yText, colOf, rowOf };
}

/** Draws series `s` into the grid: its markers, joined by its own marker, or by dots across a gap (then true). */
function drawSeries(grid: Grid, frame: Frame, points: readonly Point[], label: string, s: number, ch: AxisChars): boolean {
  // Several points in one column (dense series): their mean.
  const sums = new Map<number, { sum: number; n: number }>();
  // Where the series has no value (a null in its column, or a step in time far longer than its usual one).
  const gapAfter = seriesGaps(points, label, frame.span / Math.max(1, frame.plotWidth - 1));
  const gapCols = new Set<number>();
  for (const p of points) {
    const v = p.r[label];
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    const c = frame.colOf(p.t);
    const acc = sums.get(c) ?? { sum: 0, n: 0 };
    acc.sum += v;
    acc.n += 1;
    sums.set(c, acc);
    if (gapAfter.has(p.t)) gapCols.add(c);
  }
  const cols = [...sums.keys()].sort((a, b) => a - b);
  const rowAt = (c: number): number => {
    const acc = sums.get(c) as { sum: number; n: number };
    return frame.rowOf(acc.sum / acc.n);
  };
  const marker = MARKERS[s % MARKERS.length] as string;
  let gapped = false;
  // Joins first: the series' own marker between neighbouring points (a line, steep moves included);
  // dots only across a real gap in the data, so a dot always means "no value here".
  for (let i = 1; i < cols.length; i++) {
    const c0 = cols[i - 1] as number;
    const c1 = cols[i] as number;
    const r0 = rowAt(c0);
    const r1 = rowAt(c1);
    const glyph = gapCols.has(c0) ? ch.link : marker;
    if (glyph === ch.link && c1 - c0 > 1) gapped = true;
    const steps = Math.max(c1 - c0, Math.abs(r1 - r0));
    for (let k = 1; k < steps; k++) {
      const c = Math.round(c0 + ((c1 - c0) * k) / steps);
      const r = Math.round(r0 + ((r1 - r0) * k) / steps);
      const cell = grid[r]?.[c];
      if (cell && cell[0] === ' ') grid[r]![c] = [glyph, s];
    }
  }
  for (const c of cols) grid[rowAt(c)]![c] = [marker, s];
  return gapped;
}

/** The x axis line and its date labels. */
function xAxis({ plotWidth, labelWidth, tMin, span }: Frame, ch: AxisChars): string[] {
  // Ticks evenly spaced in time from the first to the last date, as many as leave room for every
  // label (the outer two sit flush with the ends, so the spacing allows for half a label more).
  const axisRow = Array.from({ length: plotWidth }, () => ch.horizontal);
  const labelRow = Array.from({ length: plotWidth }, () => ' ');
  const labelLen = xLabel(tMin, span).length;
  const intervals = span === 0 ? 0 : Math.max(1, Math.floor((plotWidth - 1) / Math.ceil(1.5 * labelLen + 2)));
  for (let i = 0; i <= intervals; i++) {
    const col = intervals === 0 ? 0 : Math.round((i * (plotWidth - 1)) / intervals);
    const text = xLabel(tMin + (intervals === 0 ? 0 : (span * i) / intervals), span);
    if (text.length > plotWidth) continue;
    const start = Math.max(0, Math.min(col - Math.floor(text.length / 2), plotWidth - text.length));
    axisRow[col] = ch.xtick;
    for (let k = 0; k < text.length; k++) labelRow[start + k] = text[k] as string;
  }
  return [`${' '.repeat(labelWidth)} ${ch.corner}${axisRow.join('')}`, `${' '.repeat(labelWidth + 2)}${labelRow.join('')}`.trimEnd()];
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
    yield renderChart(list, opts).join('\n') + '\n';
  },
};
