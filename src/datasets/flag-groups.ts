/**
 * The shared flag groups of the data commands as types (commands/options.ts declares their options;
 * these sit below it because descriptors read them). Every field is read as commander parses it.
 */

/** The output flags every data command has (-f/--format, -o, --columns, --query, the cron-export flags …). */
export interface OutputFlags {
  readonly format?: string;
  readonly output?: string;
  readonly columns?: string[];
  readonly header: boolean;
  readonly order: 'asc' | 'desc';
  readonly raw?: boolean;
  readonly csvSafe?: boolean;
  readonly strict?: boolean;
  /** Cron-grade exports (src/append): --append, --manifest, --csv-dialect, locking, --fail-empty. */
  readonly append?: string;
  readonly manifest?: boolean;
  readonly csvDialect?: 'rfc4180' | 'excel';
  readonly lockTimeout?: number;
  readonly failEmpty?: boolean;
  readonly replaceRestated?: boolean;
  /** --partition-by: write a hive-style folder (parquet). */
  readonly partitionBy?: string;
  /** --query: a JMESPath expression applied to JSON output. */
  readonly query?: string;
}

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
