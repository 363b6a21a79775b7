/** Completion of the market families' own words (bash, the committed script): labs, curves, tenors, columns. */
import { describe, expect, it } from 'vitest';
import { needs } from '../helpers/requires.js';
import { bashComplete } from './shells.js';
import { LABS } from '../../src/domain/catalogues/labs.js';

const texts = (words: string[]) => bashComplete(words).map((r) => r.text);

describe('bash completion of the market families', needs('bash'), () => {
  it('token-prices offers the labs; forward the curves and their aliases', () => {
    expect(texts(['token-prices', ''])).toEqual(LABS.map((l) => l.lab));
    expect(texts(['token-prices', 'openai', 'm'])).toEqual(['minimax', 'moonshotai', 'mistralai', 'meta-llama']);
    expect(bashComplete(['forward', 'GB']).map((r) => r.first)).toEqual(['GB200', 'GB300']);
    expect(texts(['forward', 'gb3'])).toEqual(['gb300']);
  });

  it('--tenor takes a comma list of the 5 tenors; --columns the flattened columns', () => {
    expect(texts(['forward', '--tenor', ''])).toEqual(['1M', '6M', '1Y', '3Y', '5Y']);
    expect(texts(['forward', '--tenor', '1Y,3'])).toEqual(['1Y,3Y']);
    expect(texts(['forward', '--columns', 'provenance_'])).toEqual(['provenance_updated_at', 'provenance_source']);
    expect(texts(['token-volume', '--columns', 'date,lab,total'])).toEqual(['date,lab,totalTokens', 'date,lab,totalGrowthIndex']);
  });

  it('labs offers --free and --live', () => {
    expect(texts(['labs', '--'])).toEqual(expect.arrayContaining(['--free', '--live', '--format']));
  });
});
