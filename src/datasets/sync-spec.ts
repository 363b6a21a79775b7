/** How a dataset is kept in a sync lake (its descriptor's optional `sync` field; docs/sync.md). */
import type { OutputFlags } from './flag-groups.js';

/**
 * How `gpumkt sync` keeps a dataset in a lake (docs/sync.md). Left out, everything is derived: a
 * dataset with a time field that appends is a `series`, anything else a `snapshot` (a command whose
 * history is such a series names that variant, `variant`, as memory does); the partition column is `gpu` for
 * per-model rows, else the target column, else none; the arguments ask for every model or target.
 */
export interface SyncSpec<F = OutputFlags> {
  /** Leave the dataset out of the lake. */
  readonly skip?: boolean;
  /**
   * The variant a sync runs instead of the command, by its label (memory: `--from/--to`, its daily
   * history, since the command itself is a snapshot); default: the command, or the variant a run
   * without a key selects (history's public series).
   */
  readonly variant?: string;
  /** Its folder in the lake (default: the command name). */
  readonly name?: string;
  /** `series`: kept current by the append merge; `snapshot`: one dated copy per day (`snapshot_date=`). */
  readonly kind?: 'series' | 'snapshot';
  /** The hive partition column of a series (a column of its rows), or null for one file. */
  readonly partition?: string | null;
  /** The positional arguments of a sync run (default: `all` for a GPU list, none otherwise). */
  readonly args?: readonly string[];
  /** The descriptor's own options of a sync run (e.g. `{ gpu: ['all'] }`); the others take their defaults. */
  readonly flags?: Partial<F>;
  /** How far back a first sync reaches without --from (a date or a span such as `90d`; default 1y). */
  readonly from?: string;
  /** The trailing days the service is known to revise, asked again by every sync (src/datasets/revisit.ts; default: the provisional day). */
  readonly revisit?: Revisit;
}

/** Days a series' service is known to revise after it first published them: a sync asks for them again, so revisions are seen. */
export interface Revisit {
  /** Days before today asked again (1: yesterday and today), or `all`: every day the lake holds. */
  readonly days: number | 'all';
  /** Why, in the service's own words (docs/point-in-time.md lists each dataset's). */
  readonly why: string;
}
