/**
 * The streaming parser of response bodies gives exactly what JSON.parse gives for the whole text —
 * same rows, numbers, key order, the last of duplicate keys — and refuses what JSON.parse refuses,
 * however the text is cut into chunks and pieces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonRowsParser, NotJsonError } from '../../../../src/api/body/json-rows.js';

/** Parses `text` fed in chunks cut at `cuts` (positions), rows parsed in pieces of `pieceChars`. */
function streamed(text: string, cuts: number[], pieceChars: number): unknown {
  const p = new JsonRowsParser(pieceChars);
  let at = 0;
  for (const c of [...new Set(cuts)].filter((x) => x > 0 && x < text.length).sort((a, b) => a - b)) {
    p.push(text.slice(at, c));
    at = c;
  }
  p.push(text.slice(at));
  return p.end();
}

/** JSON.parse's verdict: the value, or 'refused'. */
function reference(text: string): unknown {
  try {
    return { ok: JSON.parse(text) as unknown };
  } catch {
    return 'refused';
  }
}
function ours(text: string, cuts: number[], pieceChars: number): unknown {
  try {
    return { ok: streamed(text, cuts, pieceChars) };
  } catch (err) {
    if (err instanceof NotJsonError) return 'refused';
    throw err;
  }
}

const row = fc.record(
  {
    recorded_at: fc.string({ unit: fc.constantFrom('a', '"', '\\', '\u00e9', '\ud83d\ude00', ',', ']', '}', '{', ':', ' ') }),
    index_value: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.constant(0.1 + 0.2), fc.constant(1e21)),
    nested: fc.option(fc.jsonValue({ maxDepth: 3 })),
  },
  { requiredKeys: ['recorded_at', 'index_value'] },
);

const envelope = fc.record({
  success: fc.boolean(),
  query: fc.option(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }))),
  data: fc.oneof(fc.array(row, { maxLength: 40 }), row, fc.jsonValue({ maxDepth: 2 })),
});

describe('JsonRowsParser', () => {
  it('gives what JSON.parse gives for envelopes, however the text is chunked and pieced', () => {
    fc.assert(
      fc.property(envelope, fc.array(fc.nat(4000)), fc.integer({ min: 1, max: 300 }), fc.boolean(), (env, cuts, piece, pretty) => {
        const text = JSON.stringify(env, null, pretty ? 2 : undefined);
        expect(ours(text, cuts, piece)).toEqual(reference(text));
      }),
      { numRuns: 400 },
    );
  });

  it('refuses what JSON.parse refuses, after edits of a valid body', () => {
    const base = JSON.stringify({
      success: true,
      query: { n: 3 },
      data: [
        { a: 1, b: 'x,y' },
        { a: 2, b: ']}' },
        { a: 3, b: '\\"' },
      ],
    });
    fc.assert(
      fc.property(
        fc.nat(base.length - 1),
        fc.constantFrom('', ',', ']', '[', '}', '{', '"', '\\', ':', ' ', 'x', '1'),
        fc.array(fc.nat(200)),
        fc.integer({ min: 1, max: 40 }),
        (at, ch, cuts, piece) => {
          const text = base.slice(0, at) + ch + base.slice(at + 1);
          expect(ours(text, cuts, piece)).toEqual(reference(text));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['[1,]', '{"data":[1,]}'],
    ['rows, then a comma', '{"data":[{"a":1},{"a":2},]}'],
    ['rows, two commas', '{"data":[{"a":1},,{"a":2}]}'],
    ['rows and a string holding },', '{"data":[{"a":"},{"},{"a":"\\"},"}]}'],
    ['rows of rows', '{"data":[{"a":{"b":1},"c":[{"d":2},{"e":3}]},{"a":4}]}'],
    ['[,1]', '{"data":[,1]}'],
    ['[1,,2]', '{"data":[1,,2]}'],
    ['[1 2]', '{"data":[1 2]}'],
    ['trailing text', '{"data":[1]} x'],
    ['truncated', '{"data":[1,2'],
    ['a key written with escapes', '{"d\\u0061ta":[{"a":1},{"a":2}]}'],
    ['duplicate data, last an array', '{"data":[1],"data":[2,3]}'],
    ['duplicate data, last a string', '{"data":[1,2],"data":"x"}'],
    ['duplicate data, last an object', '{"data":[1,2],"data":{"a":1}}'],
    ['data nested deeper', '{"query":{"data":[9]},"data":[1]}'],
    ['a root array', '[{"data":[1]}]'],
    ['empty rows', '{"data":[ ]}'],
    ['spaces around', ' \n{ "data" : [ 1 , 2 ] } \n'],
  ])('matches JSON.parse at every cut and piece size: %s', (_name, text) => {
    for (let cut = 0; cut <= text.length; cut++)
      for (const piece of [1, 2, 5, 1000]) expect(ours(text, [cut], piece)).toEqual(reference(text));
  });

  it('keeps every number as JSON.parse reads it, beyond float64 too', () => {
    const text =
      '{"data":[{"v":0.1000000000000000055511151231257827},{"v":123456789012345678901234567890},{"v":-0.0},{"v":1e-400},{"v":2.4190}]}';
    expect(streamed(text, [17, 40, 77], 3)).toEqual(JSON.parse(text));
  });
});
