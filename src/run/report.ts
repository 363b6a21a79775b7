/**
 * What a run answers (runDataset, runner.ts): the requests it planned or sent, as data, the window they
 * covered, the rows it wrote, and what the append merge made of them. The command line prints from it
 * (--dry-run's curl lines); sync plans from it (a `planOnly` run) and never reads printed text.
 */
import type { Endpoint } from '../api/endpoint.js';
import type { Query } from '../domain/row.js';
import type { DateWindow } from '../domain/time/dates.js';
import type { MergeOutcome, RestatedRow } from '../append/merge.js';

export type { MergeOutcome, RestatedRow };

/** One request of a run: its endpoint, URL path and query, and the descriptor's parameters they come from. */
export interface PlannedRequest {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each descriptor's endpoint has its own parameter type; the report only passes them back
  readonly endpoint: Endpoint<any>;
  /** The URL path (percent-encoded), as sent. */
  readonly path: string;
  /** The query parameters, as sent (undefined values are left out of the URL). */
  readonly query: Query;
  /** The descriptor's parameters the path and query were built from. */
  readonly params: unknown;
}

/** What one run did (or, `planOnly` and --dry-run, would do). */
export interface RunReport {
  /** The descriptor that ran: the command's, or the variant the request selected. */
  readonly dataset: string;
  /**
   * The requests: planned (`sent` false: a `planOnly` run or --dry-run), or sent, in the order they
   * went out. A paged listing plans its first page; its further pages are known only as they arrive.
   */
  readonly requests: readonly PlannedRequest[];
  readonly sent: boolean;
  /** The window the requests covered: the one asked, narrowed by an append to what is new plus the overlap. */
  readonly window?: DateWindow;
  /** Rows written or printed (undefined when none were: a plan, --raw, an analysis view). */
  readonly rows?: number;
  /** What the append merge did, when the rows were merged into a file that held rows. */
  readonly merge?: MergeOutcome;
}
