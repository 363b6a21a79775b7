/** The public catalogues: GPU types (all and free), memory types (snake_case), against the offline lists. */
import { describe, expect, it } from 'vitest';
import { GPU_MODELS } from '../../src/domain/catalogues/gpus.js';
import { MEMORY_TYPES } from '../../src/domain/catalogues/memory-types.js';
import { get, useSandbox } from './helpers.js';

const sb = useSandbox();

describe('catalogues', () => {
  it('/api/gpu-types lists the six models, RTX PRO 6000 WS as the only paid one', async () => {
    const r = await get(sb(), '/api/gpu-types', null);
    expect(r.body).toEqual({
      success: true,
      count: 6,
      data: GPU_MODELS.map((gpu_name) => ({ gpu_name, free: gpu_name !== 'RTX PRO 6000 WS' })),
    });
  });

  it('/api/gpu-types-free lists the free five, in the same order', async () => {
    const r = await get(sb(), '/api/gpu-types-free', null);
    expect(r.body.count).toBe(5);
    expect(r.body.data).toEqual(['H100 SXM', 'H200', 'A100 SXM4', 'B200', 'RTX 5090'].map((gpu_name) => ({ gpu_name, free: true })));
  });

  it('/api/memory-types lists the 14 types as { id, memory_type, category }', async () => {
    const r = await get(sb(), '/api/memory-types', null);
    expect(r.body.success).toBe(true);
    expect(r.body.count).toBe(14);
    for (const row of r.body.data) expect(Object.keys(row)).toEqual(['id', 'memory_type', 'category']);
    expect(r.body.data).toEqual(MEMORY_TYPES.map((t) => ({ id: t.id, memory_type: t.name, category: t.category })));
    expect(r.body.data.filter((t: { category: string }) => t.category === 'flash')).toHaveLength(4);
  });

  it('ignores query parameters it does not know', async () => {
    expect((await get(sb(), '/api/memory-types?category=dram&x=1', null)).text).toBe((await get(sb(), '/api/memory-types', null)).text);
  });
});
