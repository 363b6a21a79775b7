/**
 * Every dataset and variant of the registry declares the lowest plan that reads it, and for the
 * routes the service's documentation places, that plan is the documented one (docs/api-contract.md §2):
 * `status`, the exit-3-before-any-request rule and README's tables all read Dataset.plan.
 */
import { describe, expect, it } from 'vitest';
import { ALL_DATASETS } from '../../../src/datasets/index.js';

// Endpoint id → the plan the service's documentation gives its route (written out here, not read from src).
const DOCUMENTED: Record<string, 'free' | 'premium' | 'full'> = {
  'util-index': 'premium',
  'history-simple': 'premium',
  'volume-metrics': 'premium',
  'history-range': 'premium',
  'memory-index': 'premium',
  'memory-history': 'premium',
  'daily-index': 'free',
  'gpu-current': 'free',
  'daily-index-previous': 'free',
  'gpu-utilization': 'premium',
  volatility: 'premium',
  'rolling-24h-average': 'full',
  'rolling-24h-average-history': 'premium',
  'history-at': 'premium',
  'index-history': 'free',
  'power-markets': 'premium',
  'power-load': 'full',
  'power-fuel-mix': 'full',
  'neocloud-sites': 'full',
  'neocloud-sites-aggregate': 'full',
  'neocloud-map': 'full',
  'compute-buyers': 'premium',
};

describe('Dataset.plan', () => {
  it.each(ALL_DATASETS.map((d) => [d.endpoint.id, d] as const))('%s declares its plan, the documented one', (id, d) => {
    expect(d.plan, `${d.name} (${id}) declares no plan`).toBeDefined();
    if (id in DOCUMENTED) expect(d.plan).toBe(DOCUMENTED[id]);
  });

  it('knows every route of this table (a renamed endpoint id would silently skip its check)', () => {
    const ids = new Set(ALL_DATASETS.map((d) => d.endpoint.id));
    for (const id of Object.keys(DOCUMENTED)) expect(ids.has(id), id).toBe(true);
  });
});
