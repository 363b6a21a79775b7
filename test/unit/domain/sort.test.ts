import { describe, expect, it } from 'vitest';
import { sortInPlace } from '../../../src/domain/sort.js';

type Item = { k: number; id: number };
const byKey = (a: Item, b: Item): number => a.k - b.k;
const items = (keys: number[]): Item[] => keys.map((k, id) => ({ k, id }));

describe('sortInPlace', () => {
  it('gives what a stable Array.prototype.sort gives, in the same array', () => {
    const cases = [[], [1], [1, 2, 3], [3, 2, 1], [2, 2, 1], [3, 2, 2], [1, 1, 1], [1, 3, 2], [5, 4, 4, 3], [2, 1, 3], [1, 2, 2, 3]];
    // Random ones too: short keys make ties, long runs make ordered and reversed stretches.
    for (let n = 0; n < 200; n++) cases.push(Array.from({ length: n % 17 }, () => Math.floor(Math.random() * 4)));
    for (const keys of cases) {
      const got = items(keys);
      const expected = items(keys).sort(byKey);
      expect(sortInPlace(got, byKey)).toBe(got);
      expect(got).toEqual(expected);
    }
  });

  it('turns strictly descending rows around and keeps ascending ones with their ties in order', () => {
    expect(sortInPlace(items([9, 7, 4, 1]), byKey).map((x) => x.id)).toEqual([3, 2, 1, 0]);
    expect(sortInPlace(items([1, 1, 4, 4]), byKey).map((x) => x.id)).toEqual([0, 1, 2, 3]);
    // Descending with a tie is not reversed: the tied pair keeps its order.
    expect(sortInPlace(items([9, 4, 4, 1]), byKey).map((x) => x.id)).toEqual([3, 1, 2, 0]);
  });
});
