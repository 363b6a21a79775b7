/** Typed lists read the same way in every command: commas split, blanks dropped, order kept, each once, `all` for every entry. */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { resolveCodingProducts } from '../../../src/domain/catalogues/coding-products.js';
import { resolvePowerMarkets } from '../../../src/domain/catalogues/power.js';
import { resolveWords, typedWords } from '../../../src/domain/text/word-list.js';

const upper = (w: string): string => {
  if (!/^[a-z]+$/i.test(w)) throw new UsageError(`unknown word '${w}'`);
  return w.toUpperCase();
};

describe('typedWords', () => {
  it('splits at commas, trims, and drops empty words', () => {
    expect(typedWords(['a,b', ' c ', '', ',, d ,'])).toEqual(['a', 'b', 'c', 'd']);
    expect(typedWords([])).toEqual([]);
  });
});

describe('resolveWords', () => {
  it('keeps the typed order and each entry once', () => {
    expect(resolveWords(['b,a', 'B', 'c'], upper)).toEqual(['B', 'A', 'C']);
  });

  it('takes all (any case) for every entry, and still checks the other words', () => {
    expect(resolveWords(['c', 'ALL'], upper, ['A', 'B', 'C'])).toEqual(['C', 'A', 'B']);
    expect(() => resolveWords(['all', 'x1'], upper, ['A'])).toThrow("unknown word 'x1'");
  });

  it('without an every list, all is an ordinary word', () => {
    expect(resolveWords(['all'], upper)).toEqual(['ALL']);
  });
});

describe('the catalogues use it', () => {
  it('coding products split at commas like every other list', () => {
    expect(resolveCodingProducts(['cc-prs,codex-prs', 'cc-prs'])).toEqual(['cc-prs', 'codex-prs']);
  });

  it('power markets: all is every market, a typo after it is still an error', () => {
    expect(resolvePowerMarkets(['all']).length).toBeGreaterThan(1);
    expect(() => resolvePowerMarkets(['all', 'pjmm'])).toThrow(UsageError);
  });
});
