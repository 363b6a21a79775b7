/**
 * `gpumkt coding [product...]`: LLM-coding analytics (docs/api-contract.md). No dates: the latest
 * value of each single-tool product, one GET /api/llm-coding/index?product= per product (the docs'
 * route answers one product as one object; compare products have no latest value); with --from/--to
 * the daily history per product (coding-history.ts); `--list` the service's product catalogue
 * (coding-products.ts, public). Product ids are checked against domain/coding-products.ts, our
 * snapshot of the catalogue, and then against the service's own (src/run/names.ts).
 */
import { defineEndpoint } from '../api/envelope.js';
import { CODING_PRODUCTS, resolveCodingProducts } from '../domain/catalogues/coding-products.js';
import codingHistory from './coding-history.js';
import codingProducts from './coding-products.js';
import { defineDataset } from './flags.js';
import { UsageError } from '../errors.js';

/** Parameters of one index request. */
export interface CodingIndexParams {
  readonly product: string;
}

/** A compare product (two series, history only): the offline list says, else the docs' `-vs-` pairing in its id. */
const isCompare = (id: string): boolean => CODING_PRODUCTS.find((p) => p.id === id)?.compare ?? /-vs-/.test(id);

const coding = defineDataset({
  name: 'coding',
  summary: 'LLM coding-tool analytics: latest values; --from/--to: daily history; --list: products',
  examples: [
    'gpumkt coding',
    'gpumkt coding cc-prs codex-prs',
    'gpumkt coding --list',
    'gpumkt coding cc-vs-codex cc-commits --from 90d -f csv',
    'gpumkt coding cc-prs --from 30d --append coding.csv',
  ],
  endpoint: defineEndpoint<CodingIndexParams>({
    id: 'llm-coding-index',
    path: () => '/api/llm-coding/index',
    query: (p) => ({ product: p.product }),
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
      // The docs show the index of one product (`?product=`) as one object; a list of them reads the same.
      oneOrMany: true,
    },
    columns: ['product', 'label', 'kind', 'value', 'changePct', 'date', 'updatedAt'],
    valueKey: 'value',
  }),
  subject: 'names',
  positional: {
    name: 'product',
    description: "product ids (see 'gpumkt coding --list') or 'all' (default: every single-tool product)",
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
  // One request per single-tool product; a compare product named without a window is refused before any.
  names: 'coding-products',
  targets: (args, _flags, _keyed, learned) => {
    const ids = resolveCodingProducts(
      args,
      learned?.map((e) => e.id),
    );
    const every = args.length === 0 || args.some((a) => a.toLowerCase() === 'all');
    const compare = ids.find(isCompare);
    if (!every && compare !== undefined)
      throw new UsageError(
        `${compare} is a compare product: it has no latest value, only a history`,
        `give a window, e.g. gpumkt coding ${compare} --from 30d`,
      );
    return ids.filter((id) => !isCompare(id));
  },
  params: (_flags, product) => ({ product: product as string }),
  noAppend: {
    message: 'coding without --from/--to is the latest value of each product, not a series: --append does not apply',
    hint: 'give a window for the daily history, e.g. gpumkt coding cc-prs --from 30d --append coding.csv',
  },
  glossary: [
    ['product', 'a metric of one tool (claude, codex, copilot, cursor, devin), or a compare product (cc-vs-codex)'],
    ['label', 'the product in words'],
    ['kind', 'count (events per day) or pct (percent, 0–100)'],
    ['value', "the day's value; value2: compare products' second series"],
    ['changePct', 'the move against the day before, in percent'],
    ['date, updatedAt', 'the day described, and when it was published (UTC)'],
  ],
  sync: {
    // A lake keeps the daily history (the command itself reads the latest values only).
    variant: '--from/--to',
    // The docs give no number of days ("the last few days"): a week is gpumkt's choice.
    revisit: {
      days: 7,
      why: '"merged and merge_rate for recent days continue to update as in-flight PRs land": the last 7 days are asked again (the docs say "the last few days"; a week is gpumkt\'s choice)',
    },
  },
  variants: [
    { label: '--list', when: (flags) => flags.list === true, dataset: codingProducts },
    { label: '--from/--to', when: (flags) => flags.from !== undefined || flags.to !== undefined, dataset: codingHistory },
  ],
});

export default coding;
