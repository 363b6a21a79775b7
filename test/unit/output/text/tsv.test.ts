import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatter as tsv } from '../../../../src/output/text/tsv.js';
import { render, rows } from './fixture.js';

// Undo linear-TSV escaping, as a reader would.
function unescape(field: string): string {
  return field.replace(/\\([tnr\\])/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', '\\': '\\' })[c] ?? c);
}

describe('tsv', () => {
  it('prints tab-separated lines, escaping TAB, CR, LF and backslash', () => {
    expect(render(tsv, rows)).toBe(
      'date\tgpu\tprice\tchange\tnote\n' + '2024-01-01\tH100 SXM\t2.5\t-1.25\t\n' + '2024-01-02\tÜnïcødé 東京 🚀\t0.1\t3\ta, "b"\\nc\n',
    );
    expect(render(tsv, [{ a: 'x\ty\\z\r' }], { columns: ['a'], header: false })).toBe('x\\ty\\\\z\\r\n');
  });

  it('honours --no-header and --csv-safe', () => {
    expect(render(tsv, [{ a: '=1', b: -1 }], { columns: ['a', 'b'], header: false, csvSafe: true })).toBe("'=1\t-1\n");
  });

  it('round-trips arbitrary strings: one line per row, one TAB per separator', () => {
    const cell = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('\t', '\n', '\r', '\\', 't', 'n') }));
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, cell), { maxLength: 10 }), (pairs) => {
        const input = pairs.map(([a, b]) => ({ a, b }));
        const text = render(tsv, input, { columns: ['a', 'b'], header: false });
        const lines = text === '' ? [] : text.slice(0, -1).split('\n');
        expect(lines.map((l) => l.split('\t').map(unescape))).toEqual(pairs);
      }),
      { numRuns: 300 },
    );
  });
});
