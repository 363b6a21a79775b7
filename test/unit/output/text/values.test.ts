import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberText } from '../../../../src/output/text/values.js';

describe('numberText', () => {
  it('spells every number as String() does', () => {
    const edges = [0, -0, 1, -1, 2.5, 0.1 + 0.2, 1e21, 1e-7, -1.5e-300, 5e-324, Number.MAX_VALUE, 2 ** 53 + 2, NaN, Infinity, -Infinity];
    for (const n of edges) expect(numberText(n)).toBe(String(n));
    fc.assert(fc.property(fc.double(), (n) => numberText(n) === String(n)));
    fc.assert(fc.property(fc.integer(), (n) => numberText(n) === String(n)));
  });
});
