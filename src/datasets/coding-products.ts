/**
 * `gpumkt coding --list`: the service's product catalogue, GET /api/llm-coding/products (public; the
 * offline list in domain/coding-products.ts is our snapshot of it).
 */
import { defineEndpoint } from '../api/envelope.js';
import { UsageError } from '../errors.js';
import { defineDataset } from './flags.js';

const codingProducts = defineDataset({
  name: 'coding',
  summary: 'the LLM-coding product catalogue',
  glossary: [
    ['id', 'the product: a metric of one tool (gpumkt coding <id>)'],
    ['label', 'its name in words'],
    ['category', 'the metric: prs, commits or merge'],
    ['kind', 'count (events per day) or pct (percent, 0–100)'],
    ['compare', 'true when a second series (value2) is published'],
    ['seriesLabels', 'compare products: the names of value and value2 (none on a single-tool product)'],
  ],
  examples: [],
  endpoint: defineEndpoint<Record<string, never>>({
    id: 'llm-coding-products',
    path: () => '/api/llm-coding/products',
    query: () => ({}),
    envelope: {
      fields: { success: 'boolean?', count: 'uint?' },
      rows: { id: 'string', label: 'string?', category: 'string?', kind: 'string?', compare: 'boolean?', seriesLabels: 'string[]|null?' },
    },
    columns: ['id', 'label', 'category', 'kind', 'compare', 'seriesLabels'],
  }),
  subject: 'none',
  groups: { window: false, series: false, analysis: false },
  fetch: { kind: 'single' },
  sort: false,
  plan: 'free',
  table: { keys: ['id'], priority: ['kind', 'compare', 'label', 'category', 'seriesLabels'] },
  targets: (args) => {
    if (args.length > 0)
      throw new UsageError('coding --list lists every product; it takes no product names', "drop --list to read products' values");
    return [undefined];
  },
  params: () => ({}),
  noAppend: { message: 'coding --list is the product catalogue, not a series: --append does not apply' },
});

export default codingProducts;
