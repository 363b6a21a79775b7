/** The checked output plan of a run (what to print, how, where) and the formatter options it implies. */
import type { ColumnType, FormatOptions } from './format-types.js';
import type { JsonQuery } from './json-query.js';

/** What to print, how, and where. */
export interface OutputPlan {
  readonly format: string;
  readonly columns: readonly string[];
  readonly selected: boolean;
  readonly header: boolean;
  readonly order: 'asc' | 'desc';
  readonly output?: string;
  readonly raw: boolean;
  readonly csvSafe: boolean;
  readonly strict: boolean;
  readonly color: boolean;
  readonly width: number;
  /** Fit the table to `width` (stdout is a terminal); off a terminal every column prints whole. */
  readonly fit: boolean;
  /** The table's key columns (never left out) and the others by importance (the dataset's declaration). */
  readonly keys?: readonly string[];
  readonly priority?: readonly string[];
  /** The table's columns that are shown or left out together. */
  readonly together?: readonly (readonly string[])[];
  /** --no-pager was given (or the run must never page). */
  readonly noPager?: boolean;
  /** --append: the file to extend (never set together with `output`). */
  readonly append?: string;
  readonly manifest: boolean;
  /** csv dialect; `dialectGiven` tells an explicit --csv-dialect from the default. */
  readonly dialect: 'rfc4180' | 'excel';
  readonly dialectGiven: boolean;
  /** Seconds to wait for another run's lock. */
  readonly lockTimeout: number;
  readonly failEmpty: boolean;
  readonly replaceRestated: boolean;
  /** --partition-by: the column whose values name the sub-folders of the -o / --append folder. */
  readonly partitionBy?: string;
  /** The declared type of each column (typed formats; from the dataset's documented row shape). */
  readonly types?: Readonly<Record<string, ColumnType>>;
  /** --query, compiled: applied to the JSON the run prints (json, ndjson, api's body). */
  readonly query?: JsonQuery;
}

/** The formatter options of a plan. */
/** The file an export run keeps (--append's, or -o's with --manifest), or undefined when the rows only go out. */
export function exportTarget(plan: OutputPlan): string | undefined {
  return plan.append ?? (plan.manifest ? plan.output : undefined);
}

export function formatOptions(plan: OutputPlan, overrides: Partial<FormatOptions> = {}): FormatOptions {
  return {
    columns: plan.columns,
    selected: plan.selected,
    header: plan.header,
    color: plan.color,
    width: plan.width,
    csvSafe: plan.csvSafe,
    dialect: plan.dialect,
    fit: plan.fit,
    keys: plan.keys,
    priority: plan.priority,
    together: plan.together,
    types: plan.types,
    ...overrides,
  };
}
