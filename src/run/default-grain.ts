/**
 * The grain a series is asked for when `--granularity` is not given (docs/guide.md, "The default
 * grain"): what the key's plan serves, and what reads well where the rows are read.
 *
 * - A premium key (`sk_prem_`) is served daily rows only: it asks for daily, so no warning says that
 *   hourly was asked and daily served.
 * - At a terminal, in the table view, a window of more than 2 days is asked daily: 30 days are 30
 *   rows on one screen, not 720 hourly rows in a pager. Two days or less stay `auto` (hourly, at
 *   most 48 rows a model).
 * - Anything else (a pipe, a file, a chart, an append) keeps the service's `auto`.
 */
import { daysBetween, type DateWindow } from '../domain/time/dates.js';
import { planOfKey } from '../domain/service/plans.js';
import { formatInfo } from '../output/formats.js';
import type { OutputPlan } from '../output/plan.js';

/** Above this many days, the table view at a terminal asks for daily rows. */
export const TERMINAL_HOURLY_MAX_DAYS = 2;

/** The granularity to ask for when none is given. */
export function defaultGrain(
  key: string | undefined,
  sandbox: boolean,
  plan: OutputPlan,
  window: DateWindow | undefined,
): 'daily' | 'auto' {
  if (plan.append !== undefined) return 'auto';
  if (!sandbox && planOfKey(key).plan === 'premium') return 'daily';
  const table = plan.fit && formatInfo(plan.format).terminalView && plan.output === undefined;
  if (table && window && daysBetween(window.from, window.to) + 1 > TERMINAL_HOURLY_MAX_DAYS) return 'daily';
  return 'auto';
}
