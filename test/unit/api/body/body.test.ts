/**
 * src/api/body/body.ts reads a body by its stream's events: what a whole body, a body cut short and a
 * stream that ends early resolve or reject to (the fault server's tests show the same through undici).
 */
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readFullBody, readJsonBody, ShortBodyError, WHOLE_BELOW } from '../../../../src/api/body/body.js';

/** A response whose body is `body`, with `length` as its Content-Length when given. */
function response(body: Readable, length?: number): never {
  return { statusCode: 200, headers: length === undefined ? {} : { 'content-length': String(length) }, body } as never;
}
const chunks = (...parts: string[]): Readable =>
  Readable.from(
    parts.map((p) => Buffer.from(p)),
    { objectMode: false },
  );

describe('reading a body', () => {
  it('parses a JSON body that arrives in pieces, and counts its bytes', async () => {
    const text = '{"data":[{"a":1},{"a":2}]}';
    const r = await readJsonBody(response(chunks(text.slice(0, 7), text.slice(7, 15), text.slice(15)), text.length), 'x');
    expect(r).toEqual({ json: { data: [{ a: 1 }, { a: 2 }] }, bytes: text.length });
  });

  it('refuses a body shorter than its Content-Length', async () => {
    await expect(readFullBody(response(chunks('abc'), 10), 'x')).rejects.toBeInstanceOf(ShortBodyError);
  });

  it('refuses a body larger than the cap as it arrives', async () => {
    await expect(readFullBody(response(chunks('abcd', 'efgh')), 'what', 6)).rejects.toThrow(/what: the response is larger than/);
  });

  it('rejects with the stream’s error when it fails mid-body', async () => {
    const body = new Readable({ read() {} });
    const read = readFullBody(response(body), 'x');
    body.push(Buffer.from('ab'));
    body.destroy(new Error('socket hang up'));
    await expect(read).rejects.toThrow('socket hang up');
  });

  it('rejects when the stream closes before its end, also when it closed before it was read', async () => {
    const body = new Readable({ read() {} });
    const read = readFullBody(response(body), 'x');
    body.push(Buffer.from('ab'));
    body.destroy();
    await expect(read).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
    const gone = new Readable({ read() {} });
    gone.destroy();
    await once(gone, 'close');
    await expect(readFullBody(response(gone), 'x')).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
});

describe('a JSON body, held whole when short, parsed piece by piece when long', () => {
  /** A body of `rows` rows, its text cut into chunks of `cut` bytes (so a character may straddle two). */
  const body = (rows: number, extra = ''): Buffer =>
    Buffer.from(
      `{"success":true,"note":"préférence ✓","data":[${Array.from({ length: rows }, (_, i) => `{"t":"2026-11-${String((i % 28) + 1).padStart(2, '0')}","v":${i / 7},"s":"ü${i}"}`).join(',')}]${extra}}`,
    );
  const cutInto = (buf: Buffer, cut: number): Readable =>
    Readable.from(
      Array.from({ length: Math.ceil(buf.length / cut) }, (_, i) => buf.subarray(i * cut, (i + 1) * cut)),
      { objectMode: false },
    );
  const read = (buf: Buffer) => readJsonBody(response(cutInto(buf, 1000), buf.length), 'x');
  const SHORT = 20;
  const LONG = 4000;

  it('is held whole below WHOLE_BELOW and read in pieces above it (the sizes this test relies on)', () => {
    expect(body(SHORT).length).toBeLessThan(WHOLE_BELOW);
    expect(body(LONG).length).toBeGreaterThan(WHOLE_BELOW);
  });

  it('a short body in one chunk or in many: the same value, the same refusal', async () => {
    const buf = body(SHORT);
    const cutAt = (cut: number) => (b: Buffer) => readJsonBody(response(cutInto(b, cut), b.length), 'x');
    const [inOne, inPieces] = [cutAt(1 << 20), cutAt(37)];
    const whole = await inOne(buf);
    expect(whole.json).toEqual(JSON.parse(buf.toString('utf8')));
    expect(await inPieces(buf)).toEqual(whole);
    const broken = Buffer.concat([buf.subarray(0, 50), Buffer.from([0xff]), buf.subarray(50)]);
    for (const read1 of [inOne, inPieces])
      await expect(read1(broken)).rejects.toThrow(`x: the response is not valid UTF-8 text (${broken.length} bytes)`);
  });

  it.each([
    ['short', SHORT],
    ['long', LONG],
  ])('a %s body: the value JSON.parse gives for its text, a leading byte order mark dropped', async (_, rows) => {
    const buf = body(rows);
    expect(await read(buf)).toEqual({ json: JSON.parse(buf.toString('utf8')), bytes: buf.length });
    const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), buf]);
    expect(await read(marked)).toEqual({ json: JSON.parse(buf.toString('utf8')), bytes: marked.length });
  });

  it.each([
    ['short', SHORT],
    ['long', LONG],
  ])('a %s body: refused as not UTF-8 (a stray byte, an encoded surrogate) or not JSON, in the same words', async (_, rows) => {
    const buf = body(rows);
    const at = buf.length - 10;
    for (const bad of [Buffer.from([0xff]), Buffer.from([0xed, 0xa0, 0x80])]) {
      const broken = Buffer.concat([buf.subarray(0, at), bad, buf.subarray(at)]);
      await expect(read(broken)).rejects.toThrow(`x: the response is not valid UTF-8 text (${broken.length} bytes)`);
    }
    const twice = Buffer.concat([buf, Buffer.from('}')]);
    await expect(read(twice)).rejects.toThrow(`x: the response is not JSON (${twice.length} bytes)`);
    const marks = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]), buf]);
    await expect(read(marks)).rejects.toThrow(`x: the response is not JSON (${marks.length} bytes)`);
  });
});
