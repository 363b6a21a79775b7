/**
 * `gpumkt coding [product...]`: LLM-coding analytics (docs/api-contract.md). No dates: the latest
 * value of every product, GET /api/llm-coding/index (one request; named products are kept from its
 * rows); with --from/--to the daily history per product (coding-history.ts); `--list` the service's
 * product catalogue (coding-products.ts, public). Product ids are checked offline against
 * domain/coding-products.ts, our snapshot of the catalogue.
 */
import { defineEndpoint } from '../api/envelope.js';
import { CODING_PRODUCTS, resolveCodingProducts } from '../domain/catalogues/coding-products.js';
import codingHistory from './coding-history.js';
import codingProducts from './coding-products.js';
import { defineDataset } from './flags.js';

/** The products a run names (all when none), offline-checked. */
const named = (args: readonly string[]): string[] => resolveCodingProducts(args);

const coding = defineDataset({
  name: 'coding',
  summary: 'LLM coding-tool analytics: latest values; --from/--to: daily history; --list: products',
  examples: [
    'gpumkt coding',
    'gpumkt coding claude-prs codex-prs',
    'gpumkt coding --list',
    'gpumkt coding claude-commits cursor-commits --from 90d -f csv',
    'gpumkt coding claude-prs --from 30d --append coding.csv',
  ],
  endpoint: defineEndpoint<Record<string, never>>({
    id: 'llm-coding-index',
    path: () => '/api/llm-coding/index',
    query: () => ({}),
    envelope: {
      fields: { success: 'boolean?', count: 'uint?' },
      rows: {
        product: 'string',
        label: 'string?',
        kind: 'string?',
        value: 'number|null',
        changePct: 'number|null?',
        date: 'date?',
        updatedAt: 'datetime?',
      },
    },
    columns: ['product', 'label', 'kind', 'value', 'changePct', 'date', 'updatedAt'],
    valueKey: 'value',
  }),
  subject: 'names',
  positional: {
    name: 'product',
    description: "product ids (see 'gpumkt coding --list') or 'all' (default: every product)",
    words: CODING_PRODUCTS.map((p) => ({ value: p.id, description: `${p.label} (${p.kind}${p.compare ? ', compare' : ''})` })),
  },
  // --from/--to are declared here for the history variant; the index itself has no window.
  groups: { window: true, series: false, analysis: true },
  options: [{ flags: '--list', description: "the service's product catalogue (GET /api/llm-coding/products, no key needed)" }],
  fetch: { kind: 'single' },
  sort: false,
  targetColumn: 'product',
  plan: 'premium',
  table: { keys: ['product'], priority: ['value', 'changePct', 'date', 'kind', 'label', 'updatedAt'] },
  // One request answers for every product; the named ones are kept (checked offline first).
  targets: (args) => {
    named(args);
    return [undefined];
  },
  filter: (row, args) => args.length === 0 || named(args).includes(String(row.product)),
  params: () => ({}),
  noAppend: {
    message: 'coding without --from/--to is the latest value of each product, not a series: --append does not apply',
    hint: 'give a window for the daily history, e.g. gpumkt coding claude-prs --from 30d --append coding.csv',
  },
  glossary: [
    ['product', 'a metric of one tool: claude, codex, copilot, cursor, devin'],
    ['label', 'the product in words'],
    ['kind', 'count (events per day) or pct (percent, 0–100)'],
    ['value', "the day's value; value2: compare products' second series"],
    ['changePct', 'the move against the day before, in percent'],
    ['date, updatedAt', 'the day described, and when it was published (UTC)'],
  ],
  variants: [
    { label: '--list', when: (flags) => flags.list === true, dataset: codingProducts },
    { label: '--from/--to', when: (flags) => flags.from !== undefined || flags.to !== undefined, dataset: codingHistory },
  ],
});

export default coding;
