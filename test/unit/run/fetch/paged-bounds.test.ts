/** The bounds of a paged listing: one that never ends stops at its row bound or its time bound (exit 6, naming the route). */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Context } from '../../../../src/context.js';
import type { Session } from '../../../../src/run/session.js';
import type { Endpoint } from '../../../../src/api/endpoint.js';
import { InvalidResponseError } from '../../../../src/errors.js';
import { fetchPaged, LISTING_BOUNDS } from '../../../../src/run/fetch/paged.js';

const ctx = {
  io: { stderr: new Writable({ write: (_c, _e, cb) => cb() }), stderrIsTTY: false },
  globals: () => ({ quiet: false, verbose: false }),
  onCleanup: () => undefined,
} as unknown as Context;

/** A listing that never ends: every page full, every row new (what a session returns; no network in this unit). */
function endless(): Session & { pages: number } {
  const s = {
    pages: 0,
    get: (_e: unknown, p: { limit: number; offset: number }) => {
      s.pages += 1;
      const rows = Array.from({ length: p.limit }, (_, i) => ({ id: p.offset + i }));
      return Promise.resolve({ body: { data: rows }, rows, text: '', url: '' });
    },
  };
  return s as unknown as Session & { pages: number };
}

const endpoint = { id: 'neocloud-sites', path: () => '/api/neocloud/sites' } as unknown as Endpoint<
  { limit?: number; offset?: number },
  unknown
>;

describe('a listing that never ends', () => {
  it('stops at the row bound: exit 6 naming the route, after exactly bound / page size pages', async () => {
    const session = endless();
    const run = fetchPaged(ctx, session, endpoint, {}, 100, { ...LISTING_BOUNDS, rows: 1_000 });
    await expect(run).rejects.toThrow(InvalidResponseError);
    await expect(run).rejects.toThrow('/api/neocloud/sites: the listing did not end within 1000 rows; not a listing gpumkt can complete');
    expect(session.pages).toBe(10);
  });

  it('stops at the time bound, however few rows came', async () => {
    const session = endless();
    // The clock moves a minute per reading: the bound of 5 minutes is past after a few pages.
    let t = 0;
    const run = fetchPaged(ctx, session, endpoint, {}, 100, { ...LISTING_BOUNDS, ms: 5 * 60_000, now: () => (t += 60_000) });
    await expect(run).rejects.toThrow('/api/neocloud/sites: the listing did not end within 5 minutes; not a listing gpumkt can complete');
    expect(session.pages).toBeLessThan(10);
  });

  it('the default bounds are 100,000 rows and 20 minutes', () => {
    expect([LISTING_BOUNDS.rows, LISTING_BOUNDS.ms]).toEqual([100_000, 20 * 60_000]);
  });
});
