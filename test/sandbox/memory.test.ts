/** The memory spot price endpoint (docs/api-contract.md §2, §3) against the sandbox. */
import { describe, expect, it } from 'vitest';
import memoryDataset from '../../src/datasets/memory.js';

const memorySchema = await memoryDataset.endpoint.loadSchema();
import { MEMORY_TYPES } from '../../src/domain/catalogues/memory-types.js';
import { memoryRows } from '../../src/sandbox/models/market.js';
import { TODAY, errorBody, get, useSandbox } from './helpers.js';

const sb = useSandbox();
const PATH = '/api/memory-index';
const q = encodeURIComponent;
/** The last weekday on or before TODAY (a Sunday). */
const FRIDAY = '2026-03-13';

describe('memory-index', () => {
  it('lists all 14 types with ids, names, categories and consistent prices', async () => {
    const r = await get(sb(), PATH);
    expect(r.status).toBe(200);
    const body = memorySchema.parse(r.body);
    // The envelope's date is the newest reading's: Friday's.
    expect(r.body).toMatchObject({ success: true, date: `${FRIDAY}T00:00:00.000Z`, count: 14 });
    expect(r.body.data.map((x: { id: string; memoryType: string; category: string }) => [x.id, x.memoryType, x.category])).toEqual(
      MEMORY_TYPES.map((t) => [t.id, t.name, t.category]),
    );
    expect(r.body.data).toEqual(memoryRows(TODAY));
    for (const row of r.body.data) {
      expect(Object.keys(row)).toEqual([
        'id',
        'memoryType',
        'category',
        'price',
        'changePct',
        'weeklyHigh',
        'weeklyLow',
        'sourceUpdatedAt',
        'date',
        'updatedAt',
      ]);
      expect(row.price).toBeGreaterThan(0);
      expect(row.weeklyLow).toBeLessThanOrEqual(row.price);
      expect(row.weeklyHigh).toBeGreaterThanOrEqual(row.price);
      // TODAY is a Sunday: memory prices are read on weekdays, so the snapshot is Friday's reading.
      expect(row.date).toBe(`${FRIDAY}T00:00:00.000Z`);
      expect(row.sourceUpdatedAt.startsWith(FRIDAY)).toBe(true);
      expect(Date.parse(row.updatedAt)).toBeGreaterThan(Date.parse(row.sourceUpdatedAt));
    }
    expect(Array.isArray(body.data)).toBe(true);
  });

  it('returns one object for a type given by id or by exact name', async () => {
    const byId = await get(sb(), `${PATH}?type=mem_ddr5_16gb`);
    const byName = await get(sb(), `${PATH}?type=${q('DDR5 16Gb (2Gx8) 4800/5600')}`);
    expect(byId.status).toBe(200);
    expect(Array.isArray(byId.body.data)).toBe(false);
    expect(byId.body.count).toBe(1);
    expect(byId.body.data).toMatchObject({ id: 'mem_ddr5_16gb', memoryType: 'DDR5 16Gb (2Gx8) 4800/5600', category: 'dram' });
    expect(byName.text).toBe(byId.text);
    memorySchema.parse(byId.body);
  });

  it('filters by category, and applies type and category together', async () => {
    const flash = await get(sb(), `${PATH}?category=flash`);
    expect(flash.body.count).toBe(4);
    expect(flash.body.data.map((x: { id: string }) => x.id)).toEqual(['mem_mlc_32gb', 'mem_mlc_64gb', 'mem_slc_1gb', 'mem_slc_2gb']);
    const both = await get(sb(), `${PATH}?type=mem_slc_1gb&category=flash`);
    expect(both.status).toBe(200);
    expect(both.body.data.id).toBe('mem_slc_1gb');
    const modules = await get(sb(), `${PATH}?category=module`);
    expect(modules.body.count).toBe(3);
  });

  const cases: [string, number, string][] = [
    ['type=mem_ddr9', 404, errorBody('No data available', 'No memory price data found for type mem_ddr9')],
    ['type=MEM_DDR5_16GB', 404, errorBody('No data available', 'No memory price data found for type MEM_DDR5_16GB')],
    [
      'type=mem_slc_1gb&category=dram',
      404,
      errorBody('No data available', 'No memory price data found for type SLC 1Gb (128Mx8) in category dram'),
    ],
    ['category=hbm', 400, errorBody('Bad request', 'Invalid category. Allowed: dram, flash, module')],
  ];
  for (const [query, status, text] of cases) {
    it(`${query} → ${status}`, async () => {
      const r = await get(sb(), `${PATH}?${query}`);
      expect([r.status, r.text]).toEqual([status, text]);
    });
  }

  it('prices follow today: another day gives other prices, the same day the same bytes', async () => {
    const a = await get(sb(), PATH);
    expect(memoryRows('2026-03-16')).not.toEqual(a.body.data);
    expect(JSON.stringify({ success: true, date: `${FRIDAY}T00:00:00.000Z`, data: memoryRows(TODAY), count: 14 })).toBe(a.text);
  });
});
