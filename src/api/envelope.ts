/**
 * Response shapes declared once. A dataset describes its body as an envelope (top-level fields, an
 * optional `query` echo, and the rows under `data`) in the small vocabulary of validate.ts; the fast
 * check and the zod schema (shape-schema.ts, loaded only when a body fails the fast check) are both
 * derived from that one declaration, so they cannot drift apart.
 */
import type { Endpoint, EnvelopeBody, EnvelopeSpec } from './endpoint.js';

import type { Query, Row } from '../domain/row.js';
import { arrayCheck, envelopeCheck, objectCheck, type Check, type Shape } from './validate.js';

/** Compiles the fast check of an envelope. */
export function envelopeCheckOf(spec: EnvelopeSpec): Check {
  const row = objectCheck(spec.rows);
  const rows = arrayCheck(row);
  return envelopeCheck(spec.fields, {
    ...(spec.query ? { query: { check: objectCheck(spec.query), optional: true } } : {}),
    data: { check: spec.oneOrMany ? (d) => (Array.isArray(d) ? rows(d) : row(d)) : rows },
  });
}

/** What a dataset says about its endpoint; defineEndpoint derives the rest. */
export interface EndpointSpec<P> {
  readonly id: string;
  /** The URL path, percent-encoded. */
  readonly path: (params: P) => string;
  readonly query: (params: P) => Query;
  readonly envelope: EnvelopeSpec;
  readonly timeKey?: string;
  /** Every documented row field, in the service's order: the default columns of csv/tsv. */
  readonly columns: readonly string[];
  /** A readable subset for the table view of wide rows. */
  readonly tableColumns?: readonly string[];
  /** Default numeric column for charts and summaries. */
  readonly valueKey?: string;
  /**
   * The flat rows of a validated body, when they are not simply `data` (a list, or one object): e.g.
   * forward curves' points, one row each, or one table of a nested document. Unknown fields are kept.
   */
  readonly rows?: (body: EnvelopeBody) => Row[];
  /** The shape of those flattened rows (Parquet types and row checks derive from it). */
  readonly flatRows?: Shape;
  /**
   * The service's short field names and the column each becomes (`d` → `date`): rows are renamed as
   * they are read, the declared types follow the new names, and --columns accepts either name.
   */
  readonly rename?: Readonly<Record<string, string>>;
}

/** A copy of `row` with the fields of `names` renamed (others kept, in their order). */
function renameFields(row: Row, names: Readonly<Record<string, string>>): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[Object.hasOwn(names, k) ? (names[k] as string) : k] = v;
  return out;
}

/**
 * Builds an endpoint from its declaration. The check is compiled on first use, so declaring datasets
 * costs nothing at start-up.
 */
export function defineEndpoint<P>(spec: EndpointSpec<P>): Endpoint<P, EnvelopeBody> {
  let compiled: Check | undefined;
  const read = (body: EnvelopeBody): Row[] => (spec.rows ? spec.rows(body) : Array.isArray(body.data) ? body.data : [body.data]);
  const { rename } = spec;
  return {
    id: spec.id,
    path: spec.path,
    query: spec.query,
    envelope: spec.envelope,
    loadSchema: async () => (await import('./shape-schema.js')).envelopeSchema(spec.envelope) as never,
    check: (body) => (compiled ??= envelopeCheckOf(spec.envelope))(body),
    rows: rename ? (body) => read(body).map((r) => renameFields(r, rename)) : read,
    flatRows: spec.flatRows,
    rename,
    timeKey: spec.timeKey,
    columns: spec.columns,
    tableColumns: spec.tableColumns,
    valueKey: spec.valueKey,
  };
}
