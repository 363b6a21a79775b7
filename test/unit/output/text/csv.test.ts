import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/domain/row.js';
import { formatter as csv } from '../../../../src/output/text/csv.js';
import { opts, parseCsv, render, rows } from './fixture.js';

describe('csv', () => {
  it('prints the header and rows with RFC 4180 quoting and numbers as received', () => {
    expect(render(csv, rows)).toBe(
      'date,gpu,price,change,note\n' + '2024-01-01,H100 SXM,2.5,-1.25,\n' + '2024-01-02,Ünïcødé 東京 🚀,0.1,3,"a, ""b""\nc"\n',
    );
  });

  it('leaves the header out with --no-header, and prints nothing for no rows', () => {
    expect(render(csv, rows.slice(0, 1), { header: false })).toBe('2024-01-01,H100 SXM,2.5,-1.25,\n');
    expect(render(csv, [], { header: false })).toBe('');
    expect(render(csv, [])).toBe('date,gpu,price,change,note\n');
  });

  it('renders booleans, nested values, missing fields and long doubles exactly', () => {
    const row: Row = { a: true, b: { x: [1, 'y,z'] }, c: 0.1 + 0.2, d: 1e21, e: 123456789012345680000 };
    expect(render(csv, [row], { columns: ['a', 'b', 'c', 'd', 'e', 'missing'], header: false })).toBe(
      'true,"{""x"":[1,""y,z""]}",0.30000000000000004,1e+21,123456789012345680000,\n',
    );
  });

  it('guards text cells against formulas with --csv-safe, never numbers', () => {
    const row: Row = { a: '=SUM(A1)', b: '+1', c: '-x', d: '@me', e: '\tt', f: '\rr', g: -1.25, h: 'ok-' };
    const cols = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(render(csv, [row], { columns: cols, header: false, csvSafe: true })).toBe(`'=SUM(A1),'+1,'-x,'@me,'\tt,"'\rr",-1.25,ok-\n`);
    expect(render(csv, [row], { columns: cols, header: false })).toBe('=SUM(A1),+1,-x,@me,\tt,"\rr",-1.25,ok-\n');
  });

  it('excel dialect: one BOM, CRLF line ends, formula guard implied', () => {
    expect(
      render(
        csv,
        [
          { a: '=1', b: -2 },
          { a: 'x', b: 3 },
        ],
        { columns: ['a', 'b'], dialect: 'excel' },
      ),
    ).toBe("\uFEFFa,b\r\n'=1,-2\r\nx,3\r\n");
  });

  it('streams lazily: a chunk per 1000 rows, before the input ends', () => {
    let pulled = 0;
    function* many(): Generator<Row> {
      for (let i = 0; i < 5000; i++) {
        pulled++;
        yield { date: String(i), gpu: 'g', price: i, change: -i, note: null };
      }
    }
    const it = csv.format(many(), opts())[Symbol.iterator]();
    const first = it.next();
    expect(first.done).toBe(false);
    expect(pulled).toBe(1000);
    expect((first.value as string).split('\n')).toHaveLength(1002); // header + 1000 rows + trailing ''
    expect(csv.streaming).toBe(true);
  });

  it('round-trips any Unicode text, numbers and nulls through an RFC 4180 parser', () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.constantFrom(',', '"', '\r', '\n', ' ', 'a', '=') }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.constant(null),
    );
    const cols = ['a', 'b', 'c'];
    const row = fc.record({ a: value, b: value, c: value });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), fc.boolean(), (input, excel) => {
        let text = render(csv, input, { columns: cols, dialect: excel ? 'excel' : 'rfc4180' });
        if (excel) {
          expect(text.startsWith('\uFEFF')).toBe(true);
          text = text.slice(1);
        }
        // The text survives UTF-8 encoding unchanged (no lone surrogates are produced).
        expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
        const expected = input.map((r) =>
          cols.map((c) => {
            const v = r[c as keyof typeof r];
            if (v === null) return '';
            if (typeof v === 'number') return String(v);
            return excel && /^[=+\-@\t\r]/.test(v) ? "'" + v : v;
          }),
        );
        expect(parseCsv(text)).toEqual([cols, ...expected]);
      }),
      { numRuns: 500 },
    );
  });
});
