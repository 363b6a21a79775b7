/**
 * The LLM-coding analytics products (docs/api-contract.md): 5 tools (claude, codex, copilot, cursor,
 * devin) × their metrics = 13 products. The service documents the tools, the count and the fields of
 * its catalogue (`id`, `label`, `category`, `kind`, `compare`, `seriesLabels`) but not the ids, so this
 * list is our offline snapshot for checking names before a request: `gpumkt coding --list` asks
 * `/api/llm-coding/products`, which is authoritative.
 */
import { resolveWords } from '../word-list.js';
import { UsageError } from '../../errors.js';
import { didYouMean } from '../suggest.js';

/** One product: a metric of one tool. `compare` products carry two series (`value`, `value2`). */
export interface CodingProduct {
  readonly id: string;
  readonly label: string;
  /** The tool the metric is about. */
  readonly category: CodingTool;
  /** `count` (events per day) or `pct` (percent, 0–100). */
  readonly kind: 'count' | 'pct';
  readonly compare: boolean;
  /** The names of the series: one, or two for compare products (value, value2). */
  readonly seriesLabels: readonly string[];
}

/** The five tools of the dictionary. */
export const CODING_TOOLS = ['claude', 'codex', 'copilot', 'cursor', 'devin'] as const;

/** One tool. */
export type CodingTool = (typeof CODING_TOOLS)[number];

const count = (id: string, label: string, category: CodingTool): CodingProduct => ({
  id,
  label,
  category,
  kind: 'count',
  compare: false,
  seriesLabels: [label],
});
const pct = (id: string, label: string, category: CodingTool): CodingProduct => ({
  id,
  label,
  category,
  kind: 'pct',
  compare: false,
  seriesLabels: [label],
});
const pair = (id: string, label: string, category: CodingTool, a: string, b: string): CodingProduct => ({
  id,
  label,
  category,
  kind: 'count',
  compare: true,
  seriesLabels: [a, b],
});

/** The 13 products, in catalogue order (by tool). */
export const CODING_PRODUCTS: readonly CodingProduct[] = [
  count('claude-commits', 'Claude Code commits', 'claude'),
  pair('claude-prs', 'Claude Code pull requests', 'claude', 'opened', 'merged'),
  pct('claude-share', 'Claude Code commit share', 'claude'),
  count('codex-commits', 'Codex commits', 'codex'),
  pair('codex-prs', 'Codex pull requests', 'codex', 'opened', 'merged'),
  pct('codex-share', 'Codex commit share', 'codex'),
  pair('copilot-prs', 'Copilot pull requests', 'copilot', 'opened', 'merged'),
  count('copilot-reviews', 'Copilot code reviews', 'copilot'),
  pct('copilot-share', 'Copilot commit share', 'copilot'),
  count('cursor-commits', 'Cursor commits', 'cursor'),
  pct('cursor-share', 'Cursor commit share', 'cursor'),
  pair('devin-prs', 'Devin pull requests', 'devin', 'opened', 'merged'),
  pct('devin-merge-rate', 'Devin merge rate', 'devin'),
];

/** The product with this exact id, or undefined. */
export function findCodingProduct(id: string): CodingProduct | undefined {
  return CODING_PRODUCTS.find((p) => p.id === id);
}

/**
 * The ids the user named, checked against the offline list (exit 2 with the closest id when one is
 * not in it), de-duplicated, in the order given (commas split, as every list does); `all` or nothing
 * names every product.
 */
export function resolveCodingProducts(args: readonly string[]): string[] {
  const ids = CODING_PRODUCTS.map((p) => p.id);
  const out = resolveWords(
    args,
    (raw) => {
      const typed = raw.toLowerCase();
      if (ids.includes(typed)) return typed;
      throw new UsageError(
        `unknown coding product '${raw}'`,
        `${didYouMean(typed, ids)}see 'gpumkt coding --list' (the service's catalogue; this list is an offline snapshot)`,
      );
    },
    ids,
  );
  return out.length === 0 ? [...ids] : out;
}
