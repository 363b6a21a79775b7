/**
 * The shared flag groups of the data commands as types (commands/options.ts declares their options;
 * these sit below it because descriptors read them). Every field is read as commander parses it.
 */

export type { OutputFlags } from '../domain/output-flags.js';

/** The window group: --from, --to, --settled. */
export interface WindowFlags {
  readonly from?: string;
  readonly to?: string;
  readonly settled?: boolean;
}

/** The series group: --granularity, --limit (both have defaults, so always present). */
export interface SeriesFlags {
  readonly granularity: 'daily' | 'hourly' | 'auto';
  readonly limit: number | 'all';
}

/** The analysis group of the series commands and util-index: --wide, --y, --stats, --spark. */
export interface AnalysisFlags {
  readonly wide?: boolean;
  readonly y?: string;
  readonly stats?: boolean;
  readonly spark?: boolean;
}

/** Which shared groups a dataset takes (`Dataset.groups`). */
export interface Groups {
  readonly window: boolean;
  readonly series: boolean;
  readonly analysis: boolean;
}
