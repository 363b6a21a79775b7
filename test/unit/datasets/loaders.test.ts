/**
 * A data command's run loads its own descriptor only (src/datasets/loaders.ts), the rest of the time
 * the registry is src/datasets/index.ts: the two must name the same datasets, in the same order, and
 * hand out the same descriptors. And a run names what it declares: the data command alone, or every
 * command for any other first word.
 */
import { describe, expect, it } from 'vitest';
import { DATASETS } from '../../../src/datasets/index.js';
import { DATASET_NAMES, loadDataset } from '../../../src/datasets/loaders.js';
import { COMMANDS } from '../../../src/commands/all.js';
import { commandsFor } from '../../../src/commands/index.js';
import { declaredProgram } from '../../helpers/cli.js';

describe('the lazily loaded dataset registry', () => {
  it('names the registry’s datasets in help order', () => {
    expect(DATASET_NAMES).toEqual(DATASETS.map((d) => d.name));
  });

  it.each(DATASETS.map((d) => [d.name, d] as const))('%s: loads the descriptor the registry holds', async (name, ds) => {
    expect(await loadDataset(name)).toBe(ds);
  });

  it('knows no other name', async () => {
    for (const name of [undefined, '', 'sync', 'help', 'History', 'constructor', '__proto__', 'memory-history'])
      expect(await loadDataset(name)).toBeUndefined();
  });
});

describe('the commands a run declares', () => {
  it('a data command alone, when the first word names one', async () => {
    const makers = await commandsFor('token-prices');
    expect(makers).toHaveLength(1);
    const declared = declaredProgram().commands.find((c) => c.name() === 'token-prices');
    const cmd = (makers[0] as (typeof makers)[number])({} as never);
    expect(cmd.name()).toBe('token-prices');
    expect(cmd.options.map((o) => o.flags)).toEqual(declared?.options.map((o) => o.flags));
  });

  it.each([undefined, 'sync', 'help', '--sandbox', 'histroy', 'memory-history'])('every command for %s', async (first) => {
    expect(await commandsFor(first)).toBe(COMMANDS);
  });
});
