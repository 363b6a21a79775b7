/**
 * Counter-based pseudo-randomness for the sandbox: a pure hash of integers, so any value of the
 * synthetic market can be computed on its own (random access) and is the same on every machine.
 * Only integer ops (Math.imul, shifts) and one exact division are used: no Math.random, no
 * transcendental functions whose last bits could differ between engines.
 */

/** Mixes a 32-bit state (the finaliser of MurmurHash3): every input bit affects every output bit. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A 32-bit unsigned hash of three integers (each taken modulo 2^32): a stream id, a key (model) and
 * an index (day or hour). Fixed arity: this runs several times per served row, so no rest arrays.
 */
export function hash3(a: number, b: number, c: number): number {
  let h = 0x9e3779b9;
  h = fmix32((h ^ fmix32(a | 0)) + 0x7f4a7c15);
  h = fmix32((h ^ fmix32(b | 0)) + 0x7f4a7c15);
  h = fmix32((h ^ fmix32(c | 0)) + 0x7f4a7c15);
  return h;
}

/** A deterministic number in [0, 1) from (stream, key, index): exact, since 2^32 divides a double exactly. */
export function unit(stream: number, key: number, index: number): number {
  return hash3(stream, key, index) / 4294967296;
}

/** A deterministic integer in [0, n) from (stream, key, index). */
export function intBelow(n: number, stream: number, key: number, index: number): number {
  return Math.floor(unit(stream, key, index) * n);
}

/** Rounds to `decimals` places; generated values are rounded before anything is derived from them. */
export function roundTo(x: number, decimals: 0 | 1 | 2 | 3 | 4 | 5 | 6): number {
  const f = POW10[decimals] as number;
  return Math.round(x * f) / f;
}

// Literal powers of ten: exact doubles, independent of how an engine implements `**`.
const POW10 = [1, 10, 100, 1000, 10000, 100000, 1000000] as const;
