/**
 * The tables of the model-frontier document (GET /api/model-frontier, docs/api-contract.md), one
 * dataset each: `models` (nested `bench.*` flattened to `bench_coding`, `bench_reasoning`,
 * `bench_math`, and any other bench score to `bench_<name>`), `efforts`, `tests`, `release-dates`
 * (the `releaseDates` map as rows of name and date) and `history` (monthly, GPQA Diamond). One request
 * answers for every table; `frontier --table` picks the one printed. As for every family, a body that
 * breaks the table's documented shape is exit 6 naming the route and the field, whatever the format: a
 * table missing from the document, a string where a number belongs, a number too large for a double
 * (`1e999`).
 */
import { defineEndpoint } from '../api/envelope.js';
import type { EnvelopeBody } from '../api/endpoint.js';
import type { Shape } from '../api/validate.js';
import { InvalidResponseError } from '../errors.js';
import type { Row } from '../domain/row.js';
import type { Dataset } from './types.js';
import { shapeFaults, valueText } from './flat-rows.js';

/** The tables `--table` names. */
export const FRONTIER_TABLES = ['models', 'efforts', 'tests', 'release-dates', 'history'] as const;

/** One table. */
export type FrontierTable = (typeof FRONTIER_TABLES)[number];

/** The error of a body off the documented shape at `where` (a path under the body, e.g. `data.models.0.cap`). */
const offShape = (where: string): InvalidResponseError =>
  new InvalidResponseError(`model-frontier: the response does not have the documented shape: ${where}`);

/** The document under `data` (an object, or a one-element list of it). */
function documentOf(body: EnvelopeBody): Record<string, unknown> {
  const doc: unknown = Array.isArray(body.data) ? body.data[0] : body.data;
  if (typeof doc !== 'object' || doc === null) throw offShape('data: expected the frontier document');
  return doc as Record<string, unknown>;
}

/** The list `key` of the document (an empty list is no rows; a missing one is not the documented document). */
function listOf(body: EnvelopeBody, key: string): Row[] {
  const v = documentOf(body)[key];
  if (v === undefined || v === null) throw offShape(`data.${key}: ${v === null ? 'null' : 'missing'}, expected a list`);
  if (!Array.isArray(v)) throw offShape(`data.${key}: expected a list`);
  return v as Row[];
}

/** A model row with its nested scores flattened (`bench.coding` → `bench_coding`), other fields kept in place. */
function flattenModel(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    if (k === 'bench' && typeof v === 'object' && v !== null && !Array.isArray(v)) {
      for (const [name, score] of Object.entries(v as Record<string, unknown>)) out[`bench_${name}`] = score;
    } else out[k] = v;
  }
  return out;
}

/** The `releaseDates` map as rows, in the service's order. */
function releaseRows(body: EnvelopeBody): Row[] {
  const v = documentOf(body).releaseDates;
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw offShape(`data.releaseDates: ${v === undefined ? 'missing, ' : ''}expected an object of name → date`);
  return Object.entries(v as Record<string, unknown>).map(([name, date]) => ({ name, date }));
}

/** Where a table's row `index` and its `field` sit in the body (`bench_coding` is `bench.coding` there). */
function fieldPath(table: FrontierTable, row: Row, index: number, field: string): string {
  if (table === 'release-dates') return `data.releaseDates.${String(row.name)}`;
  const doc = table === 'models' && field.startsWith('bench_') ? `bench.${field.slice('bench_'.length)}` : field;
  return `data.${table}.${index}.${doc}`;
}

/** `rows` of `table`, each held to `shape`: the first field off it is exit 6, named by its path in the body. */
function checked(table: FrontierTable, rows: Row[], shape: Shape): Row[] {
  const fault = shapeFaults(rows, shape)[0];
  if (fault !== undefined)
    throw offShape(
      `${fieldPath(table, fault.row, fault.index, fault.field)}: ${valueText(fault.row[fault.field])}, expected ${fault.kind}`,
    );
  return rows;
}

/** What differs between the tables. */
interface TableSpec {
  readonly rows: (body: EnvelopeBody) => Row[];
  readonly shape: Shape;
  readonly timeKey?: string;
  readonly keys: readonly string[];
  /** The table view's key and the other columns by importance (default: keyed by `keys`). */
  readonly view?: { readonly keys: readonly string[]; readonly priority: readonly string[] };
  /** Meanings of this table's fields (the models table's show in the command's help). */
  readonly glossary?: ReadonlyArray<readonly [string, string]>;
}

const TABLES: Readonly<Record<FrontierTable, TableSpec>> = {
  models: {
    rows: (body) => listOf(body, 'models').map(flattenModel),
    shape: {
      slug: 'string',
      name: 'string?',
      lab: 'string?',
      cap: 'number|null?',
      tpt: 'number|null?',
      price: 'number|null?',
      pIn: 'number|null?',
      pOut: 'number|null?',
      totalTokens: 'int?',
      costPerTask: 'number|null?',
      bench_coding: 'number|null?',
      bench_reasoning: 'number|null?',
      bench_math: 'number|null?',
    },
    keys: ['slug'],
    // A reader knows a model by its name (the slug, for files and scripts, is the first to give way at a
    // terminal); cost and benchmarks are what the frontier is about, so they outlast price and tokens.
    view: {
      keys: ['name'],
      priority: [
        'cap',
        'costPerTask',
        'bench_coding',
        'bench_reasoning',
        'bench_math',
        'lab',
        'price',
        'tpt',
        'pIn',
        'pOut',
        'totalTokens',
        'slug',
      ],
    },
    glossary: [
      ['slug, name, lab', 'the model: its id, its name, its lab'],
      ['cap', 'capability, ECI points'],
      ['tpt, totalTokens', 'tokens per task; tokens in all'],
      ['price, pIn, pOut', 'USD per million tokens: blended, input, output'],
      ['costPerTask', 'USD per task: price × tpt / 1e6'],
      ['bench_*', 'benchmark scores in percent (coding, reasoning, math)'],
    ],
  },
  efforts: {
    rows: (body) => listOf(body, 'efforts'),
    shape: {
      model: 'string',
      effort: 'string',
      rank: 'int?',
      cost: 'number|null?',
      tokensEst: 'int?',
      timeSec: 'number|null?',
      speedTps: 'number|null?',
      speedMeasured: 'boolean?',
      costBasis: 'string?',
    },
    keys: ['model', 'effort'],
    glossary: [
      ['model, effort', 'the model, and its effort (minimal … max, thinking, default)'],
      ['rank, cost', 'rank 0–5; cost in USD per task'],
      ['tokensEst', 'tokens per task at that effort, estimated'],
      ['timeSec', 'time per task, seconds'],
      ['speedTps', 'output speed, tokens per second (empty: unknown)'],
      ['speedMeasured', 'true when the speed was measured, not estimated'],
      ['costBasis', 'where cost comes from: otpi or measured'],
    ],
  },
  tests: {
    rows: (body) => listOf(body, 'tests'),
    shape: { id: 'string?', name: 'string?', category: 'string?', metric: 'string?' },
    keys: ['id'],
    glossary: [
      ['id, name', 'the benchmark: its id and its name'],
      ['category, metric', 'its category, and the metric it reports'],
    ],
  },
  'release-dates': {
    rows: releaseRows,
    shape: { name: 'string', date: 'date' },
    timeKey: 'date',
    keys: ['name', 'date'],
    glossary: [['name, date', 'the model, and the day it was released']],
  },
  history: {
    rows: (body) => listOf(body, 'history'),
    shape: { date: 'date', model: 'string?', lab: 'string?', score: 'number|null?' },
    timeKey: 'date',
    keys: ['date'],
    glossary: [
      ['date', 'the month (its first day)'],
      ['model, lab', 'the model scored, and its lab'],
      ['score', 'its GPQA Diamond score, percent'],
    ],
  },
};

/** The dataset of one table (`frontier` runs `models` unless --table names another). */
export function frontierTable(
  table: FrontierTable,
  base: Pick<Dataset<Record<string, never>>, 'name' | 'summary' | 'examples' | 'options'>,
): Dataset<Record<string, never>> {
  const spec = TABLES[table];
  return {
    ...base,
    glossary: spec.glossary,
    endpoint: defineEndpoint<Record<string, never>>({
      id: 'model-frontier',
      path: () => '/api/model-frontier',
      query: () => ({}),
      // `data` is one nested document; each table declares its own row shape (flatRows).
      envelope: { fields: { success: 'boolean?' }, rows: { updatedAt: 'datetime?' }, oneOrMany: true },
      rows: (body) => checked(table, spec.rows(body), spec.shape),
      flatRows: spec.shape,
      timeKey: spec.timeKey,
      columns: Object.keys(spec.shape),
    }),
    subject: 'none',
    plan: 'premium',
    groups: { window: false, series: false, analysis: false },
    fetch: { kind: 'single' },
    sort: spec.timeKey !== undefined,
    table: spec.view ? { keys: spec.view.keys, priority: spec.view.priority } : { keys: spec.keys },
    // No rule is left to warn about: a row off its shape is already exit 6 (`checked` above). Declared
    // still, so `frontier --strict` in a script stays a valid command line.
    checks: () => [],
    params: () => ({}),
    noAppend: {
      message: 'frontier is one document, refreshed when benchmarks are: --append does not apply',
      hint: 'write a dated snapshot instead, e.g. gpumkt frontier -o frontier-$(date +%F).csv',
    },
  };
}
