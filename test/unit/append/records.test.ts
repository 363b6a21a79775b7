/** Record splitting of the files --append reads: quoted line breaks, CRLF, BOM, chunk boundaries. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp.js';
import { readRecords, recordText } from '../../../src/append/records.js';
import { csvCell, parseCsvRecord, parseCsvRecordStrict } from '../../../src/output/text/csv.js';
import { parseTsvRecord, tsvCell } from '../../../src/output/text/tsv.js';

const tmp = (content: string | Buffer): string => {
  const file = join(makeTempDir('rec'), 'f');
  writeFileSync(file, content);
  return file;
};

async function all(file: string, quoted: boolean) {
  const out = [];
  for await (const batch of readRecords(file, quoted)) out.push(...batch);
  return out;
}

describe('readRecords', () => {
  it('splits on LF, keeps CRLF and byte offsets, and reports an unterminated last line', async () => {
    const text = '\uFEFFa,b\r\n"x\r\ny",2\r\nlast,1';
    const recs = await all(tmp(text), true);
    expect(recs.map((r) => recordText(r, r.start === 0))).toEqual(['a,b', '"x\r\ny",2', 'last,1']);
    expect(recs.map((r) => [r.crlf, r.terminated])).toEqual([
      [true, true],
      [true, true],
      [false, false],
    ]);
    const bytes = Buffer.from(text);
    expect(recs.at(-1)?.end).toBe(bytes.length);
    for (const r of recs) expect(bytes.subarray(r.start, r.end).equals(r.bytes)).toBe(true);
  });

  it('without quoting (tsv, ndjson) a quote does not hold the line open', async () => {
    const recs = await all(tmp('a"b\nc\n'), false);
    expect(recs.map((r) => recordText(r, false))).toEqual(['a"b', 'c']);
  });

  it('round-trips any csv cells, multi-byte text and line breaks included, across 1 MiB chunk boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 20 }),
        async (rows) => {
          // A long first line pushes later records across the reader's chunk boundary.
          const pad = 'p'.repeat((1 << 20) - 7);
          const lines = [[pad], ...rows].map((r) => r.map((c) => csvCell(c, false)).join(','));
          const recs = await all(tmp(lines.join('\n') + '\n'), true);
          expect(recs.map((r) => parseCsvRecord(recordText(r, false)))).toEqual([[pad], ...rows.map((r) => r.map(String))]);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('parseTsvRecord', () => {
  it('undoes the linear-TSV escapes the tsv format writes', () => {
    const cells = ['a\tb', 'c\nd', 'e\\f', 'g\rh', 'plain'];
    expect(parseTsvRecord(cells.map((c) => tsvCell(c, false)).join('\t'))).toEqual(cells);
  });
});

describe('parseCsvRecordStrict', () => {
  it('reads every record the csv formatter writes, exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 6 }), (cells) => {
        expect(parseCsvRecordStrict(cells.map((c) => csvCell(c, false)).join(','))).toEqual(cells);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what a CSV reader could only guess at', () => {
    expect(parseCsvRecordStrict('a,"b,c')).toBeUndefined(); // a quoted field that never ends
    expect(parseCsvRecordStrict('a,"b"c,d')).toBeUndefined(); // text after a closing quote
    expect(parseCsvRecordStrict('a,b"c,d')).toBeUndefined(); // a quote inside an unquoted field
    expect(parseCsvRecordStrict('a,"b""c",d')).toEqual(['a', 'b"c', 'd']);
    expect(parseCsvRecordStrict('a,"x\ny",')).toEqual(['a', 'x\ny', '']);
    expect(parseCsvRecordStrict('')).toEqual(['']);
  });
});
