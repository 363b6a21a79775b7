/** How a lake dataset's rows are told apart across versions (src/sync/row-identity.ts), for every dataset a lake holds. */
import { describe, expect, it } from 'vitest';
import { lakeDatasets } from '../../../src/sync/lake-datasets.js';
import { rowIdentity } from '../../../src/sync/row-identity.js';
import { mergeVersions, sameValues } from '../../../src/lake/versions.js';

/** Each dataset's time column and key columns ([] for a snapshot whose whole row is its key). */
const EXPECTED: Record<string, [string, string[]]> = {
  'util-index': ['date', []],
  history: ['timestamp', ['gpu']],
  volume: ['recorded_at', ['gpu']],
  range: ['recorded_at', ['gpu']],
  memory: ['date', ['id']],
  latest: ['snapshot_date', ['gpu_name']],
  utilization: ['snapshot_date', []],
  volatility: ['recorded_at', ['gpu_type']],
  rolling: ['date', ['gpu']],
  forward: ['snapshot_date', []],
  'token-prices': ['date', ['lab']],
  'token-volume': ['date', ['lab']],
  workload: ['date', ['lab', 'family']],
  coding: ['date', ['product']],
  frontier: ['snapshot_date', []],
  power: ['date', ['market']],
  sites: ['snapshot_date', []],
  buyers: ['snapshot_date', []],
};

describe('rowIdentity', () => {
  it('names the time and key columns of every lake dataset', () => {
    expect(Object.fromEntries(lakeDatasets().map((l) => [l.name, [rowIdentity(l).time, [...rowIdentity(l).keys]]]))).toEqual(EXPECTED);
  });

  it('a series row is its time and keys, whatever its values', () => {
    const id = rowIdentity(lakeDatasets().find((l) => l.name === 'coding') as never);
    expect(id.key({ date: '2026-11-18', product: 'cc-merge', value: 1 })).toBe(
      id.key({ date: '2026-11-18', product: 'cc-merge', value: 2 }),
    );
    expect(id.key({ date: '2026-11-18', product: 'cc-merge' })).not.toBe(id.key({ date: '2026-11-18', product: 'cc-prs' }));
  });

  it('a snapshot without a key keeps two rows that share a name, and a changed copy is a new version, not a merge', () => {
    const lake = lakeDatasets().find((l) => l.name === 'utilization');
    const id = rowIdentity(lake as never);
    const day = '2026-11-20';
    const a = { snapshot_date: day, gpu: 'H100', utilization_ratio: 0.5, known_from: 'x' };
    const b = { snapshot_date: day, gpu: 'H100', utilization_ratio: 0.6 };
    expect(id.key(a)).not.toBe(id.key(b));
    expect(id.key(a)).toBe(id.key({ ...a, known_from: 'y', known_to: 'z' }));
    const opts = { key: id.key, same: sameValues, timeKey: id.time, window: { from: day, to: day } };
    const first = mergeVersions([], [a, b], { ...opts, now: '2026-11-20T06:00:00.000Z' }).rows;
    expect(first).toHaveLength(2);
    const again = mergeVersions(first, [b], { ...opts, now: '2026-11-20T18:00:00.000Z' });
    expect(again.rows.map((r) => [r.utilization_ratio, r.known_to])).toEqual([
      [0.5, '2026-11-20T18:00:00.000Z'],
      [0.6, null],
    ]);
  });
});
