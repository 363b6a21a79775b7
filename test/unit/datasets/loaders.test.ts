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
import { VALUED_GLOBALS } from '../../../src/commands/command-word.js';
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
  it('a data command alone, when the command word names one', async () => {
    const makers = await commandsFor(['token-prices']);
    expect(makers).toHaveLength(1);
    const declared = declaredProgram().commands.find((c) => c.name() === 'token-prices');
    const cmd = (makers[0] as (typeof makers)[number])({} as never);
    expect(cmd.name()).toBe('token-prices');
    expect(cmd.options.map((o) => o.flags)).toEqual(declared?.options.map((o) => o.flags));
  });

  it.each([
    [['-q', 'history', 'h100'], 'history'],
    [['--profile', 'history', 'latest', '-f', 'csv'], 'latest'],
    [['--base-url=http://127.0.0.1:1', '--sandbox', '--timeout', '5', 'token-prices'], 'token-prices'],
    [['--no-color', 'util-index', '--help'], 'util-index'],
  ])('after the global flags: %j declares %s alone', async (argv, name) => {
    const makers = await commandsFor(argv);
    expect(makers.map((m) => m({} as never).name())).toEqual([name]);
  });

  it.each([
    [[]],
    [['sync']],
    [['help', 'history']],
    [['--sandbox']],
    [['histroy']],
    [['memory-history']],
    [['-h', 'history']],
    [['--help', 'latest']],
    [['--', 'history']],
  ])('every command for %j', async (argv) => {
    expect(await commandsFor(argv)).toBe(COMMANDS);
  });

  it('knows every global flag that takes a value (its value is not the command word)', () => {
    const valued = declaredProgram()
      .options.filter((o) => o.required || o.optional)
      .map((o) => o.long);
    expect([...VALUED_GLOBALS].sort()).toEqual(valued.sort());
  });
});
