/**
 * The analysis views' flags checked against the output plan, before any request (views.ts builds the
 * views themselves, loaded only by a run that asks for one).
 */
import { UsageError } from '../../errors.js';
import type { AnalysisFlags } from '../request.js';
import { formatInfo } from '../../output/formats.js';
import type { OutputPlan } from '../../output/plan.js';

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
