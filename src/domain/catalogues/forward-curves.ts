/**
 * The forward curves of GET /api/forward (docs/api-contract.md): 9 curves (the six GPU models of the
 * price index plus B300, GB200 and GB300, which exist only as curves) at 5 tenors. Names are checked
 * offline, with the GPU models' aliases, and a name typed wrong gets a suggestion.
 */
import { resolveWords } from '../text/word-list.js';
import { UsageError } from '../../errors.js';
import { GPU_ALIASES, GPU_MODELS } from './gpus.js';
import { didYouMean } from '../text/suggest.js';

/** The 9 curves, in the service's order. */
export const FORWARD_CURVES = [...GPU_MODELS, 'B300', 'GB200', 'GB300'] as const;

/** One curve's name. */
export type ForwardCurve = (typeof FORWARD_CURVES)[number];

/** The 5 tenors: label and months. */
export const FORWARD_TENORS: ReadonlyArray<{ readonly label: string; readonly months: number }> = [
  { label: '1M', months: 1 },
  { label: '6M', months: 6 },
  { label: '1Y', months: 12 },
  { label: '3Y', months: 36 },
  { label: '5Y', months: 60 },
];

/** Short names of the curves: the GPU aliases plus the curve-only models. */
export const CURVE_ALIASES: Readonly<Record<string, ForwardCurve>> = { ...GPU_ALIASES, b300: 'B300', gb200: 'GB200', gb300: 'GB300' };

const squash = (s: string): string => s.toLowerCase().replace(/[\s_-]+/g, '');

/** Resolves one typed curve (exact, any case, or an alias) or throws a usage error with a suggestion. */
export function resolveCurve(input: string): ForwardCurve {
  const key = squash(input);
  const found = FORWARD_CURVES.find((c) => squash(c) === key) ?? CURVE_ALIASES[key];
  if (found) return found;
  const near = didYouMean(input, [...Object.keys(CURVE_ALIASES), ...FORWARD_CURVES]);
  throw new UsageError(`unknown forward curve '${input}'; ${near}curves: ${FORWARD_CURVES.join(', ')} (or 'all')`);
}

/** Resolves a list of curves (`all` is every curve; commas split; duplicates dropped, order kept). */
export function resolveCurveList(inputs: readonly string[]): ForwardCurve[] {
  return resolveWords(inputs, resolveCurve, FORWARD_CURVES);
}

/** Resolves a list of tenor labels (any case: `1y` is `1Y`) or throws a usage error with a suggestion. */
export function resolveTenors(inputs: readonly string[]): string[] {
  const labels = FORWARD_TENORS.map((t) => t.label);
  return resolveWords(inputs, (input) => {
    const label = labels.find((l) => l === input.toUpperCase());
    if (!label) throw new UsageError(`unknown tenor '${input}'; ${didYouMean(input, labels)}tenors: ${labels.join(', ')}`);
    return label;
  });
}
