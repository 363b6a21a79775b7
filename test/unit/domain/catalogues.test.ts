/**
 * The offline lists (src/domain/catalogues/) equal the ids the service documents
 * (test/fixtures/documented-ids.ts, copied from its documentation): no id of ours that the docs do
 * not give, none of theirs missing.
 */
import { describe, expect, it } from 'vitest';
import { CLOSED_LABS, FREE_LABS, LABS, WORKLOAD_FAMILIES } from '../../../src/domain/catalogues/labs.js';
import { CODING_PRODUCTS } from '../../../src/domain/catalogues/coding-products.js';
import { GPU_MODELS } from '../../../src/domain/catalogues/gpus.js';
import { FREE_GPU_MODELS } from '../../../src/domain/service/plans.js';
import { FORWARD_CURVES, FORWARD_TENORS } from '../../../src/domain/catalogues/forward-curves.js';
import { MEMORY_TYPES } from '../../../src/domain/catalogues/memory-types.js';
import { POWER_MARKETS } from '../../../src/domain/catalogues/power.js';
import * as docs from '../../fixtures/documented-ids.js';

const sorted = (xs: readonly string[]): string[] => [...xs].sort();

describe('the offline lists are the documented ids', () => {
  it('OTPI labs: the 11 with their labels, in order; the free 4; the closed 3 and their workload classes', () => {
    expect(LABS.map((l) => [l.lab, l.label])).toEqual(docs.DOCUMENTED_LABS);
    expect(FREE_LABS).toEqual(docs.DOCUMENTED_FREE_LABS);
    expect(CLOSED_LABS).toEqual(docs.DOCUMENTED_CLOSED_LABS);
    for (const lab of CLOSED_LABS) expect(WORKLOAD_FAMILIES[lab]).toEqual(['all', ...(docs.DOCUMENTED_WORKLOAD_CLASSES[lab] ?? [])]);
  });

  it('LLM-coding products: the 13 ids and labels, the two compare products, the kind of each metric', () => {
    expect(CODING_PRODUCTS.map((p) => [p.id, p.label])).toEqual(docs.DOCUMENTED_CODING_PRODUCTS_TABLE.map(([id, label]) => [id, label]));
    for (const [id, , metric] of docs.DOCUMENTED_CODING_PRODUCTS_TABLE) {
      const p = CODING_PRODUCTS.find((x) => x.id === id);
      expect(p?.compare, id).toBe(metric.includes('two series'));
      expect(p?.kind, id).toBe(metric.startsWith('Merge rate') ? 'pct' : 'count');
    }
    expect(CODING_PRODUCTS.find((p) => p.id === 'cc-vs-codex')?.seriesLabels).toEqual(['Claude PRs', 'Codex PRs']);
    expect(CODING_PRODUCTS.find((p) => p.id === 'cc-prs')).toMatchObject({ category: 'prs', seriesLabels: null });
  });

  it('GPU models and the free five; forward curves and tenors', () => {
    expect(GPU_MODELS).toEqual(docs.DOCUMENTED_GPUS);
    expect(sorted(FREE_GPU_MODELS)).toEqual(sorted(docs.DOCUMENTED_FREE_GPUS));
    expect(sorted(FORWARD_CURVES)).toEqual(sorted(docs.DOCUMENTED_CURVES));
    expect(FORWARD_TENORS.map((t) => [t.label, t.months])).toEqual(docs.DOCUMENTED_TENORS);
  });

  it('memory types: id, name and category, in order', () => {
    expect(MEMORY_TYPES.map((t) => [t.id, t.name, t.category])).toEqual(docs.DOCUMENTED_MEMORY_TYPES);
  });

  it('power markets and their hubs, in order', () => {
    expect(POWER_MARKETS.map((m) => [m.market, m.hubs])).toEqual(docs.DOCUMENTED_POWER_MARKETS);
  });
});
