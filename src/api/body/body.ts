/**
 * Reads a response body whole or not at all: a body cut short, longer than the cap, or not valid UTF-8
 * is an error, so no row is ever made from part of a response.
 */
import { isUtf8 } from 'node:buffer';
import type { Dispatcher } from 'undici';
import { InvalidResponseError } from '../../errors.js';
import { JsonRowsParser, NotJsonError } from './json-rows.js';
import { parseOrThrow } from './row-pieces.js';

/** The most a 2xx body may hold (a year of hourly rows for one model is a few MB). */
export const MAX_BODY_BYTES = 256 * 1024 * 1024;

/** How much of an error body is read to find its `message`; the rest is dropped unread. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** Thrown when fewer bytes arrived than Content-Length promised (a transient fault: retried). */
export class ShortBodyError extends Error {
  /** Marks the failure as a network fault for the retry logic. */
  readonly code = 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH';
  constructor(
    readonly received: number,
    readonly declared: number,
  ) {
    super(`the response body was shorter than its Content-Length (${received} of ${declared} bytes)`);
  }
}

/** The first value of a response header (undici gives a list when it was sent more than once). */
export function headerValue(h: string | string[] | undefined): string | undefined {
  return Array.isArray(h) ? h[0] : h;
}

/** The declared Content-Length, when there is a valid one. */
export function declaredLength(res: Dispatcher.ResponseData): number | undefined {
  const v = headerValue(res.headers['content-length']);
  return v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : undefined;
}

/** The whole body of a 2xx response as text; throws when it is too big, short, or not UTF-8. */
export async function readFullBody(res: Dispatcher.ResponseData, what: string, max = MAX_BODY_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  const size = await eachChunk(res, what, max, (chunk) => void chunks.push(chunk));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks, size));
  } catch {
    throw new InvalidResponseError(`${what}: the response is not valid UTF-8 text (${size} bytes)`);
  }
}

/**
 * Hands each chunk of a 2xx body to `take` and resolves to its size; refuses a body larger than `max`
 * (declared or as it arrives, exit 6) and one shorter than its Content-Length. Read by the stream's
 * events, not its async iterator: the iterator's first use in a process compiles some fifteen of
 * Node's stream functions (end-of-stream, streams/utils) for a body read once (docs/performance.md).
 * What the iterator would throw, this rejects with: the stream's error, or Node's premature-close
 * error when it closes before its end.
 */
function eachChunk(res: Dispatcher.ResponseData, what: string, max: number, take: (chunk: Buffer) => void): Promise<number> {
  const declared = declaredLength(res);
  const tooBig = () =>
    new InvalidResponseError(
      `${what}: the response is larger than ${Math.round(max / 1048576)} MiB; refusing to hold it in memory`,
      'narrow the window with --from/--to',
    );
  const body = res.body;
  if (declared !== undefined && declared > max) {
    body.destroy();
    return Promise.reject(tooBig());
  }
  // Ended before it was read (its events are gone): as the iterator would see it.
  if (body.destroyed) return Promise.reject(body.errored ?? prematureClose());
  return new Promise<number>((resolve, reject) => {
    let size = 0;
    let settled = false;
    const settle = (err: unknown): void => {
      if (settled) return;
      settled = true;
      body.off('data', onData).off('end', onEnd).off('error', settle).off('close', onClose);
      // The stream may still emit an error after this: with no listener, it would be an uncaught one.
      body.on('error', ignore);
      if (err === undefined) resolve(size);
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the stream's own error, or what take() threw, as the iterator would pass it on
      else reject(err);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > max) {
        settle(tooBig());
        body.destroy();
        return;
      }
      try {
        take(chunk);
      } catch (err) {
        settle(err);
        body.destroy();
      }
    };
    // undici already fails a body cut short on a closed connection; this also catches the rest.
    const onEnd = (): void => settle(declared !== undefined && size < declared ? new ShortBodyError(size, declared) : undefined);
    const onClose = (): void => settle(prematureClose());
    body.on('data', onData).on('end', onEnd).on('error', settle).on('close', onClose);
  });
}

const ignore = (): void => undefined;

/** Node's error for a stream closed before its end (what its async iterator throws then). */
function prematureClose(): Error {
  return Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}

/** At most `max` bytes of an error body, decoded leniently; the rest is not read. */
export async function readErrorBody(
  res: Dispatcher.ResponseData,
  max = MAX_ERROR_BODY_BYTES,
): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > max) {
        truncated = true;
        break;
      }
    }
  } catch {
    // A broken error body still has its status: that is what the user needs.
    truncated = true;
  } finally {
    if (truncated) res.body.destroy();
  }
  const buf = Buffer.concat(chunks, size);
  return { text: buf.subarray(0, max).toString('utf8'), truncated };
}

/**
 * The JSON value of a 2xx body, parsed as it arrives (src/api/body/json-rows.ts): the text is never held
 * whole. Same refusals as readFullBody (too big, short, not UTF-8) and JSON.parse (not JSON).
 */
export async function readJsonBody(
  res: Dispatcher.ResponseData,
  what: string,
  max = MAX_BODY_BYTES,
): Promise<{ json: unknown; bytes: number }> {
  const feed = new JsonFeed();
  const size = await eachChunk(res, what, max, (chunk) => feed.chunk(chunk));
  const json = feed.end();
  if (feed.fault === 'utf8') throw new InvalidResponseError(`${what}: the response is not valid UTF-8 text (${size} bytes)`);
  if (feed.fault === 'json') throw new InvalidResponseError(`${what}: the response is not JSON (${size} bytes)`);
  return { json, bytes: size };
}

/**
 * A body shorter than this is held and parsed whole at its end (buffer.isUtf8, one decode, JSON.parse)
 * rather than piece by piece as it arrives: the same value and the same refusals (the piecewise parser
 * gives what JSON.parse gives for the whole text), for less work where holding the text costs nothing —
 * a 30-row query's body is a few KiB (~1.4 M instructions less of its run, ~0.6 %).
 */
export const WHOLE_BELOW = 64 * 1024;

/** UTF-8's byte order mark, which a TextDecoder drops from the start of a text (as the piecewise path does). */
const BOM = [0xef, 0xbb, 0xbf] as const;

/**
 * A body's chunks decoded as UTF-8 and parsed as they come (once it is WHOLE_BELOW or longer; a shorter
 * one whole at its end); after the first fault the rest is only counted.
 */
class JsonFeed {
  private decoder: InstanceType<typeof TextDecoder> | undefined;
  private parser: JsonRowsParser | undefined;
  /** The first chunks, held while the body is small. */
  private held: Buffer[] | undefined = [];
  private heldBytes = 0;
  fault: 'utf8' | 'json' | undefined;

  /** Feeds one chunk, or (with none) flushes the decoder's last bytes. */
  chunk(bytes?: Buffer): void {
    if (this.fault !== undefined) return;
    if (this.held !== undefined && bytes !== undefined) {
      this.held.push(bytes);
      this.heldBytes += bytes.length;
      if (this.heldBytes < WHOLE_BELOW) return;
      const held = this.held;
      this.held = undefined;
      for (const b of held) this.chunk(b);
      return;
    }
    this.decoder ??= new TextDecoder('utf-8', { fatal: true });
    this.parser ??= new JsonRowsParser();
    const parser = this.parser;
    let text: string;
    try {
      text = bytes === undefined ? this.decoder.decode() : this.decoder.decode(bytes, { stream: true });
    } catch {
      this.fault = 'utf8';
      return;
    }
    this.parse(() => parser.push(text));
  }

  /** The whole value, once every chunk is in (undefined after a fault). */
  end(): unknown {
    if (this.held !== undefined) {
      // Most short bodies come in one chunk: no copy (Buffer.concat's code compiled for nothing).
      const held = this.held;
      const whole =
        held.length === 1 && (held[0] as Buffer).length === this.heldBytes ? (held[0] as Buffer) : Buffer.concat(held, this.heldBytes);
      this.held = undefined;
      if (!isUtf8(whole)) {
        this.fault = 'utf8';
        return undefined;
      }
      const bom = whole[0] === BOM[0] && whole[1] === BOM[1] && whole[2] === BOM[2];
      const text = whole.toString('utf8', bom ? 3 : 0);
      let json: unknown;
      this.parse(() => (json = parseOrThrow(text)));
      return json;
    }
    this.chunk();
    let json: unknown;
    const parser = this.parser;
    if (this.fault === undefined && parser !== undefined) this.parse(() => (json = parser.end()));
    return json;
  }

  private parse(step: () => void): void {
    try {
      step();
    } catch (err) {
      if (!(err instanceof NotJsonError)) throw err;
      this.fault = 'json';
    }
  }
}
