/**
 * The AI labs of the token-price index (OTPI), token volume and workload cost (docs/api-contract.md).
 *
 * The ids and labels are the service's documented list (its supported-types page and data dictionary,
 * OTPI section): 11 labs, the first 4 on the free tier. This offline list is a snapshot for completion,
 * suggestions and work without a network; the service's catalogue (`/api/token-types`) is the authority,
 * and a lab it adds is learned at run time (docs/names.md). Ids are as the `lab` parameter takes them.
 */
import { resolveWords } from '../text/word-list.js';
import { UsageError } from '../../errors.js';
import { didYouMean } from '../text/suggest.js';

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
  { lab: 'minimax', label: 'MiniMax' },
  { lab: 'xiaomi', label: 'Xiaomi' },
  { lab: 'qwen', label: 'Qwen' },
  { lab: 'moonshotai', label: 'Moonshot AI' },
  { lab: 'z-ai', label: 'Z.ai' },
  { lab: 'mistralai', label: 'Mistral AI' },
  { lab: 'meta-llama', label: 'Meta Llama' },
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
