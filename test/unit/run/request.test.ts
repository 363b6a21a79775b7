/**
 * A request names the descriptor that runs: a variant by its label, the command itself (`null`), or,
 * left out, the one its options and the key select as on the command line. The descriptors read the
 * request's flags (flagsOf), the options it leaves out at their defaults.
 */
import { describe, expect, it } from 'vitest';
import { DATASETS, type AnyDataset } from '../../../src/datasets/index.js';
import { flagsOf, type RunRequest } from '../../../src/run/request.js';
import { datasetOf } from '../../../src/run/targets.js';

const byName = (name: string): AnyDataset => DATASETS.find((d) => d.name === name) as AnyDataset;
const history = byName('history');
const variant = (label: string): AnyDataset => history.variants?.find((v) => v.label === label)?.dataset as AnyDataset;

function request(over: Partial<RunRequest>): RunRequest {
  return { dataset: history, targets: ['h100'], output: { header: true, order: 'asc' }, options: {}, ...over };
}

describe('the dataset a request runs', () => {
  it('is the variant it names, whatever its options and the key say', () => {
    const r = request({ variant: 'without a key' });
    expect(datasetOf(r, flagsOf(r), true)).toBe(variant('without a key'));
  });

  it('is the command itself for null, even where its options would select a variant', () => {
    const r = request({ variant: null, options: { at: '2026-11-01' } });
    expect(datasetOf(r, flagsOf(r), false)).toBe(history);
  });

  it('left out, is the one its options and the key select, as on the command line', () => {
    const at = request({ options: { at: '2026-11-01' } });
    expect(datasetOf(at, flagsOf(at), true)).toBe(variant('--at <time>'));
    const keyless = request({});
    expect(datasetOf(keyless, flagsOf(keyless), false)).toBe(variant('without a key'));
    expect(datasetOf(keyless, flagsOf(keyless), true)).toBe(history);
  });

  it('refuses a label the command has not', () => {
    const r = request({ variant: '--nope' });
    expect(() => datasetOf(r, flagsOf(r), true)).toThrow("history has no variant '--nope'");
  });
});

describe('flagsOf', () => {
  it('gives the descriptor its groups and options in one object, options left out at their defaults', () => {
    const util = byName('util-index');
    const flags = flagsOf({
      dataset: util,
      targets: [],
      window: { from: '2026-10-01' },
      grain: 'daily',
      output: { header: false, order: 'desc', format: 'csv' },
      export: { append: 'u.csv' },
      options: { gpu: ['h100'] },
    });
    expect(flags).toEqual({
      from: '2026-10-01',
      granularity: 'daily',
      header: false,
      order: 'desc',
      format: 'csv',
      append: 'u.csv',
      gpu: ['h100'],
      region: 'global',
    });
  });
});
