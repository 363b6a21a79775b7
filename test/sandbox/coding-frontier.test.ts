/**
 * LLM-coding analytics (`/api/llm-coding/products|index|history`) and the model frontier
 * (`/api/model-frontier`): the catalogue is public, values need a key of any plan; history oldest first
 * with `limit` default 2000; compare products carry value2; nothing is served after the clock.
 */
import { describe, expect, it } from 'vitest';
import { CODING_PRODUCTS } from '../../src/domain/catalogues/coding-products.js';
import { SANDBOX_PREMIUM_KEY } from '../../src/sandbox/keys.js';
import { AUTH_MESSAGES } from '../../src/sandbox/http.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { TODAY, datesBetween, errorBody, get, useSandbox } from './helpers.js';
import { addDays } from '../../src/domain/time/dates.js';
import { DOCUMENTED_CODING_PRODUCTS } from '../fixtures/documented-ids.js';

const sb = useSandbox();
type Row = Record<string, unknown>;
const YESTERDAY = addDays(TODAY, -1);

describe('/api/llm-coding', () => {
  it("products: the docs' 13 products (two of them compare products), public (no key)", async () => {
    const r = await get(sb(), '/api/llm-coding/products', null);
    expect(r.status).toBe(200);
    const rows = r.body.data as Row[];
    expect(rows.map((p) => p.id)).toEqual(DOCUMENTED_CODING_PRODUCTS);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(['prs', 'commits', 'merge']));
    expect(new Set(rows.map((p) => p.kind))).toEqual(new Set(['count', 'pct']));
    expect(rows.filter((p) => p.compare === true).map((p) => p.id)).toEqual(['cc-vs-codex', 'cc-vs-codex-merge']);
    expect(rows.find((p) => p.id === 'cc-vs-codex')).toMatchObject({ seriesLabels: ['Claude PRs', 'Codex PRs'], kind: 'count' });
    // The docs: seriesLabels names a compare product's two series, and is null for a single tool.
    for (const p of rows) expect(p.compare ? (p.seriesLabels as string[]).length : p.seriesLabels).toBe(p.compare ? 2 : null);
  });

  it('index: one object per single-tool product (?product=) for yesterday (published within 24 h), changePct against the day before', async () => {
    const index: Row[] = [];
    for (const p of CODING_PRODUCTS.filter((x) => !x.compare)) {
      const r = await get(sb(), `/api/llm-coding/index?product=${p.id}`, SANDBOX_PREMIUM_KEY);
      expect(r.status, p.id).toBe(200);
      expect(Array.isArray(r.body.data), p.id).toBe(false);
      index.push(r.body.data as Row);
    }
    expect(index.map((r) => r.product)).toEqual(CODING_PRODUCTS.filter((p) => !p.compare).map((p) => p.id));
    for (const row of index) {
      expect(row.date).toBe(YESTERDAY);
      const h = (
        await get(sb(), `/api/llm-coding/history?product=${String(row.product)}&startDate=${addDays(YESTERDAY, -1)}&endDate=${TODAY}`)
      ).body.data as Row[];
      expect(h.map((x) => x.date)).toEqual([addDays(YESTERDAY, -1), YESTERDAY]);
      expect(row.value).toBe(h[1]?.value);
      const change = (((h[1]?.value as number) - (h[0]?.value as number)) / (h[0]?.value as number)) * 100;
      expect(Math.abs((row.changePct as number) - change)).toBeLessThan(0.006);
    }
  });

  it('history: oldest first, limit default 2000 keeps the latest rows, value2 only on compare products', async () => {
    const all = (await get(sb(), '/api/llm-coding/history?product=cc-vs-codex')).body;
    expect(all).toMatchObject({ success: true, product: 'cc-vs-codex', compare: true, seriesLabels: ['Claude PRs', 'Codex PRs'] });
    const data = all.data as Row[];
    expect(data.map((x) => x.date)).toEqual(datesBetween('2025-06-01', YESTERDAY));
    // The compare product's two series are the single products its seriesLabels name.
    const single = async (id: string): Promise<Row[]> => (await get(sb(), `/api/llm-coding/history?product=${id}`)).body.data as Row[];
    expect(data.map((x) => x.value)).toEqual((await single('cc-prs')).map((x) => x.value));
    expect(data.map((x) => x.value2)).toEqual((await single('codex-prs')).map((x) => x.value));
    const limited = (await get(sb(), '/api/llm-coding/history?product=cc-vs-codex&limit=3')).body.data as Row[];
    expect(limited).toEqual(data.slice(-3));
    const pct = (await get(sb(), '/api/llm-coding/history?product=cursor-merge&startDate=2026-01-01&endDate=2026-01-31')).body
      .data as Row[];
    expect(pct).toHaveLength(31);
    for (const x of pct) {
      expect(Object.keys(x)).toEqual(['date', 'value']);
      expect((x.value as number) >= 0 && (x.value as number) <= 100).toBe(true);
    }
    const empty = await get(sb(), '/api/llm-coding/history?product=cursor-merge&startDate=2024-01-01&endDate=2024-02-01');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
  });

  it('values need a key (401); a missing or unknown product is 400, and a compare product on the index too', async () => {
    for (const path of ['/api/llm-coding/index?product=cc-prs', '/api/llm-coding/history?product=cc-prs']) {
      const r = await get(sb(), path, null);
      expect(r.status, path).toBe(401);
      expect(r.text).toBe(errorBody('Unauthorized', AUTH_MESSAGES.missing));
    }
    expect((await get(sb(), '/api/llm-coding/history')).status).toBe(400);
    expect((await get(sb(), '/api/llm-coding/history?product=claude-pr')).status).toBe(400);
    expect((await get(sb(), '/api/llm-coding/index')).status).toBe(400);
    expect((await get(sb(), '/api/llm-coding/index?product=claude-pr')).status).toBe(400);
    expect((await get(sb(), '/api/llm-coding/index?product=cc-vs-codex')).status).toBe(400);
  });

  it("nothing of the clock's own day: at 00:10 UTC the day before is not published yet", async () => {
    const early = await startSandbox({ now: `${TODAY}T00:10:00.000Z` });
    try {
      const index = (await get(early, '/api/llm-coding/index?product=cc-prs')).body.data as Row;
      expect(index.date).toBe(addDays(TODAY, -2));
    } finally {
      await early.close();
    }
  });
});

describe('/api/model-frontier', () => {
  it('one nested document; costPerTask = price × tpt / 1e6; releaseDates a map; needs a key', async () => {
    const r = await get(sb(), '/api/model-frontier', SANDBOX_PREMIUM_KEY);
    expect(r.status).toBe(200);
    const doc = r.body.data as { models: Row[]; efforts: Row[]; tests: Row[]; releaseDates: Record<string, string>; history: Row[] };
    expect(Object.keys(doc)).toEqual(['updatedAt', 'models', 'efforts', 'tests', 'releaseDates', 'history']);
    for (const m of doc.models) {
      expect(Math.abs((m.costPerTask as number) - ((m.price as number) * (m.tpt as number)) / 1e6)).toBeLessThan(1e-6);
      expect(Object.keys(m.bench as object)).toEqual(['coding', 'reasoning', 'math']);
      expect(String(doc.releaseDates[m.name as string]) <= TODAY).toBe(true);
    }
    for (const e of doc.efforts) {
      expect((e.rank as number) >= 0 && (e.rank as number) <= 5).toBe(true);
      expect(e.speedTps === null).toBe(e.speedMeasured === false);
    }
    for (const h of doc.history) expect(String(h.date) <= TODAY).toBe(true);
    expect((await get(sb(), '/api/model-frontier', null)).status).toBe(401);
  });
});
