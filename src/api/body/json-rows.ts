/**
 * Parses a response body as it arrives, without ever holding its whole text: the envelope's `data`
 * array is cut into pieces of whole rows (row-pieces.ts), each piece parsed by JSON.parse as soon as it is complete;
 * everything else (success, query, …) is kept as text and parsed at the end. The result is the value
 * JSON.parse would give for the whole text (same rows, same numbers, same key order, the last of
 * duplicate keys) and any text JSON.parse refuses is refused. A million-row export holds its rows and
 * one piece, not the body, its text and the rows at once (~2.5 × less peak memory).
 */

import { NotJsonError, parseOrThrow, PIECE_CHARS, RowPieces } from './row-pieces.js';

export { NotJsonError } from './row-pieces.js';

// Character codes the scanner looks at; everything else (numbers, literals, white space) passes through.
const QUOTE = 34;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;

/** An incremental parser of one JSON document whose top-level `data` array may be large. */
export class JsonRowsParser {
  private depth = 0;
  private inString = false;
  /** Depth-1 state of the root object: expecting a key, reading one, or reading a value. */
  private rootIsObject = false;
  private expectKey = false;
  private keyText: string | undefined;
  private key: string | undefined;
  /** True while the scanner is inside the root's `data` array (between its brackets). */
  private inData = false;
  /** True when the last `data` member seen was an array (its rows are `rows`). */
  private dataIsArray = false;
  private rest = '';
  /** The rows of the data array, parsed piece by piece. */
  private readonly pieces: RowPieces;
  /** Text carried to the next chunk: a backslash that ended one, whose escaped character is yet to come. */
  private carry = '';

  /** Inside the data array, the scanner stopped cutting pieces by guess (see push). */
  private careful = false;

  /** `pieceChars`: how much row text is parsed at once (small in tests, to cut often). */
  constructor(pieceChars = PIECE_CHARS) {
    this.pieces = new RowPieces(pieceChars);
  }

  /**
   * Feeds the next part of the text. Inside the data array rows are not scanned character by
   * character: a piece (which always starts where a row starts) is cut at its last `},` and the part
   * before is given to JSON.parse, which succeeds only if the cut fell between rows (a cut inside a
   * string leaves it open, one inside a row leaves a bracket open). When no guess parses, the
   * piece is scanned from its start and the rest of the array with it, as everything else is.
   */
  push(chunk: string): void {
    if (this.inData && !this.careful) {
      // A backslash carried over belongs to the piece; the scanner's state is rebuilt from the piece's start if needed.
      this.pieces.add(this.carry + chunk);
      this.carry = '';
      if (this.pieces.full() && !this.pieces.cutAtGuess()) this.rescan();
      return;
    }
    this.scan(chunk);
  }

  /** Scans the piece from its start (a row boundary, at depth 2), and the rest of the array after it. */
  private rescan(): void {
    const text = this.pieces.drain();
    this.careful = true;
    this.depth = 2;
    this.inString = false;
    this.scan(text);
  }

  /** Scans text character by character, keeping track of strings, depth and the root's members. */
  private scan(chunk: string): void {
    const text = this.carry === '' ? chunk : this.carry + chunk;
    this.carry = '';
    const n = text.length;
    let start = 0;
    let i = 0;
    // The next backslash at or after i (-1: none left), looked up again only once passed.
    let bs = text.indexOf('\\');
    while (i < n) {
      if (this.inString) {
        const q = text.indexOf('"', i);
        if (bs !== -1 && bs < i) bs = text.indexOf('\\', i);
        if (bs !== -1 && (q === -1 || bs < q)) {
          if (bs + 1 >= n) {
            // The escaped character is in the next chunk: carry the backslash over.
            this.take(text, start, bs);
            this.carry = '\\';
            return;
          }
          i = bs + 2;
          continue;
        }
        if (q === -1) break;
        this.inString = false;
        i = q + 1;
        if (this.keyText !== undefined) this.keyText += text.slice(start, i);
        continue;
      }
      start = this.structural(text.charCodeAt(i), text, i, start);
      i++;
    }
    this.take(text, start, n);
  }

  /** Handles one character outside strings at `i`; returns where the text not yet taken starts. */
  private structural(c: number, text: string, i: number, start: number): number {
    if (c === QUOTE) {
      if (this.depth === 1) {
        if (this.expectKey) {
          this.take(text, start, i);
          start = i;
          this.keyText = '';
        } else if (this.key === 'data') this.endDataMember();
      }
      this.inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (this.depth === 0) {
        this.rootIsObject = c === OPEN_BRACE;
        this.expectKey = this.rootIsObject;
      } else if (this.depth === 1 && this.key === 'data') {
        this.endDataMember();
        if (c === OPEN_BRACKET) {
          // The bracket goes to the envelope's text; the rows after it are parsed in pieces.
          this.take(text, start, i + 1);
          start = i + 1;
          this.dataIsArray = true;
          this.inData = true;
          this.pieces.restart();
          this.careful = false;
        }
      }
      this.depth++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      this.depth--;
      if (this.inData && this.depth === 1) {
        this.take(text, start, i);
        start = i;
        this.pieces.parse(true);
        this.inData = false;
      }
    } else if (c === COMMA) {
      if (this.depth === 1) this.expectKey = this.rootIsObject;
      else if (this.inData && this.depth === 2 && this.pieces.full(i - start)) {
        // A piece is full: parse it, and drop the comma that separates it from the next.
        this.take(text, start, i);
        start = i + 1;
        this.pieces.parse(false);
      }
    } else if (this.depth === 1) {
      if (c === COLON && this.keyText !== undefined) {
        this.key = this.rootIsObject ? parseKey(this.keyText) : undefined;
        this.keyText = undefined;
        this.expectKey = false;
      } else if (this.key === 'data' && c > 32) this.endDataMember(); // a number or a literal
    }
    return start;
  }

  /** The value of a `data` member starts: it is the array of rows only if it is an array (set by the caller). */
  private endDataMember(): void {
    this.key = undefined;
    this.dataIsArray = false;
  }

  /** The parsed document, once all text has been pushed. */
  end(): unknown {
    if (this.inData && !this.careful) this.rescan();
    if (this.carry !== '' || this.inData) throw new NotJsonError('the text ends inside the data array');
    const envelope = parseOrThrow(this.rest) as Record<string, unknown> | null;
    if (this.dataIsArray && typeof envelope === 'object' && envelope !== null && !Array.isArray(envelope)) envelope.data = this.pieces.rows;
    return envelope;
  }

  /** Appends text[from, to) to the piece (inside data) or to the envelope's text. */
  private take(text: string, from: number, to: number): void {
    if (to <= from) return;
    const s = text.slice(from, to);
    if (this.keyText !== undefined && this.inString) this.keyText += s;
    if (this.inData) this.pieces.add(s);
    else this.rest += s;
  }
}

/** A member name as JSON.parse reads it (escapes resolved); anything else is no name. */
function parseKey(raw: string): string | undefined {
  try {
    const k: unknown = JSON.parse(raw.trim());
    return typeof k === 'string' ? k : undefined;
  } catch {
    return undefined;
  }
}
