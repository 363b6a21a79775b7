/** The revisit window of every synced series (src/datasets/revisit.ts): the days a sync asks again, and why. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVISIONAL_REVISIT, revisitOf, revisitWindow } from '../../../src/datasets/revisit.js';
import { lakeDatasets } from '../../../src/sync/lake-datasets.js';

/** Every dataset a lake holds, with the days its sync asks again (snapshots: fetched whole, one copy a day). */
const EXPECTED: Record<string, number | 'all' | 'snapshot'> = {
  'util-index': 1,
  history: 1,
  volume: 1,
  range: 1,
  memory: 1,
  latest: 'snapshot',
  utilization: 'snapshot',
  volatility: 1,
  rolling: 1,
  forward: 'snapshot',
  'token-prices': 'all',
  'token-volume': 1,
  workload: 1,
  coding: 7,
  frontier: 'snapshot',
  power: 42,
  sites: 'snapshot',
  buyers: 'snapshot',
};

describe('revisit windows', () => {
  it('lists the window of every synced dataset', () => {
    const got = Object.fromEntries(lakeDatasets().map((l) => [l.name, l.kind === 'snapshot' ? 'snapshot' : revisitOf(l.command).days]));
    expect(got).toEqual(EXPECTED);
  });

  it('every window beyond the provisional day quotes the service docs and says why', () => {
    for (const l of lakeDatasets()) {
      const r = revisitOf(l.command);
      if (r === PROVISIONAL_REVISIT) continue;
      expect(r.why, l.name).toMatch(/^"[^"]+"/);
    }
  });

  it('revisitWindow: the trailing days before the last sync, never before the first day held; all: every day held; nothing held: none', () => {
    // A sync a week after the last one asks again the days still being revised at the last one.
    expect(revisitWindow({ days: 7, why: '' }, '2026-11-20', '2026-01-01', '2026-11-13')).toEqual({ from: '2026-11-06', to: '2026-11-20' });
    expect(revisitWindow({ days: 7, why: '' }, '2026-11-20', '2026-01-01')).toEqual({ from: '2026-11-13', to: '2026-11-20' });
    expect(revisitWindow({ days: 7, why: '' }, '2026-11-20', '2026-11-18')).toEqual({ from: '2026-11-18', to: '2026-11-20' });
    expect(revisitWindow(PROVISIONAL_REVISIT, '2026-11-20', '2026-01-01')).toEqual({ from: '2026-11-19', to: '2026-11-20' });
    expect(revisitWindow({ days: 'all', why: '' }, '2026-11-20', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-11-20' });
    expect(revisitWindow(PROVISIONAL_REVISIT, '2026-11-20')).toBeUndefined();
  });

  it("docs/point-in-time.md's table names every window beyond the provisional day, and every snapshot", () => {
    const doc = readFileSync(path.join(import.meta.dirname, '../../../docs/point-in-time.md'), 'utf8');
    const rows = new Map(
      [...doc.matchAll(/^\| `([a-z-]+)` \| (\d+|all) \|/gm)].map((m) => [m[1] as string, m[2] === 'all' ? 'all' : Number(m[2])]),
    );
    const beyond = Object.entries(EXPECTED).filter(([, d]) => d !== 'snapshot' && d !== PROVISIONAL_REVISIT.days);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(beyond));
    const snapshots = Object.entries(EXPECTED)
      .filter(([, d]) => d === 'snapshot')
      .map(([n]) => `\`${n}\``);
    expect(doc).toContain(`Snapshots (${snapshots.join(', ')})`);
  });
});
