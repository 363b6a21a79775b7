/** The sandbox's compute buyers: a snapshot of the dictionary's fields, premium and full keys. */
import { describe, expect, it } from 'vitest';
import { SANDBOX_PREMIUM_KEY } from '../../src/sandbox/keys.js';
import { get, TODAY, useSandbox } from './helpers.js';

const sb = useSandbox();

describe('GET /api/compute-buyers', () => {
  it('lists buyers with the dictionary fields, raises from July 2024 to the clock, newest first', async () => {
    const r = await get(sb(), '/api/compute-buyers', SANDBOX_PREMIUM_KEY);
    expect(r.status).toBe(200);
    const rows = r.body.data as Array<Record<string, unknown>>;
    expect(r.body.count).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(20);
    for (const b of rows) {
      expect(Object.keys(b)).toEqual([
        'name',
        'displayName',
        'tier',
        'workload',
        'forWhat',
        'what',
        'sold',
        'date',
        'location',
        'domain',
        'url',
      ]);
      expect(['T1', 'T2', 'T3']).toContain(b.tier);
      expect((b.date as string) >= '2024-07-01' && (b.date as string) <= TODAY).toBe(true);
      if (b.sold !== null) expect(b.sold as number).toBeGreaterThanOrEqual(10_000_000);
    }
    expect(rows.map((b) => b.date)).toEqual(
      rows
        .map((b) => b.date as string)
        .sort()
        .reverse(),
    );
    expect(rows.some((b) => b.sold === null) && rows.some((b) => b.domain === null)).toBe(true);
  });

  it('needs a key (401 without)', async () => {
    expect((await get(sb(), '/api/compute-buyers', null)).status).toBe(401);
  });
});
