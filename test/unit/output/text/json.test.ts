import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/domain/row.js';
import { formatter as json } from '../../../../src/output/text/json.js';
import { formatter as ndjson } from '../../../../src/output/text/ndjson.js';
import { opts, render, rows } from './fixture.js';

describe('json', () => {
  it('prints an array, one compact row per line, extra fields and key order kept', () => {
    expect(render(json, rows)).toBe(
      '[\n' +
        '{"date":"2024-01-01","gpu":"H100 SXM","price":2.5,"change":-1.25,"note":null},\n' +
        '{"date":"2024-01-02","gpu":"Ünïcødé 東京 🚀","price":0.1,"change":3,"note":"a, \\"b\\"\\nc","id":7}\n' +
        ']\n',
    );
  });

  it('projects rows to the chosen columns, in their order, missing ones as null', () => {
    expect(render(json, rows, { columns: ['price', 'date', 'nope'], selected: true })).toBe(
      '[\n{"price":2.5,"date":"2024-01-01","nope":null},\n{"price":0.1,"date":"2024-01-02","nope":null}\n]\n',
    );
  });

  it('prints [] for no rows', () => {
    expect(render(json, [])).toBe('[]\n');
  });

  it('parses back to the rows it was given, nested values included', () => {
    const row = fc.dictionary(
      fc.string(),
      fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as unknown),
    );
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (input: Row[]) => {
        expect(JSON.parse(render(json, input))).toEqual(input);
        const lines = render(ndjson, input).split('\n');
        expect(lines.pop()).toBe('');
        expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(input);
      }),
      { numRuns: 300 },
    );
  });

  it('streams a chunk per 1000 rows and stays valid JSON across chunks', () => {
    const input = Array.from({ length: 2500 }, (_, i) => ({ i }));
    const chunks = [...json.format(input, opts())];
    expect(chunks).toHaveLength(3);
    expect(JSON.parse(chunks.join(''))).toEqual(input);
  });
});

describe('ndjson', () => {
  it('prints one object per line, the last line ending in LF too', () => {
    expect(render(ndjson, rows)).toBe(
      '{"date":"2024-01-01","gpu":"H100 SXM","price":2.5,"change":-1.25,"note":null}\n' +
        '{"date":"2024-01-02","gpu":"Ünïcødé 東京 🚀","price":0.1,"change":3,"note":"a, \\"b\\"\\nc","id":7}\n',
    );
  });

  it('projects with --columns and prints nothing for no rows', () => {
    expect(render(ndjson, rows, { columns: ['gpu'], selected: true })).toBe('{"gpu":"H100 SXM"}\n{"gpu":"Ünïcødé 東京 🚀"}\n');
    expect(render(ndjson, [])).toBe('');
  });
});
