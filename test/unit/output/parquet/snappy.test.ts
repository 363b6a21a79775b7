/**
 * gpumkt's snappy compressor writes exactly the bytes hyparquet-writer's own would (same format, same
 * match search), so Parquet files are unchanged by it; and every output decompresses to its input.
 */
import { snappyUncompress } from 'hyparquet';
import { snappyCompress as writersOwn } from 'hyparquet-writer/src/snappy.js';
import { describe, expect, it } from 'vitest';
import { maxCompressedLength, snappyCompress } from '../../../../src/output/parquet/snappy.js';

/** A deterministic pseudo-random byte source (xorshift32). */
function randomBytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** What a plain-encoded INT64 timestamp page holds: hourly microseconds, little-endian. */
function timestampPage(n: number): Uint8Array {
  const view = new DataView(new ArrayBuffer(n * 8));
  for (let i = 0; i < n; i++) view.setBigInt64(i * 8, BigInt(Date.UTC(2020, 0, 1) + i * 3_600_000) * 1000n, true);
  return new Uint8Array(view.buffer);
}

/** Text with long and short repeats, like a page of model names or labels. */
function labels(n: number): Uint8Array {
  const words = ['H100 SXM', 'H200', 'A100 SXM4', 'RTX 5090', 'B200', 'hourly', 'daily'];
  let s = '';
  for (let i = 0; s.length < n; i++) s += words[(i * 7919) % words.length]!;
  return new TextEncoder().encode(s.slice(0, n));
}

const inputs: [string, Uint8Array][] = [
  ['empty', new Uint8Array(0)],
  ...[1, 4, 14, 15, 16, 17, 20, 64, 65, 100].map((n): [string, Uint8Array] => [`${n} random bytes`, randomBytes(n, n)]),
  ['zeros, 70,000', new Uint8Array(70_000)],
  ['random, 200,000', randomBytes(200_000, 7)],
  ['timestamps, 16,000', timestampPage(16_000)],
  ['labels, 150,000', labels(150_000)],
  ['one byte repeated 1,000', new Uint8Array(1000).fill(65)],
  ['labels seen through a view at an odd offset of a larger buffer', labels(20_003).subarray(3)],
  [
    'random then its copy 70 KiB later',
    (() => {
      const a = randomBytes(70_000, 3);
      const out = new Uint8Array(140_000);
      out.set(a);
      out.set(a, 70_000);
      return out;
    })(),
  ],
];

describe('snappyCompress', () => {
  it.each(inputs)('%s: the same bytes as hyparquet-writer’s compressor, and back again', (_name, input) => {
    const ours = snappyCompress(input).slice();
    expect(Buffer.from(ours).equals(Buffer.from(writersOwn(input)))).toBe(true);
    expect(ours.length).toBeLessThanOrEqual(maxCompressedLength(input.length));
    const back = new Uint8Array(input.length);
    snappyUncompress(ours, back);
    expect(Buffer.from(back).equals(Buffer.from(input))).toBe(true);
  });

  it('compresses what repeats (a page of labels to under a fifth of its size)', () => {
    const page = labels(150_000);
    expect(snappyCompress(page).length).toBeLessThan(page.length / 5);
  });
});
