/**
 * Every dataset of the registry has a place in a lake, derived from its descriptor: a folder name safe
 * on any file system, a series with a time field whose sync flags select the descriptor that runs, and
 * a partition column its rows carry. A new family passes here with no code in src/sync.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATASETS, type AnyDataset } from '../../../src/datasets/index.js';
import { selectDataset } from '../../../src/run/targets.js';
import { lakeDataset, lakeDatasets } from '../../../src/sync/lake-datasets.js';
import { optionKey } from '../../../src/datasets/flags.js';

describe('the lake datasets derived from the registry', () => {
  const lake = lakeDatasets();

  it('has one entry per registry dataset (unless it opts out), each with its own folder name', () => {
    expect(lake.map((d) => d.command)).toEqual(DATASETS.filter((d) => d.sync?.skip !== true));
    const names = lake.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z0-9][a-z0-9-]*$/);
  });

  it.each(lake.map((d) => [d.name, d] as const))(
    '%s: its run selects the descriptor it describes, and its partition is a column of its rows',
    (_n, d) => {
      const flags = d.kind === 'series' && d.ds.groups.window ? { ...d.options, from: '2026-01-01', to: '2026-01-31' } : d.options;
      expect(selectDataset(d.command, flags, true)).toBe(d.ds);
      if (d.kind === 'snapshot') {
        expect(d.partition).toBeUndefined();
        return;
      }
      expect(d.timeKey).toBeDefined();
      expect(d.ds.noAppend).toBeUndefined();
      if (d.partition !== undefined) expect([...d.ds.endpoint.columns, 'gpu']).toContain(d.partition);
    },
  );

  it('memory syncs its daily history, keyed by type; per-model series by gpu; the aggregate util-index as one file', () => {
    const by = (n: string) => lake.find((d) => d.name === n);
    expect(by('memory')).toMatchObject({ kind: 'series', partition: 'id', timeKey: 'date' });
    expect(by('history')).toMatchObject({ kind: 'series', partition: 'gpu', args: ['all'] });
    expect(by('volatility')).toMatchObject({ kind: 'series', partition: 'gpu_type' });
    expect(by('util-index')).toMatchObject({ kind: 'series', partition: undefined, options: { region: 'global' } });
    expect(by('utilization')).toMatchObject({ kind: 'snapshot' });
  });

  it('a descriptor may opt out or set its own partition and depth in one line', () => {
    const history = DATASETS.find((d) => d.name === 'history') as AnyDataset;
    expect(lakeDataset({ ...history, sync: { skip: true } })).toBeUndefined();
    expect(lakeDataset({ ...history, sync: { partition: null, from: '90d' } })).toMatchObject({ partition: undefined, from: '90d' });
  });

  it('without a key, a command with a public variant syncs that variant (history: the public daily series)', () => {
    const keyless = lakeDatasets(false).find((d) => d.name === 'history');
    expect(keyless?.ds).toBe(selectDataset(keyless?.command as AnyDataset, { from: '2026-01-01' }, false));
    expect(keyless?.ds).not.toBe(keyless?.command);
    expect(keyless?.plan).toBe('free');
  });

  it('names option flags as commander does', () => {
    expect(optionKey('--base-date <date>')).toBe('baseDate');
    expect(optionKey('--window-days <n>')).toBe('windowDays');
    expect(optionKey('-r, --region <region>')).toBe('region');
    expect(optionKey('--no-color')).toBe('color');
  });
});

describe('docs/sync.md', () => {
  it('lists every dataset of the lake with its kind and partition key', () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/sync.md'), 'utf8');
    const rows = new Map(
      [...doc.matchAll(/^\| `([a-z0-9-]+)` \| (series|snapshot) \| ([^|]+) \|/gm)].map((m) => [
        m[1],
        { kind: m[2], partition: (m[3] as string).trim() },
      ]),
    );
    for (const d of lakeDatasets()) {
      const partition = d.kind === 'snapshot' ? '`snapshot_date`' : d.partition === undefined ? '— (one file)' : `\`${d.partition}\``;
      expect(rows.get(d.name), `docs/sync.md lacks ${d.name}`).toEqual({ kind: d.kind, partition });
    }
  });
});
