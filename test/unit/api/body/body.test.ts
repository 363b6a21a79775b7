/**
 * src/api/body/body.ts reads a body by its stream's events: what a whole body, a body cut short and a
 * stream that ends early resolve or reject to (the fault server's tests show the same through undici).
 */
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readFullBody, readJsonBody, ShortBodyError } from '../../../../src/api/body/body.js';

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
