/**
 * The piece cutter of the streaming JSON parser (json-rows.ts): the text of the `data` array's rows
 * is gathered into pieces of whole rows, each given to JSON.parse as soon as it is complete, so a
 * million-row body is never held as one text.
 */

import { setFlagsFromString } from 'node:v8';

// A body this many rows long is a big export: V8's young generation stops growing from then on. The
// rows survive every scavenge anyway, and a young generation grown to its maximum (2 × 16 MiB on
// Node 20, 2 × 64 MiB on Node 24) is peak memory for nothing: 200,000 rows 136 → 117 MiB (Node 20),
// 1,000,000 rows 429 → ~300 MiB (Node 24), in the same time. At 50,000 rows Node 24 had already grown
// it to 2 × 16 MiB; at 10,000 it stays at 2 × 4 MiB: 1M rows ~305 → ~285 MiB (Node 24), 200k rows
// 116 → 108 MiB (Node 20), same CPU time. Frozen from the start instead (1 MiB), a million rows take
// 40% longer.
// From the same point full collections mark in one pause instead of incrementally. Objects promoted
// while V8 marks incrementally are kept by that cycle, and the next one comes after the export: on
// Node 24, whose marking of a big heap spans ~100 ms of the parse, the body chunks in flight then,
// their decoded text and their pieces stayed to the end (10–30 MiB of old space, 5–20 MiB of socket
// buffers, varying with timing; a parse of the same text from a file showed none). 1M rows ~290
// (up to 337) → ~262 MiB, 200k rows ~128 → ~121 MiB, Node 20 unchanged, no slower on either.
// Process-wide, for the rest of the run, as V8 flags are.
const FREEZE_YOUNG_GENERATION_AT = 10_000;
let youngGenerationFrozen = false;

/** True once a large body has frozen the young generation for the rest of the run (see above). */
export function youngGenerationFrozenForRun(): boolean {
  return youngGenerationFrozen;
}

/**
 * Rows are parsed in pieces of about this many characters (whole rows): large enough that JSON.parse
 * dominates, small enough that a piece and its copies stay below V8's large-object size (~128 KiB)
 * and die young, in a scavenge, instead of piling up in old space until a full collection (256 KiB
 * pieces: 1M rows ~20 MiB more peak, and slower).
 */
export const PIECE_CHARS = 48 * 1024;

/** Thrown for text that is not JSON; the caller words it (it knows the byte count). */
export class NotJsonError extends Error {}

/** JSON.parse, throwing NotJsonError for text it refuses. */
export function parseOrThrow(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new NotJsonError((err as Error).message);
  }
}

/** The rows of one `data` array: the text of the piece being gathered, and the rows parsed so far. */
export class RowPieces {
  /**
   * The rows parsed so far, as JSON.parse gave them piece by piece; joined once, when asked for. One
   * array grown row by row leaves each outgrown copy behind in old space until the next full
   * collection (a million rows: 8 MiB live, up to 20 MiB of old copies at the end of the parse).
   */
  private parts: unknown[][] = [];
  /** The text of the current piece; it always starts where a row starts. */
  private piece = '';
  /** A comma between rows was dropped at a piece boundary: the next piece must hold a row. */
  private cut = false;
  /** How many rows the parts hold. */
  private count = 0;

  /** `pieceChars`: how much row text is parsed at once (small in tests, to cut often). */
  constructor(private readonly pieceChars: number) {}

  /** A new `data` array starts: no rows yet. */
  restart(): void {
    this.parts = [];
    this.count = 0;
    this.cut = false;
  }

  /** The rows parsed so far, in one array. */
  get rows(): unknown[] {
    const parts = this.parts;
    if (parts.length !== 1) this.parts = [parts.length === 0 ? [] : joinParts(parts)];
    return this.parts[0] as unknown[];
  }

  /** Adds row text to the piece. */
  add(text: string): void {
    this.piece += text;
  }

  /** True when the piece, with `more` characters still to add, is full enough to parse. */
  full(more = 0): boolean {
    return this.piece.length + more >= this.pieceChars;
  }

  /** The piece's text, taken out (to be scanned character by character instead). */
  drain(): string {
    const text = this.piece;
    this.piece = '';
    return text;
  }

  /** Parses the rows of the piece up to its last `},` when that is a row boundary; false when it is not. */
  cutAtGuess(): boolean {
    const p = this.piece;
    const at = p.lastIndexOf('},');
    if (at < 0) return false;
    let got: unknown[];
    try {
      got = JSON.parse(`[${p.slice(0, at + 1)}]`) as unknown[];
    } catch {
      return false;
    }
    this.addRows(got);
    this.piece = p.slice(at + 2);
    this.cut = true;
    return true;
  }

  /** Parses the rows collected so far; `last` at the closing bracket. */
  parse(last: boolean): void {
    const got = parseOrThrow(`[${this.piece}]`) as unknown[];
    this.piece = '';
    // Only white space: a dropped comma must have a row on each side ("[1,]", "[,1]" stay errors).
    if (got.length === 0 && (this.cut || !last)) throw new NotJsonError('a comma without a row beside it');
    this.addRows(got);
    this.cut = !last;
  }

  private addRows(got: unknown[]): void {
    if (got.length === 0) return;
    this.parts.push(got);
    this.count += got.length;
    if (!youngGenerationFrozen && this.count > FREEZE_YOUNG_GENERATION_AT) {
      youngGenerationFrozen = true;
      setFlagsFromString('--semi-space-growth-factor=1');
      setFlagsFromString('--no-incremental-marking');
    }
  }
}

/** The parts' rows in order, in one array allocated at its final size (concat's fast path). */
export function joinParts(parts: readonly unknown[][]): unknown[] {
  // Spread arguments have a limit (~65k on V8); a 256 MiB body has a few thousand pieces, but batch anyway.
  const BATCH = 8192;
  if (parts.length <= BATCH) return ([] as unknown[]).concat(...parts);
  const batches: unknown[][] = [];
  for (let i = 0; i < parts.length; i += BATCH) batches.push(joinParts(parts.slice(i, i + BATCH)));
  return joinParts(batches);
}
