/**
 * The one conversion of commander's parsed object into a RunRequest: every option lands in the group
 * that declared it (window, grain and limit, analysis, output, export, the descriptor's own options),
 * and the flags the descriptors read back from the request (flagsOf) are exactly what commander parsed,
 * for every data command: nothing lost, nothing moved, nothing added.
 */
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import type { Context } from '../../../src/context.js';
import { DATASETS, type AnyDataset } from '../../../src/datasets/index.js';
import { datasetCommand } from '../../../src/commands/dataset-command.js';
import { runRequest } from '../../../src/commands/run-request.js';
import { flagsOf, type RunRequest } from '../../../src/run/request.js';

const byName = (name: string): AnyDataset => DATASETS.find((d) => d.name === name) as AnyDataset;

/** Commander's parsed object and positional arguments of `<name> argv…`, the command's action not run. */
async function parsed(ds: AnyDataset, argv: readonly string[]): Promise<{ opts: Record<string, unknown>; args: string[] }> {
  // The context is only read when the action runs, and the action is replaced below.
  const cmd: Command = datasetCommand({} as Context, ds).exitOverride();
  let args: string[] = [];
  cmd.action((...params: unknown[]) => {
    args = Array.isArray(params[0]) ? (params[0] as string[]) : [];
  });
  await cmd.parseAsync([...argv], { from: 'user' });
  return { opts: cmd.opts(), args };
}

/** The request of `<name> argv…` as the command builds it. */
async function requestOf(name: string, argv: readonly string[]): Promise<RunRequest> {
  const ds = byName(name);
  const { opts, args } = await parsed(ds, argv);
  return runRequest(ds, args, opts);
}

describe('runRequest: commander object → RunRequest', () => {
  it('puts each option of a series export in its group', async () => {
    const r = await requestOf('history', [
      'h100',
      'b200',
      '--from',
      '30d',
      '--settled',
      '--granularity',
      'daily',
      '--append',
      'x.csv',
      '--replace-restated',
      '--lock-timeout',
      '5',
      '--columns',
      'date,price',
      '--stats',
    ]);
    expect(r).toMatchObject({
      dataset: byName('history'),
      targets: ['h100', 'b200'],
      window: { from: '30d', settled: true },
      grain: 'daily',
      limit: 'all',
      analysis: { stats: true },
      export: { append: 'x.csv', replaceRestated: true, lockTimeout: 5 },
      options: {},
    });
    expect(r.output).toEqual({ columns: ['date', 'price'], header: true, order: 'asc' });
    // The variant is left to the runner: it depends on whether a key is at hand.
    expect(r.variant).toBeUndefined();
  });

  it("keeps the descriptor's own options, defaults included, apart from the shared groups", async () => {
    const r = await requestOf('util-index', ['--gpu', 'h100', '--gpu', 'b200', '--base-date', '2026-01-01', '-f', 'json']);
    expect(r.options).toEqual({ gpu: ['h100', 'b200'], region: 'global', baseDate: '2026-01-01' });
    expect(r.output).toEqual({ format: 'json', header: true, order: 'asc' });
    expect(r.targets).toEqual([]);
    expect(r.export).toBeUndefined();
  });

  it('gives a command without flags only the defaults commander fills in', async () => {
    const r = await requestOf('memory', []);
    expect(r).toMatchObject({ targets: [], window: undefined, analysis: undefined, export: undefined });
    expect(r.output).toEqual({ header: true, order: 'asc' });
    expect(Object.keys(r)).not.toContain('grain');
  });

  it.each(DATASETS.map((d) => [d.name, d] as const))(
    '%s: the flags read back from its request are what commander parsed',
    async (_n, ds) => {
      const positional = ds.subject === 'gpus' ? ['h100'] : [];
      for (const argv of [positional, [...positional, '--no-header', '--order', 'desc', '--strict', '--manifest', '--fail-empty']]) {
        const { opts, args } = await parsed(ds, argv);
        const request = runRequest(ds, args, opts);
        expect(flagsOf(request), `${ds.name} ${argv.join(' ')}`).toEqual(opts);
        expect(request.targets).toEqual(args);
      }
    },
  );
});
