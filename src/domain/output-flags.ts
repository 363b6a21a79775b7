/**
 * The output flags of the data commands as a type. It sits in domain/ because two layers read it:
 * datasets/ (its flag groups, datasets/flag-groups.ts) and append/ (the cron-export checks), which may
 * not import datasets/.
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
