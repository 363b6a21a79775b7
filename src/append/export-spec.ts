/**
 * The types an export is driven by (export-run.ts): what the pipeline tells it about its rows, and
 * what it hands back while the run is in progress.
 */
import type { Row } from '../domain/row.js';
import type { DateWindow } from '../domain/time/dates.js';
import type { KeyColumns } from './key-columns.js';
import type { MergeOutcome } from './merge.js';

/** What the pipeline tells the export about its rows. */
export interface ExportSpec {
  /** The command name, for the manifest. */
  readonly command: string;
  readonly timeKey: string;
  /** Days before the file's last day to request again (util-index: so the first new row keeps its decomposition). */
  readonly overlapDays: number;
  /** Rows whose values depend on where the request window starts (util-index's `no_prior_day` first row): never taken as restated. */
  readonly windowDependent?: (row: Row) => boolean;
  /** Typed formats: the request record (the run's secrets are masked in it again when it is written). */
  readonly request?: unknown;
  /** The column(s) that tell rows of the same time apart (default `gpu`; memory history: `id`; workload: lab and family). */
  readonly keyColumn?: KeyColumns;
  /** The grain this run asks for (series datasets): a file keeps the grain it was created with. */
  readonly grain?: string;
  /** The models' order within one time, for inserting late rows. */
  readonly gpuOrder?: readonly string[];
  /**
   * The names the service lists for a key column (memory history: `id`; token-prices: `lab`): resolves
   * to those of `values` it does not list (none when it could not be asked). A held row with one is refused.
   */
  readonly keyNames?: { readonly column: string; unlisted(values: readonly string[]): Promise<string[]> };
  /** What the responses said about themselves (forward: `asOf`), read when the manifest is written. */
  readonly served?: () => Readonly<Record<string, string | null>>;
}

/** An export in progress. */
export interface ExportRun {
  /** The window to request: from the file's last day (less the overlap) to the run's end. */
  window(requested: DateWindow): DateWindow;
  /**
   * Writes the rows (sorted oldest first) and the manifest; `grain` is the grain the service served.
   * Resolves to the merge's outcome when the rows were merged into held ones (undefined: written whole).
   */
  write(rows: readonly Row[], grain?: string): Promise<MergeOutcome | undefined>;
  /** The file's whole range (its first day to the run's end), when it exists: what a full export would ask. */
  wholeRange(requested: DateWindow): DateWindow | undefined;
  /** The file's values of `column` in the overlap region, by row key (csv/tsv/ndjson text as written). */
  regionValues(column: string): Map<string, string>;
}
