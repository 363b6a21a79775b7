/**
 * The AI labs of the token-price index (OTPI), token volume and workload cost (docs/api-contract.md).
 *
 * The service documents 11 OTPI labs (4 of them on the free tier) and names the three closed labs of
 * token volume and workload; it does not publish the other ids in the material this project follows,
 * so this offline list is our snapshot: `gpumkt labs --live` asks `/api/token-types`, which is
 * authoritative. Ids are lower-case words, as the service's `lab` parameter takes them.
 */
import { resolveWords } from '../word-list.js';
import { UsageError } from '../../errors.js';
import { didYouMean } from '../suggest.js';

/** One lab: the id the API takes and returns, and its display label. */
export interface Lab {
  readonly lab: string;
  readonly label: string;
}

/** The 11 OTPI labs, in the service's catalogue order (first the four of the free tier). */
export const LABS: readonly Lab[] = [
  { lab: 'anthropic', label: 'Anthropic' },
  { lab: 'openai', label: 'OpenAI' },
  { lab: 'google', label: 'Google' },
  { lab: 'deepseek', label: 'DeepSeek' },
  { lab: 'meta', label: 'Meta' },
  { lab: 'mistral', label: 'Mistral' },
  { lab: 'xai', label: 'xAI' },
  { lab: 'alibaba', label: 'Alibaba (Qwen)' },
  { lab: 'moonshot', label: 'Moonshot AI' },
  { lab: 'zhipu', label: 'Zhipu AI' },
  { lab: 'minimax', label: 'MiniMax' },
];

/** The four labs OTPI serves without a key (trailing month): `/api/token-types-free`. */
export const FREE_LABS: readonly string[] = ['anthropic', 'openai', 'google', 'deepseek'];

/** The closed labs of token volume and workload cost. */
export const CLOSED_LABS: readonly string[] = ['anthropic', 'openai', 'google'];

/** Workload cost's model families per closed lab (`all` is the lab's aggregate; the classes sum to it). */
export const WORKLOAD_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  anthropic: ['all', 'opus', 'sonnet', 'haiku', 'fable'],
  openai: ['all', 'flagship', 'mini', 'nano', 'pro', 'codex', 'image'],
  google: ['all', 'flash', 'pro', 'lite', 'image'],
};

/** True for an id of the offline list. */
export function isLab(id: string): boolean {
  return LABS.some((l) => l.lab === id);
}

/**
 * Resolves typed lab ids (any case, commas split, duplicates dropped, order kept) against `allowed`
 * (default: the 11 OTPI labs); one that is not there is a usage error with a suggestion.
 */
export function resolveLabList(inputs: readonly string[], allowed: readonly string[] = LABS.map((l) => l.lab), what = 'lab'): string[] {
  return resolveWords(inputs, (input) => {
    const lab = allowed.find((l) => l === input.toLowerCase());
    if (lab === undefined)
      throw new UsageError(`unknown ${what} '${input}'; ${didYouMean(input, allowed)}labs: ${allowed.join(', ')}`, "see 'gpumkt labs'");
    return lab;
  });
}
