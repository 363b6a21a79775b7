/** --stats: one summary row per series (count, first, last, min, max, mean, change, % change). */
import type { Row } from '../../domain/row.js';
import { sparkline } from '../../output/text/sparkline.js';
import type { LabelledSeries } from './wide.js';

/** The columns of a summary row, in order (`trend` only with --spark). */
export const STATS_COLUMNS = [
  'gpu',
  'column',
  'count',
  'from',
  'to',
  'first',
  'last',
  'min',
  'max',
  'mean',
  'change',
  'change_pct',
] as const;

/** What the table view shows: the period and the column are left to csv/json to keep it on one screen. */
export const STATS_TABLE_COLUMNS = ['gpu', 'count', 'first', 'last', 'min', 'max', 'mean', 'change', 'change_pct'] as const;

/** Characters of the --spark trend column: at most, and at least (a table never wraps 8 characters). */
export const SPARK_WIDTH = 24;
export const SPARK_MIN_WIDTH = 8;

// Twelve significant digits: more than any input carries, and no binary noise (2.4304 − 2.3523 is
// 0.07810000000000006 in doubles; a summary says 0.0781).
const computed = (x: number): number => Number(x.toPrecision(12));

/**
 * Summarises one series' `valueKey` (rows ascending by `timeKey`). Rows whose value is not a number
 * (null, absent) are skipped; with no numbers at all the numeric fields are null. `change_pct` is
 * null when the first value is 0 (no meaningful percentage). `spark` > 0 adds a trend of that width.
 */
export function summarise(s: LabelledSeries, timeKey: string, valueKey: string, spark = 0): Row {
  const points = s.rows.filter((r) => typeof r[valueKey] === 'number' && Number.isFinite(r[valueKey]));
  const values = points.map((r) => r[valueKey] as number);
  const first = values[0];
  const last = values[values.length - 1];
  const out: Row = {
    gpu: s.label,
    column: valueKey,
    count: values.length,
    from: points[0]?.[timeKey] ?? null,
    to: points[points.length - 1]?.[timeKey] ?? null,
    first: first ?? null,
    last: last ?? null,
    min: values.length ? Math.min(...values) : null,
    max: values.length ? Math.max(...values) : null,
    // A running sum is fine at these sizes (≤ ~10⁵ values of similar magnitude).
    mean: values.length ? computed(values.reduce((a, b) => a + b, 0) / values.length) : null,
    change: first !== undefined && last !== undefined ? computed(last - first) : null,
    change_pct: first !== undefined && last !== undefined && first !== 0 ? computed(((last - first) / Math.abs(first)) * 100) : null,
  };
  if (spark > 0) out.trend = sparkline(values, spark);
  return out;
}

/** The summary rows of several series, in the given order; `spark` = trend width (0: none). */
export function summariseAll(series: readonly LabelledSeries[], timeKey: string, valueKey: string, spark = 0): Row[] {
  return series.map((s) => summarise(s, timeKey, valueKey, spark));
}

/**
 * The trend width that fits the terminal: what the other columns leave of `width` (natural text
 * widths, two blanks between columns), between SPARK_MIN_WIDTH and SPARK_WIDTH.
 */
export function sparkWidth(rows: readonly Row[], columns: readonly string[], width: number, cellWidth: (v: unknown) => number): number {
  const used = columns.reduce((sum, c) => sum + Math.max(c.length, ...rows.map((r) => cellWidth(r[c]))) + 2, 0);
  return Math.max(SPARK_MIN_WIDTH, Math.min(SPARK_WIDTH, width - used));
}
