/** The sandbox's neocloud routes: paging, filters, the aggregate's buckets, the map, and the full-only rule. */
import { describe, expect, it } from 'vitest';
import { SANDBOX_PREMIUM_KEY } from '../../src/sandbox/keys.js';
import { NEOCLOUD_MESSAGE } from '../../src/sandbox/handlers/neocloud.js';
import { distanceKm } from '../../src/sandbox/models/sites-model.js';
import { get, TODAY, useSandbox } from './helpers.js';

const sb = useSandbox();
type Site = Record<string, unknown>;

/** Every site of a query, in one page large enough. */
async function whole(query = ''): Promise<Site[]> {
  const r = await get(sb(), `/api/neocloud/sites?limit=100000${query}`);
  expect(r.status).toBe(200);
  expect(r.body.total).toBe(r.body.data.length);
  return r.body.data as Site[];
}

describe('GET /api/neocloud/sites', () => {
  it('pages by limit (default 100) and offset: the pages together are the listing, each site once', async () => {
    const all = await whole();
    expect(all.length).toBeGreaterThan(300);
    const first = await get(sb(), '/api/neocloud/sites');
    expect(first.body).toMatchObject({ total: all.length, count: 100, limit: 100, offset: 0 });
    const paged: Site[] = [];
    for (let offset = 0; offset < all.length; offset += 100)
      paged.push(...(await get(sb(), `/api/neocloud/sites?offset=${offset}`)).body.data);
    expect(paged).toEqual(all);
    expect(new Set(paged.map((s) => s.siteName)).size).toBe(all.length);
    expect((await get(sb(), `/api/neocloud/sites?offset=${all.length}`)).body.data).toEqual([]);
  });

  it('knows only sites announced by the clock, and no milestone after it but the target', async () => {
    for (const s of await whole('&scope=all')) {
      expect((s.contractAnnounced as string) <= TODAY).toBe(true);
      for (const k of ['gpuOrderDate', 'constructionStart', 'phase1LiveDate'])
        if (s[k] !== undefined) expect((s[k] as string) <= TODAY).toBe(true);
    }
  });

  it('filters by city and country (any case), by distance, and widens with scope=all', async () => {
    const dallas = await whole('&city=DALLAS');
    expect(dallas.length).toBeGreaterThan(0);
    expect(dallas.every((s) => s.city === 'Dallas')).toBe(true);
    const uk = await whole('&country=united%20kingdom');
    expect(new Set(uk.map((s) => s.city))).toEqual(new Set(['London', 'Slough']));
    const near = await whole('&lat=32.78&lon=-96.80&radius=60');
    expect(near.length).toBeGreaterThan(dallas.length);
    expect(near.every((s) => distanceKm(32.78, -96.8, s.latitude as number, s.longitude as number) <= 60)).toBe(true);
    const neo = await whole();
    const all = await whole('&scope=all');
    expect(all.slice(0, neo.length)).toEqual(neo);
    expect(all.slice(neo.length).every((s) => s.isNeocloud === false)).toBe(true);
  });

  it('refuses lat without lon, a bad scope or offset (400)', async () => {
    for (const q of ['lat=32', 'scope=everything', 'offset=-1', 'limit=0', 'lat=91&lon=0'])
      expect((await get(sb(), `/api/neocloud/sites?${q}`)).status, q).toBe(400);
  });

  it('carries hostile text in some names and notes, as any free-text field might', async () => {
    const text = (await whole()).map((s) => `${String(s.siteName)} ${String(s.sourceNotes)}`).join('\n');
    expect(text).toContain('\x1b]0;');
    expect(text).toContain('\u202e');
  });
});

describe('GET /api/neocloud/sites/aggregate', () => {
  it('by country: a bucket per country, Unknown for sites without one; the buckets count every site once', async () => {
    const sites = await whole();
    const r = await get(sb(), '/api/neocloud/sites/aggregate?by=country');
    const buckets = r.body.data as Site[];
    expect(buckets.map((b) => b.key)).toContain('Unknown');
    expect(buckets.reduce((a, b) => a + (b.site_count as number), 0)).toBe(sites.length);
    expect(buckets.find((b) => b.key === 'Unknown')?.site_count).toBe(sites.filter((s) => s.country === null).length);
    const qty = sites.filter((s) => s.country === 'Germany').reduce((a, s) => a + ((s.gpuQtyKnown ?? s.gpuQtyEst ?? 0) as number), 0);
    expect(buckets.find((b) => b.key === 'Germany')?.total_gpu_qty).toBe(qty);
  });

  it('by gpu_type: a multi-chip site counts in each of its buckets, unrecognised chips under Other', async () => {
    const sites = await whole();
    const buckets = (await get(sb(), '/api/neocloud/sites/aggregate?by=gpu_type')).body.data as Site[];
    const known = ['H100 SXM', 'H200', 'A100 SXM4', 'B200', 'RTX 5090', 'RTX PRO 6000 WS', 'B300', 'GB200', 'GB300'];
    const perSite = sites.map((s) => new Set((s.gpuTypes as string).split('/').map((g) => (known.includes(g) ? g : 'Other'))).size);
    expect(perSite.some((n) => n > 1)).toBe(true);
    expect(buckets.reduce((a, b) => a + (b.site_count as number), 0)).toBe(perSite.reduce((a, n) => a + n, 0));
    expect(buckets.map((b) => b.key)).toContain('Other');
    const b200 = sites.filter((s) => (s.gpuTypes as string).split('/').includes('B200'));
    expect(buckets.find((b) => b.key === 'B200')?.site_count).toBe(b200.length);
  });

  it('refuses an unknown by (400)', async () => {
    expect((await get(sb(), '/api/neocloud/sites/aggregate?by=city')).status).toBe(400);
  });
});

describe('neocloud plan rules and the map', () => {
  it.each(['/api/neocloud/sites', '/api/neocloud/sites/aggregate', '/api/neocloud/map'])(
    '%s: premium gets the neocloud 403, no key 401',
    async (path) => {
      const premium = await get(sb(), path, SANDBOX_PREMIUM_KEY);
      expect(premium.status).toBe(403);
      expect(premium.body).toEqual({ error: 'Forbidden', message: NEOCLOUD_MESSAGE });
      expect((await get(sb(), path, null)).status).toBe(401);
    },
  );

  it('the map holds every site with coordinates as a point', async () => {
    const sites = await whole();
    const points = (await get(sb(), '/api/neocloud/map')).body.data as Site[];
    const located = sites.filter((s) => s.latitude !== null);
    expect(located.length).toBeLessThan(sites.length);
    expect(points.map((p) => [p.siteName, p.latitude, p.longitude])).toEqual(located.map((s) => [s.siteName, s.latitude, s.longitude]));
  });
});
