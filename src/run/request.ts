/** The typed requests the commands hand to the runner: flags as parsed, nothing done yet. */
import type { ExportFlags } from '../append/flags.js';

/** The output flags as commander hands them over. */
export interface OutputFlags extends ExportFlags {
  format?: string;
  output?: string;
  columns?: string[];
  header: boolean;
  order: 'asc' | 'desc';
  raw?: boolean;
  csvSafe?: boolean;
  strict?: boolean;
  /** Cron-grade exports (src/append): --append, --manifest, --csv-dialect, locking, --fail-empty. */
  append?: string;
  manifest?: boolean;
  csvDialect?: 'rfc4180' | 'excel';
  lockTimeout?: number;
  failEmpty?: boolean;
  replaceRestated?: boolean;
  /** --partition-by: write a hive-style folder (parquet). */
  partitionBy?: string;
  /** --query: a JMESPath expression applied to JSON output. */
  query?: string;
}

/** The window flags. */
export interface WindowFlags {
  from?: string;
  to?: string;
}

/** The series flags (history, volume, range). */
export interface SeriesFlags extends OutputFlags, WindowFlags {
  granularity: 'daily' | 'hourly' | 'auto';
  limit: number | 'all';
}

/** The analysis flags of the series commands and util-index (--wide, --y, --stats, --spark). */
export interface AnalysisFlags {
  wide?: boolean;
  y?: string;
  stats?: boolean;
  spark?: boolean;
}
