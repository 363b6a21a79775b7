/**
 * `gpumkt coding --from/--to`: the daily history of each product, one GET /api/llm-coding/history per
 * product (docs/api-contract.md). Rows come oldest first under the product the body names; compare
 * products carry both series (`value`, `value2`). The limit covers every day of the window, so the
 * service's default of 2000 never cuts it. Appendable: rows are keyed by product and date.
 */
import { defineEndpoint } from '../api/envelope.js';
import { daysBetween } from '../domain/time/dates.js';
import { CODING_PRODUCTS, resolveCodingProducts } from '../domain/catalogues/coding-products.js';
import type { Row } from '../domain/row.js';
import { defineDataset } from './flags.js';
import { shapeProblems } from './flat-rows.js';

/** The rows as printed: the body's `product` on each day of its `data`. */
const ROW = { date: 'date', product: 'string', value: 'number|null', value2: 'number|null?' } as const;

/** Parameters of one history request. */
export interface CodingHistoryParams {
  readonly product: string;
  readonly from: string;
  readonly to: string;
  readonly limit: number;
}

const codingHistory = defineDataset({
  name: 'coding',
  summary: 'daily LLM coding-tool analytics per product, oldest first',
  glossary: [
    ['date', 'the day (UTC) described'],
    ['product', 'a metric of one tool (gpumkt coding --list)'],
    ['value', 'the day’s value (kind: count or pct)'],
    ['value2', 'compare products: the second series'],
  ],
  examples: [],
  endpoint: defineEndpoint<CodingHistoryParams>({
    id: 'llm-coding-history',
    path: () => '/api/llm-coding/history',
    query: (p) => ({ product: p.product, startDate: p.from, endDate: p.to, limit: String(p.limit) }),
    envelope: {
      fields: { success: 'boolean?', product: 'string', compare: 'boolean?', seriesLabels: 'string[]|null?', count: 'uint?' },
      rows: { date: 'date', value: 'number|null', value2: 'number|null?' },
    },
    // Each row is named by the product of its body (unknown fields kept after the documented ones).
    rows: (body) => (Array.isArray(body.data) ? body.data : [body.data]).map((r: Row) => ({ date: r.date, product: body.product, ...r })),
    flatRows: ROW,
    timeKey: 'date',
    columns: ['date', 'product', 'value', 'value2'],
    valueKey: 'value',
  }),
  subject: 'names',
  groups: { window: true, series: false, analysis: true },
  publishes: 'a day publishes within about 24 hours of its end (UTC), and recent days keep changing',
  fetch: { kind: 'single' },
  sort: true,
  targetColumn: 'product',
  // A chart of counts (tens of thousands) and percentages (0–100) on one axis flattens the percentages.
  chartUnits: { noun: 'products', of: (id) => CODING_PRODUCTS.find((p) => p.id === id)?.kind },
  plan: 'premium',
  checks: (rows) => shapeProblems(rows, ROW, (r) => `coding ${String(r.product)} ${String(r.date)}`),
  names: 'coding-products',
  targets: (args, _flags, _keyed, learned) =>
    resolveCodingProducts(
      args,
      learned?.map((e) => e.id),
    ),
  params: (_flags, product, window) => ({
    product: product as string,
    from: window?.from ?? '',
    to: window?.to ?? '',
    limit: window ? daysBetween(window.from, window.to) + 1 : 2000,
  }),
});

export default codingHistory;
