import { describe, expect, it } from 'vitest';
import { joinParts, RowPieces } from '../../../../src/api/body/row-pieces.js';

describe('joinParts', () => {
  it('joins the parts in order without flattening rows that are arrays', () => {
    expect(joinParts([])).toEqual([]);
    expect(joinParts([[1, 2], [], [[3, 4]], [{ a: 5 }]])).toEqual([1, 2, [3, 4], { a: 5 }]);
  });

  it('joins more parts than one call takes (batched)', () => {
    const parts = Array.from({ length: 20_000 }, (_, i) => [i, -i]);
    const all = joinParts(parts);
    expect(all).toHaveLength(40_000);
    expect(all.slice(0, 4)).toEqual([0, -0, 1, -1]);
    expect(all[39_998]).toBe(19_999);
    expect(all.every((v, k) => v === (k % 2 === 0 ? k / 2 : -(k - 1) / 2))).toBe(true);
  });
});

describe('RowPieces', () => {
  it('gives the rows of every piece in one array, and none after a restart', () => {
    const p = new RowPieces(8);
    p.add('{"a":1},{"a":2},{"a":3');
    expect(p.cutAtGuess()).toBe(true);
    p.add('},{"a":4}');
    p.parse(true);
    expect(p.rows).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4 }]);
    // Asked again, the same array (joined once).
    expect(p.rows).toBe(p.rows);
    p.restart();
    expect(p.rows).toEqual([]);
  });
});
