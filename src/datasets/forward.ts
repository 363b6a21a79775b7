/**
 * `gpumkt forward [curve...]`: the current forward curves, GET /api/forward (docs/api-contract.md).
 * One row per curve point (the curve's `name`, then the point's fields, `provenance` flattened to
 * `provenance_<field>`), curves in the service's catalogue order and points by tenor. The route has no
 * parameters: curves and tenors are checked offline and selected here. `suppressed` curves (no mark
 * at any tenor) come only with --include-suppressed; their prices stay empty, never 0.
 */
import { defineEndpoint } from '../api/envelope.js';
import type { EnvelopeBody } from '../api/endpoint.js';
import type { Shape } from '../api/validate.js';
import { CURVE_ALIASES, FORWARD_CURVES, FORWARD_TENORS, resolveCurveList, resolveTenors } from '../domain/catalogues/forward-curves.js';
import type { Row } from '../domain/row.js';
import { flattenInto, inColumnOrder, shapeProblems } from './flat-rows.js';
import { defineDataset } from './flags.js';

/** The one point row of the table, as flattened. */
const POINT: Shape = {
  name: 'string',
  label: 'string',
  months: 'int',
  price: 'number|null',
  has_mark: 'boolean',
  as_of_date: 'datetime|null?',
  insufficient_data: 'string|null?',
  provenance_updated_at: 'datetime|null?',
  provenance_source: 'string|null?',
};

const COLUMNS = Object.keys(POINT);

// Rows of the `suppressed` list: told apart without a column of their own (the service has none).
const suppressedRows = new WeakSet<Row>();

/** The point rows of one list of curves. A curve is `{ name, points }`; a bare point (with its `name`) is taken as is. */
function pointsOf(curves: unknown, asOf: unknown, suppressed: boolean): Row[] {
  if (!Array.isArray(curves)) return [];
  const out: Row[] = [];
  for (const curve of curves as Row[]) {
    const points = Array.isArray(curve.points) ? (curve.points as Row[]) : [curve];
    for (const p of points) {
      const { provenance, ...rest } = p;
      const flat: Row = { name: p.name ?? curve.name, ...rest };
      flattenInto(flat, 'provenance', provenance);
      if (asOf !== undefined) flat.asOf = asOf;
      const row = inColumnOrder(flat, COLUMNS);
      if (suppressed) suppressedRows.add(row);
      out.push(row);
    }
  }
  return out;
}

const rank = (list: readonly string[], v: unknown): number => {
  const i = list.indexOf(String(v));
  return i < 0 ? list.length : i;
};

/** Every point of `data` and `suppressed`, by curve (catalogue order, unknown curves last) then months. */
function forwardRows(body: EnvelopeBody): Row[] {
  const rows = [...pointsOf(body.data, body.asOf, false), ...pointsOf(body.suppressed, body.asOf, true)];
  const curves: readonly string[] = FORWARD_CURVES;
  return rows.sort((a, b) => rank(curves, a.name) - rank(curves, b.name) || Number(a.months) - Number(b.months));
}

/** The curves and tenors a run keeps (none named: all). */
function selection(args: readonly string[], flags: { readonly tenor?: string }): { curves: string[]; tenors: string[] } {
  return { curves: resolveCurveList(args), tenors: resolveTenors(flags.tenor === undefined ? [] : [flags.tenor]) };
}

const forward = defineDataset({
  name: 'forward',
  summary: 'current forward curves: USD per GPU-hour at 1M, 6M, 1Y, 3Y and 5Y per GPU model',
  examples: [
    'gpumkt forward',
    'gpumkt forward h100 b300 --tenor 1Y,3Y -f csv',
    'gpumkt forward --include-suppressed -f json',
    'gpumkt forward gb200 --columns name,label,price -f tsv',
  ],
  endpoint: defineEndpoint<Record<string, never>>({
    id: 'forward',
    path: () => '/api/forward',
    query: () => ({}),
    envelope: {
      fields: { success: 'boolean?', asOf: 'datetime|null?', suppressed: 'object[]?' },
      rows: { name: 'string?', points: 'object[]?' },
    },
    rows: forwardRows,
    flatRows: POINT,
    columns: COLUMNS,
    tableColumns: ['name', 'label', 'months', 'price', 'has_mark', 'as_of_date', 'insufficient_data'],
    valueKey: 'price',
  }),
  subject: 'names',
  positional: {
    name: 'curve',
    description: "forward curves: GPU models (aliases as for other commands), B300, GB200, GB300, or 'all' (default: every curve)",
    words: [
      ...FORWARD_CURVES.map((c) => ({ value: c, description: 'forward curve' })),
      ...Object.entries(CURVE_ALIASES).map(([alias, c]) => ({ value: alias, description: `alias of ${c}` })),
      { value: 'all', description: 'every curve' },
    ],
  },
  groups: { window: false, series: false, analysis: false },
  options: [
    {
      flags: '--tenor <list>',
      description: 'only these tenors, comma-separated: 1M, 6M, 1Y, 3Y, 5Y',
      words: FORWARD_TENORS.map((t) => ({ value: t.label, description: `${t.months} months` })),
    },
    { flags: '--include-suppressed', description: 'add the curves without any mark (price empty, insufficient_data says why)' },
  ],
  fetch: { kind: 'single' },
  sort: false,
  plan: 'premium',
  validate: (flags) => void selection([], flags),
  // One request answers for every curve: names are checked here, before it, and kept by filter().
  targets: (args, flags) => {
    selection(args, flags);
    return [undefined];
  },
  params: () => ({}),
  filter: (row, args, flags) => {
    if (suppressedRows.has(row) && flags.includeSuppressed !== true) return false;
    const { curves, tenors } = selection(args, flags);
    return (curves.length === 0 || curves.includes(String(row.name))) && (tenors.length === 0 || tenors.includes(String(row.label)));
  },
  emptyHint: (_args, flags) =>
    flags.includeSuppressed === true ? undefined : 'a curve without any mark is left out; --include-suppressed lists its empty points',
  checks: (rows) => [
    ...shapeProblems(rows, POINT, (r) => `forward ${String(r.name)} ${String(r.label)}`),
    ...rows
      .filter((r) => r.price === 0 && r.has_mark !== true)
      .map((r) => `forward ${String(r.name)} ${String(r.label)}: price 0 without a mark (a gap is null, never 0)`),
  ],
  served: (body) => ({ asOf: typeof (body as { asOf?: unknown }).asOf === 'string' ? (body as { asOf: string }).asOf : null }),
  noAppend: {
    message: 'forward holds the current marks only (the service keeps no history of them): --append does not apply',
    hint: 'keep a dated snapshot instead, e.g. gpumkt forward -o "forward-$(date -u +%F).csv"',
  },
  table: { keys: ['name', 'label'], priority: ['price', 'has_mark', 'months', 'insufficient_data', 'as_of_date'] },
  glossary: [
    ['name', 'the curve: a GPU model (B300, GB200, GB300: curves only)'],
    ['label, months', 'the tenor: 1M (1), 6M (6), 1Y (12), 3Y (36), 5Y (60)'],
    ['price', 'USD per GPU-hour; empty without a mark (never 0)'],
    ['has_mark', 'true where a mark is published at this tenor'],
    ['as_of_date', 'when the mark was edited or published, UTC (empty without one)'],
    ['insufficient_data', 'why a tenor has no mark: no_observation'],
    ['provenance_*', "the mark's provenance, a column per field"],
  ],
});

export default forward;
