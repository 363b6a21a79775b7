/**
 * The descriptor pieces of the market families that no sandbox body exercises: the frontier document
 * read the robust way (a one-element list, unknown bench scores, a missing table, a broken one), the
 * rows of flattened tables held to their shape, offline name checks, and composite append keys.
 */
import { describe, expect, it } from 'vitest';
import frontier from '../../../src/datasets/frontier.js';
import type { FrontierTable } from '../../../src/datasets/frontier-tables.js';
import { shapeProblems } from '../../../src/datasets/flat-rows.js';
import { workloadFamilies, workloadLabs } from '../../../src/datasets/workload.js';
import { resolveCodingProducts, CODING_PRODUCTS } from '../../../src/domain/catalogues/coding-products.js';
import { keyValue } from '../../../src/append/key-columns.js';
import { InvalidResponseError, UsageError } from '../../../src/errors.js';
import type { EnvelopeBody } from '../../../src/api/endpoint.js';

const table = (name: FrontierTable) =>
  frontier.variants?.find((v) => v.when({ header: true, order: 'asc', table: name }, true))?.dataset ?? frontier;
const body = (data: unknown): EnvelopeBody => ({ success: true, data }) as EnvelopeBody;

describe('frontier tables', () => {
  it('flattens every bench score, keeps unknown fields in place, and reads a one-element list as the document', () => {
    const doc = { models: [{ slug: 'm', bench: { coding: 1, reasoning: 2, math: 3, vision: 4 }, extra: true }] };
    const rows = frontier.endpoint.rows(body([doc]));
    expect(rows).toEqual([{ slug: 'm', bench_coding: 1, bench_reasoning: 2, bench_math: 3, bench_vision: 4, extra: true }]);
  });

  it('a missing table and a table that is not a list are invalid responses; so is a row off its shape (exit 6, the field named)', () => {
    expect(table('efforts').endpoint.rows(body({ efforts: [] }))).toEqual([]);
    expect(() => table('efforts').endpoint.rows(body({ models: [] }))).toThrow('data.efforts: missing, expected a list');
    expect(() => table('tests').endpoint.rows(body({ tests: {} }))).toThrow(InvalidResponseError);
    expect(() => table('release-dates').endpoint.rows(body({ releaseDates: { X: 'soon' } }))).toThrow(
      'model-frontier: the response does not have the documented shape: data.releaseDates.X: "soon", expected date',
    );
    // The warning of the other flattened families names 1e999 as what it is, never as JSON's null.
    expect(shapeProblems([{ v: Infinity }], { v: 'number' }, () => 'row')).toEqual([
      'row: v is Infinity (not a finite number), not the documented number',
    ]);
    expect(table('release-dates').endpoint.rows(body({ releaseDates: { A: '2026-01-02', B: '2025-03-04' } }))).toEqual([
      { name: 'A', date: '2026-01-02' },
      { name: 'B', date: '2025-03-04' },
    ]);
  });
});

describe('offline names', () => {
  it('workload labs: closed labs only, de-duplicated, all = every lab; other OTPI labs named as such', () => {
    expect(workloadLabs(['OpenAI', 'google', 'openai'])).toEqual(['openai', 'google']);
    expect(workloadLabs(['all'])).toEqual(['anthropic', 'openai', 'google']);
    expect(() => workloadLabs(['meta-llama'])).toThrow(/'meta-llama' has no workload cost index/);
    expect(() => workloadLabs(['gogle'])).toThrow(UsageError);
  });

  it("--family is checked against the named labs' families", () => {
    expect(workloadFamilies({ family: 'all, image' }, ['google'])).toEqual(['all', 'image']);
    expect(() => workloadFamilies({ family: 'opus' }, ['google'])).toThrow(/not a workload family of google/);
    expect(workloadFamilies({ family: 'opus' }, [])).toEqual(['opus']);
    expect(() => workloadFamilies({ family: ',' }, [])).toThrow(/at least one family/);
  });

  it('coding products: 13, compare products with two series labels, single ones with none', () => {
    expect(CODING_PRODUCTS).toHaveLength(13);
    for (const p of CODING_PRODUCTS) expect(p.seriesLabels?.length ?? 0).toBe(p.compare ? 2 : 0);
    expect(resolveCodingProducts([])).toHaveLength(13);
    expect(() => resolveCodingProducts(['cc-pr'])).toThrow(UsageError);
  });
});

describe('composite append keys', () => {
  it("joins the key columns' text values; none is undefined; the default is gpu", () => {
    expect(keyValue({ lab: 'openai', family: 'mini' }, ['lab', 'family'])).toBe('openai mini');
    expect(keyValue({ date: 'x' }, ['lab', 'family'])).toBeUndefined();
    expect(keyValue({ gpu: 'H200' }, undefined)).toBe('H200');
  });
});
