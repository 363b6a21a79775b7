/** The declarative description of one API endpoint: how to ask, what comes back, which rows it holds. */
import type { z } from 'zod';
import type { Query, Row } from '../domain/row.js';
import type { Shape } from './validate.js';

/** The documented shape of a 200 body. Unknown fields are always kept. */
export interface EnvelopeSpec {
  /** Top-level fields besides `query` and `data`. */
  readonly fields: Shape;
  /** The optional `query` echo object of the series envelopes. */
  readonly query?: Shape;
  /** The fields of one row under `data`. */
  readonly rows: Shape;
  /** `data` may be one object instead of a list (memory with `type`): it becomes a one-row list. */
  readonly oneOrMany?: boolean;
  /**
   * Other names a row field may arrive under, mapped to the shape's name (`{ gpu_type: 'gpu_name' }`);
   * by default the pairs the data dictionary documents as one field (api/tolerant.ts FIELD_ALIASES).
   */
  readonly aliases?: Readonly<Record<string, string>>;
  /**
   * The fields rows may come grouped under, outermost first (power: `['market', 'hub']`): grouped rows
   * are read as the flat rows they stand for, each with its groups' fields (api/tolerant.ts).
   */
  readonly groupedBy?: readonly string[];
}

/** A validated body: `data` rows plus whatever else the service sent. */
export interface EnvelopeBody {
  readonly data: Row[] | Row;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly [field: string]: unknown;
}

/** One endpoint: path and query from typed params, the response schema, and how rows are read out. */
export interface Endpoint<P, B = unknown> {
  /** Short id used in logs and manifests, e.g. `history-simple`. */
  readonly id: string;
  /** The URL path, percent-encoded. */
  path(params: P): string;
  /** The query string parameters. */
  query(params: P): Query;
  /**
   * Loads the zod schema of the whole 200 body (loose objects, so unknown fields are kept): the
   * documented contract, and the source of every "not the documented shape" message.
   */
  loadSchema(): Promise<z.ZodType<B>>;
  /**
   * The fast path (validate.ts): true only for bodies the schema accepts unchanged, so they need
   * neither zod nor a copy; false sends the body to the schema.
   */
  readonly check: (body: unknown) => boolean;
  /** The documented shape the check and the schema derive from (absent on hand-built endpoints). */
  readonly envelope?: EnvelopeSpec;
  /**
   * The shape of the rows `rows()` returns when they are not `data`'s own (a nested body flattened):
   * their column types derive from it, and the dataset's checks hold each row to it.
   */
  readonly flatRows?: Shape;
  /** The rows of a validated body, in the order received. */
  rows(body: B): Row[];
  /** The field that orders rows in time, when the rows form a series. */
  readonly timeKey?: string;
  /** Every documented row field, in the spec's order: the default columns of csv/tsv. */
  readonly columns: readonly string[];
  /** A readable subset for the table view of wide rows. */
  readonly tableColumns?: readonly string[];
  /** Default numeric column for charts and summaries. */
  readonly valueKey?: string;
  /** The service's field names rows are renamed from, and their columns (`d` → `date`). */
  readonly rename?: Readonly<Record<string, string>>;
}
