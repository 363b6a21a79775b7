/**
 * Snappy compression of one Parquet page, handed to hyparquet-writer as its SNAPPY compressor. The
 * same format and the same match search as the writer's own (a port of snappyjs: one hash table of 4-byte
 * sequences, copies up to 64 KiB back), but the output goes straight into one buffer sized for the
 * worst case, byte by byte into a Uint8Array, where the writer's own grows a ByteWriter from 1 KiB and
 * writes every byte through a bounds check and a DataView. On a million-row export that was a third of
 * the Parquet writer's time.
 */

const HASH_BITS_MAX = 14;
const MAX_OFFSET = 65_535;
// Bytes from the end within which no match is searched (snappy's kInputMarginBytes).
const INPUT_MARGIN = 15;

const hashTables: Uint32Array[] = [];
// The output of the last call: hyparquet-writer copies a page's compressed bytes into the file at once
// (datapage.js, dictionary.js: appendBytes right after compressing), so one buffer serves every page.
let scratch = new Uint8Array(0);

/** The most bytes snappy can produce for `n` input bytes (snappy's MaxCompressedLength). */
export function maxCompressedLength(n: number): number {
  return 32 + n + Math.floor(n / 6);
}

function hashOf(view: DataView, pos: number, shift: number): number {
  return Math.imul(view.getUint32(pos, true), 0x1e35a7bd) >>> shift;
}

function equals32(view: DataView, a: number, b: number): boolean {
  return view.getUint32(a, true) === view.getUint32(b, true);
}

function writeVarint(out: Uint8Array, op: number, value: number): number {
  let v = value;
  while (v >= 0x80) {
    out[op++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[op++] = v;
  return op;
}

function emitLiteral(out: Uint8Array, op: number, input: Uint8Array, from: number, len: number): number {
  const n = len - 1;
  if (n < 60) out[op++] = n << 2;
  else {
    const bytes = n < 0x100 ? 1 : n < 0x10000 ? 2 : n < 0x1000000 ? 3 : 4;
    out[op++] = (59 + bytes) << 2;
    for (let i = 0; i < bytes; i++) out[op++] = (n >>> (i * 8)) & 0xff;
  }
  // A short literal (the usual case between copies) is copied by hand: subarray() makes an object.
  if (len <= 16) for (let i = 0; i < len; i++) out[op + i] = input[from + i]!;
  else out.set(input.subarray(from, from + len), op);
  return op + len;
}

/** One copy of 4–64 bytes. */
function emitCopyUpTo64(out: Uint8Array, op: number, offset: number, len: number): number {
  if (len < 12 && offset < 2048) {
    out[op++] = 1 + ((len - 4) << 2) + ((offset >>> 8) << 5);
    out[op++] = offset & 0xff;
  } else {
    out[op++] = 2 + ((len - 1) << 2);
    out[op++] = offset & 0xff;
    out[op++] = offset >>> 8;
  }
  return op;
}

function emitCopy(out: Uint8Array, op: number, offset: number, length: number): number {
  let len = length;
  while (len >= 68) {
    op = emitCopyUpTo64(out, op, offset, 64);
    len -= 64;
  }
  if (len > 64) {
    op = emitCopyUpTo64(out, op, offset, 60);
    len -= 60;
  }
  return emitCopyUpTo64(out, op, offset, len);
}

function hashTableFor(size: number): { table: Uint32Array; shift: number } {
  let bits = 1;
  while (1 << bits <= size && bits <= HASH_BITS_MAX) bits++;
  bits--;
  const table = (hashTables[bits] ??= new Uint32Array(1 << bits));
  table.fill(0);
  return { table, shift: 32 - bits };
}

// Where nextMatch found the earlier copy of the bytes at the position it returns (no array per match).
let matchFrom = 0;

/**
 * The position of the next match at or after `from` (its earlier copy in `matchFrom`), or -1 when none
 * starts at or before `limit`. Probes step further apart the longer nothing matches (snappy's skip).
 */
function nextMatch(view: DataView, from: number, limit: number, table: Uint32Array, shift: number): number {
  let skip = 32;
  let next = from;
  let nextHash = hashOf(view, next, shift);
  for (;;) {
    const ip = next;
    const hash = nextHash;
    next = ip + (skip++ >>> 5);
    if (ip > limit) return -1;
    // Beyond the limit the next probe is never used: its hash is not read (it would read past the end).
    if (next <= limit) nextHash = hashOf(view, next, shift);
    const candidate = table[hash]!;
    table[hash] = ip;
    if (ip - candidate <= MAX_OFFSET && equals32(view, ip, candidate)) {
      matchFrom = candidate;
      return ip;
    }
  }
}

/** How many bytes from `at` repeat those from `from` (at least the 4 already known), up to `size`. */
function matchLength(view: DataView, input: Uint8Array, at: number, from: number, size: number): number {
  let n = 4;
  while (at + n + 4 <= size && view.getUint32(at + n, true) === view.getUint32(from + n, true)) n += 4;
  while (at + n < size && input[at + n] === input[from + n]) n++;
  return n;
}

/** `input` compressed in snappy's raw format (what Parquet's SNAPPY codec stores). The result is valid until the next call. */
export function snappyCompress(input: Uint8Array): Uint8Array {
  const size = input.length;
  if (scratch.length < maxCompressedLength(size)) scratch = new Uint8Array(maxCompressedLength(size));
  const out = scratch;
  let op = writeVarint(out, 0, size);
  let emitted = 0;
  if (size >= INPUT_MARGIN) {
    const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
    const { table, shift } = hashTableFor(size);
    const limit = size - INPUT_MARGIN;
    for (let at = nextMatch(view, 1, limit, table, shift); at >= 0;) {
      let candidate = matchFrom;
      op = emitLiteral(out, op, input, emitted, at - emitted);
      // Copies follow each other while the bytes at the end of one copy repeat something seen before.
      for (;;) {
        const matched = matchLength(view, input, at, candidate, size);
        op = emitCopy(out, op, at - candidate, matched);
        at += matched;
        emitted = at;
        if (at >= limit) break;
        table[hashOf(view, at - 1, shift)] = at - 1;
        const hash = hashOf(view, at, shift);
        candidate = table[hash]!;
        table[hash] = at;
        if (!(at - candidate <= MAX_OFFSET && equals32(view, at, candidate))) break;
      }
      if (at >= limit) break;
      at = nextMatch(view, at + 1, limit, table, shift);
    }
  }
  if (emitted < size) op = emitLiteral(out, op, input, emitted, size - emitted);
  return out.subarray(0, op);
}
