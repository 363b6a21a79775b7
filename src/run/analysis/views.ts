/**
 * The analysis views of a series command: --wide (a column per model), --stats/--spark (a summary
 * row per model) and --format chart (a line chart of the wide rows). Flags are checked before any
 * request; the view is built from each model's rows once they are fetched, sorted and checked.
 */
import type { Context } from '../../context.js';
import { formatInfo } from '../../output/formats.js';
import type { OutputPlan } from '../../output/plan.js';
import type { AnalysisPlan } from './plan.js';
import { emitRows } from '../emit.js';
import { pivotWide, wideColumns, type LabelledSeries } from './wide.js';
import { SPARK_WIDTH, STATS_COLUMNS, STATS_TABLE_COLUMNS, sparkWidth, summariseAll } from './stats.js';
import { displayNumber } from '../../output/text/values.js';
import type { Row } from '../../domain/row.js';
import type { AnyDataset } from '../../datasets/types.js';
import { sortRows } from '../emit.js';

/**
 * Prints the view of `series` (each ascending by time). `label` names the column of the series'
 * names in the summary (`gpu`, or `series` for rows keyed by lab, product or market).
 */
export async function emitAnalysis(
  ctx: Context,
  plan: OutputPlan,
  a: AnalysisPlan,
  series: readonly LabelledSeries[],
  label = 'gpu',
): Promise<void> {
  if (a.view === 'stats') {
    const human = formatInfo(plan.format).terminalView;
    const base: readonly string[] = (human ? STATS_TABLE_COLUMNS : STATS_COLUMNS).map((c) => (c === 'gpu' ? label : c));
    const named = (rows: Row[]): Row[] => (label === 'gpu' ? rows : rows.map(({ gpu, ...rest }) => ({ [label]: gpu, ...rest })));
    let rows = named(summariseAll(series, a.timeKey, a.y));
    if (a.spark) {
      // Human formats fit the trend to the terminal; machine formats get the full width.
      const fit = human
        ? sparkWidth(rows, base, plan.width, (v) =>
            typeof v === 'number' ? displayNumber(v).length : typeof v === 'string' ? v.length : v == null ? 0 : JSON.stringify(v).length,
          )
        : SPARK_WIDTH;
      rows = named(summariseAll(series, a.timeKey, a.y, fit));
    }
    // A percentage reads in hundredths on a screen (-17.37, not -17.3658); files keep every digit.
    if (human) rows = rows.map((r) => (typeof r.change_pct === 'number' ? { ...r, change_pct: Number(r.change_pct.toFixed(2)) } : r));
    const columns = a.spark ? [...base, 'trend'] : [...base];
    // At a narrow terminal the trend and the latest value stay; the range and first value go first.
    const priority = ['trend', 'last', 'change_pct', 'count', 'mean', 'change', 'min', 'max', 'first'];
    // The range is min and max together: one without the other would mislead.
    return emitRows(ctx, { ...plan, columns, keys: [label], priority, together: [['min', 'max']] }, rows, rows.length);
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

/**
 * The series an analysis view shows, and the name of their label column: one per model (`gpu`), or,
 * for rows keyed by lab, product or market, one per key (`anthropic`, `anthropic/opus`: `series`),
 * each ascending by time.
 */
export function analysisSeries(
  ds: AnyDataset,
  targets: readonly (string | undefined)[],
  perTarget: readonly Row[][],
): [LabelledSeries[], string] {
  const keys = ds.keyColumns ?? (ds.targetColumn ? [ds.targetColumn] : []);
  const { timeKey, valueKey } = ds.endpoint;
  if (keys.length === 0 || timeKey === undefined) return [perTarget.map((rows, i) => ({ label: targets[i] ?? 'aggregate', rows })), 'gpu'];
  const series = new Map<string, Row[]>();
  for (const row of perTarget.flat()) {
    const label = keys.map((k) => keyText(row[k])).join('/') || (valueKey ?? 'value');
    const list = series.get(label) ?? [];
    list.push(row);
    series.set(label, list);
  }
  return [[...series].map(([label, list]) => ({ label, rows: sortRows(list, timeKey, 'asc') })), 'series'];
}
