/**
 * The analysis views of a series command: --wide (a column per model), --stats/--spark (a summary
 * row per model) and --format chart (a line chart of the wide rows). Flags are checked before any
 * request; the view is built from each model's rows once they are fetched, sorted and checked.
 */
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { AnalysisFlags } from '../request.js';
import { formatInfo } from '../../output/formats.js';
import type { OutputPlan } from '../../output/plan.js';
import { emitRows } from '../emit.js';
import { pivotWide, wideColumns, type LabelledSeries } from './wide.js';
import { SPARK_WIDTH, STATS_COLUMNS, STATS_TABLE_COLUMNS, sparkWidth, summariseAll } from './stats.js';
import { displayNumber } from '../../output/text/values.js';
import type { Row } from '../../domain/row.js';
import type { AnyDataset } from '../../datasets/types.js';

/** What the view needs to know about the command's rows. */
export interface SeriesShape {
  readonly timeKey: string;
  /** The default --y. */
  readonly valueKey: string;
  /** Columns --y may name. */
  readonly numeric: readonly string[];
}

/** A checked analysis request. */
export interface AnalysisPlan {
  readonly view: 'wide' | 'stats' | 'chart';
  readonly y: string;
  readonly spark: boolean;
  readonly timeKey: string;
}

/** Checks the analysis flags against the output plan; undefined when no analysis view is asked for. */
export function planAnalysis(flags: AnalysisFlags, plan: OutputPlan, shape: SeriesShape): AnalysisPlan | undefined {
  const stats = flags.stats === true || flags.spark === true;
  const chart = formatInfo(plan.format).needsSeries;
  const wide = flags.wide === true;
  if (!stats && !chart && !wide) {
    if (flags.y !== undefined) throw new UsageError('--y applies to --format chart, --wide and --stats');
    return undefined;
  }
  const name = stats ? (flags.spark ? '--spark' : '--stats') : chart ? '--format chart' : '--wide';
  if (plan.raw) throw new UsageError(`--raw prints a response body as received; it cannot be combined with ${name}`);
  if (plan.append !== undefined || plan.manifest)
    throw new UsageError(`--append and --manifest export the rows themselves; they cannot be combined with ${name}`);
  if (plan.selected) throw new UsageError(`--columns does not apply to ${name}; choose the value with --y`);
  if (stats && wide) throw new UsageError(`--wide and ${name} are different views; choose one`);
  if (stats && chart) throw new UsageError(`${name} prints a summary table; it cannot be drawn with --format chart`);
  const y = flags.y ?? shape.valueKey;
  if (!shape.numeric.includes(y))
    throw new UsageError(`--y '${y}' is not a numeric column of this data; valid: ${shape.numeric.join(', ')}`);
  return { view: stats ? 'stats' : chart ? 'chart' : 'wide', y, spark: flags.spark === true, timeKey: shape.timeKey };
}

/** Prints the view of `series` (each ascending by time). */
export async function emitAnalysis(ctx: Context, plan: OutputPlan, a: AnalysisPlan, series: readonly LabelledSeries[]): Promise<void> {
  if (a.view === 'stats') {
    const human = formatInfo(plan.format).terminalView;
    const base: readonly string[] = human ? STATS_TABLE_COLUMNS : STATS_COLUMNS;
    let rows = summariseAll(series, a.timeKey, a.y);
    if (a.spark) {
      // Human formats fit the trend to the terminal; machine formats get the full width.
      const fit = human
        ? sparkWidth(rows, base, plan.width, (v) =>
            typeof v === 'number' ? displayNumber(v).length : typeof v === 'string' ? v.length : v == null ? 0 : JSON.stringify(v).length,
          )
        : SPARK_WIDTH;
      rows = summariseAll(series, a.timeKey, a.y, fit);
    }
    const columns = a.spark ? [...base, 'trend'] : [...base];
    // At a narrow terminal the trend and the latest value stay; the range and first value go first.
    const priority = ['trend', 'last', 'change_pct', 'count', 'mean', 'change', 'min', 'max', 'first'];
    // The range is min and max together: one without the other would mislead.
    return emitRows(ctx, { ...plan, columns, keys: ['gpu'], priority, together: [['min', 'max']] }, rows, rows.length);
  }
  const rows = pivotWide(series, a.timeKey, a.y);
  if (plan.order === 'desc' && a.view === 'wide') rows.reverse();
  const columns = wideColumns(series, a.timeKey);
  await emitRows(
    ctx,
    { ...plan, columns, keys: [a.timeKey], priority: [] },
    rows,
    rows.length,
    undefined,
    a.view === 'chart' ? { title: a.y } : {},
  );
}

/** A key cell as a series name (keys are text; anything else is shown as JSON). */
const keyText = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v));

/** What a keyed chart needs: the time, the value drawn, and the columns that name a series. */
export interface KeyedShape {
  readonly timeKey: string;
  readonly valueKey: string;
  readonly keys: readonly string[];
}

/** The chart of rows keyed by lab, product or market (a dataset with a time and a value column), when --format chart asks for one. */
export function keyedChartOf(ds: AnyDataset, plan: OutputPlan): KeyedShape | undefined {
  const { timeKey, valueKey } = ds.endpoint;
  if (!formatInfo(plan.format).needsSeries || timeKey === undefined || valueKey === undefined) return undefined;
  return { timeKey, valueKey, keys: ds.keyColumns ?? (ds.targetColumn ? [ds.targetColumn] : []) };
}

/**
 * `--format chart` of a dataset without the analysis flags (labs, products, markets …): one series per
 * key (`anthropic`, `anthropic/opus`) of its value column, as the series commands draw one per model.
 */
export async function emitKeyedChart(ctx: Context, plan: OutputPlan, shape: KeyedShape, rows: readonly Row[]): Promise<void> {
  const series = new Map<string, Row[]>();
  for (const row of rows) {
    const label = shape.keys.map((k) => keyText(row[k])).join('/') || shape.valueKey;
    const list = series.get(label) ?? [];
    list.push(row);
    series.set(label, list);
  }
  const labelled = [...series].map(([label, list]) => ({ label, rows: list }));
  await emitAnalysis(ctx, plan, { view: 'chart', y: shape.valueKey, spark: false, timeKey: shape.timeKey }, labelled);
}
