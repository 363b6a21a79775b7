/**
 * The LLM-coding analytics products: the service's documented list (its LLM Coding Analytics guide,
 * Products table; the data dictionary counts 13): a tool crossed with a metric (PRs opened, commits,
 * merge rate), plus two compare products (`cc-vs-codex`, `cc-vs-codex-merge`) carrying two series.
 * This offline list is a snapshot for completion, suggestions and work without a network; the
 * service's catalogue (`/api/llm-coding/products`) is the authority, and a product it adds is learned
 * at run time (docs/names.md).
 */
import { resolveWords } from '../text/word-list.js';
import { UsageError } from '../../errors.js';
import { didYouMean } from '../text/suggest.js';

/** One product, with the fields of the service's catalogue rows. */
export interface CodingProduct {
  readonly id: string;
  readonly label: string;
  /** The metric: `prs` (documented), `commits` or `merge` (the docs show only `prs`; named after the ids). */
  readonly category: CodingMetric;
  /** `count` (events per day) or `pct` (percent, 0–100). */
  readonly kind: 'count' | 'pct';
  readonly compare: boolean;
  /** The names of value and value2 on a compare product; null on a single-tool product, as the service sends it. */
  readonly seriesLabels: readonly string[] | null;
}

/** The five tools of the dictionary. */
export const CODING_TOOLS = ['claude', 'codex', 'copilot', 'cursor', 'devin'] as const;

/** One tool. */
export type CodingTool = (typeof CODING_TOOLS)[number];

/** The three metrics a product reads. */
export type CodingMetric = 'prs' | 'commits' | 'merge';

const one = (id: string, label: string, category: CodingMetric): CodingProduct => ({
  id,
  label,
  category,
  kind: category === 'merge' ? 'pct' : 'count',
  compare: false,
  seriesLabels: null,
});
const pair = (id: string, label: string, category: CodingMetric, a: string, b: string): CodingProduct => ({
  ...one(id, label, category),
  compare: true,
  seriesLabels: [a, b],
});

/** The 13 products, in the docs' order. */
export const CODING_PRODUCTS: readonly CodingProduct[] = [
  one('cc-prs', 'Claude PRs', 'prs'),
  one('codex-prs', 'Codex PRs', 'prs'),
  one('copilot-prs', 'Copilot PRs', 'prs'),
  one('cursor-prs', 'Cursor PRs', 'prs'),
  one('devin-prs', 'Devin PRs', 'prs'),
  one('cc-commits', 'Claude Commits', 'commits'),
  one('cc-merge', 'Claude Merge', 'merge'),
  one('codex-merge', 'Codex Merge', 'merge'),
  one('copilot-merge', 'Copilot Merge', 'merge'),
  one('cursor-merge', 'Cursor Merge', 'merge'),
  one('devin-merge', 'Devin Merge', 'merge'),
  pair('cc-vs-codex', 'Claude vs Codex', 'prs', 'Claude PRs', 'Codex PRs'),
  // The docs give this pair's series labels only for cc-vs-codex; these follow the single products' labels.
  pair('cc-vs-codex-merge', 'Claude vs Codex Merge', 'merge', 'Claude Merge', 'Codex Merge'),
];

/** The product with this exact id, or undefined. */
export function findCodingProduct(id: string): CodingProduct | undefined {
  return CODING_PRODUCTS.find((p) => p.id === id);
}

/**
 * The ids the user named, checked against the offline list and the ids `learned` from the service's
 * catalogue (exit 2 with the closest id when one is in neither), de-duplicated, in the order given
 * (commas split, as every list does); `all` or nothing names every product.
 */
export function resolveCodingProducts(args: readonly string[], learned: readonly string[] = []): string[] {
  const ids = [...new Set([...CODING_PRODUCTS.map((p) => p.id), ...learned])];
  const out = resolveWords(
    args,
    (raw) => {
      const typed = raw.toLowerCase();
      if (ids.includes(typed)) return typed;
      throw new UsageError(`unknown coding product '${raw}'`, `${didYouMean(typed, ids)}see 'gpumkt coding --list'`);
    },
    ids,
  );
  return out.length === 0 ? [...ids] : out;
}
