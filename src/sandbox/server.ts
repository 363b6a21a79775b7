/** The sandbox HTTP server (node:http, loopback by default) with a live log of the requests it received. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { msToDate } from '../domain/time/dates.js';
import { DEFAULT_SANDBOX_KEYS, type SandboxKeys } from './keys.js';
import { sandboxClock, type ClockOption } from './models/clock.js';
import { createRateLimiter, type RateLimit } from './rate-limit.js';
import type { RebaseMode } from './models/util-index-model.js';
import { errorReply, jsonReply, type Reply } from './http.js';
import { parseTarget } from './params.js';
import { createReplyGate, type HoldReplies, type ReplyGate } from './reply-gate.js';
import { respond } from './routes.js';

/** One request as the server received it, completed when the reply has been sent. */
export interface RecordedRequest {
  readonly method: string;
  /** Raw path and query, exactly as received (`/api/gpu/H100%20SXM/history-simple?...`). */
  readonly url: string;
  /** Decoded pathname (`/api/gpu/H100 SXM/history-simple`); raw when it does not decode. */
  readonly path: string;
  /** Decoded query parameters (first value of each). */
  readonly query: Record<string, string>;
  /** Request headers, names lower-case. */
  readonly headers: Record<string, string | string[]>;
  /** Epoch ms (fractional) when the request arrived. */
  readonly startedAt: number;
  /** Epoch ms (fractional) when the reply was fully handed to the socket (or the connection closed). */
  endedAt?: number;
  /** Status sent. */
  status?: number;
}

/** A reply a test hook substitutes for the API's: an object body is sent as JSON, a string as is. */
export interface InterceptReply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** Options of startSandbox. */
export interface SandboxOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  readonly port?: number;
  /** Address to bind; default 127.0.0.1. */
  readonly host?: string;
  /**
   * Pins the clock to the end of this day (YYYY-MM-DD, 23:59:59.999 UTC): the day is complete and is
   * the last with data. Without `today` or `now` the clock is the real time at each request.
   */
  readonly today?: string;
  /**
   * The clock (instead of `today`): epoch ms, a Date, an ISO 8601 instant with a time zone, or a
   * function read at every request (so a test can move time). Nothing taken after it is served.
   */
  readonly now?: ClockOption;
  /** util-index rebasing when the base day is not published: `per-response` (default) or `exact` (util-index-model.ts). */
  readonly rebase?: RebaseMode;
  /** A per-address token bucket answering 429 with Retry-After when empty; default none (no limit). */
  readonly rateLimit?: RateLimit;
  /** Accepted keys; fields left out fall back to the defaults of keys.ts. */
  readonly keys?: SandboxKeys;
  /** Delays every reply by this many ms, so tests can observe concurrent requests overlapping. */
  readonly latencyMs?: number;
  /** Holds replies until this many requests are in (bounded by maxMs), so a test can assert what was in flight together. */
  readonly holdReplies?: HoldReplies;
  /** Keeps the request log (default true); a long-running foreground server turns it off. */
  readonly record?: boolean;
  /** Test hook (after the rate limit): return a reply to send instead of the API's (e.g. 429 with Retry-After), or undefined. */
  readonly intercept?: (req: RecordedRequest) => InterceptReply | undefined;
  /** Test hook: rewrites the body of every 200 JSON reply (another shape the docs allow), as served at that clock. */
  readonly reshape?: (req: RecordedRequest, body: unknown) => unknown;
}

/** A running sandbox. */
export interface Sandbox {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Live log of received requests, in arrival order. */
  readonly requests: RecordedRequest[];
  /** The most requests that were in flight (received, not yet answered) together. */
  peakInFlight(): number;
  /** Stops listening and closes every connection, idle keep-alive ones included. */
  close(): Promise<void>;
}

const now = (): number => performance.timeOrigin + performance.now();

/** Copies headers into a plain record (defineProperty: a header named __proto__ stays data). */
function copyHeaders(req: IncomingMessage): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The reply of an intercept hook. */
function interceptReply(r: InterceptReply): Reply {
  if (typeof r.body === 'string')
    return { status: r.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...r.headers }, body: r.body };
  return jsonReply(r.status, r.body ?? { error: 'Intercepted', message: `Status ${r.status} from a test hook` }, r.headers);
}

/** Writes a reply with an exact Content-Length; a reply to a dead socket is dropped. */
function send(res: ServerResponse, reply: Reply, rec: RecordedRequest): void {
  if (res.destroyed || res.writableEnded) return;
  const body = Buffer.from(reply.body, 'utf8');
  try {
    res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) });
  } catch {
    // Only a hook's invalid header can get here: never let it escape the handler.
    res.destroy();
    return;
  }
  rec.status = reply.status;
  res.end(body);
}

/** Answers a request node could not even parse (e.g. headers over maxHeaderSize) with a JSON error. */
function onClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  const body = JSON.stringify({ error: status === 431 ? 'Headers too large' : 'Bad request', message: 'The request could not be parsed' });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Starts a sandbox on loopback (port 0 by default) and resolves once it listens. */
export function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const gate = createReplyGate(opts.latencyMs ?? 0, opts.holdReplies);
  const requests: RecordedRequest[] = [];
  const handle = requestHandler(opts, gate, requests);
  // A large header limit so that an overlong URL reaches the handler and gets its JSON 414.
  const server = createServer({ maxHeaderSize: 1024 * 1024 }, (req, res) => {
    try {
      handle(req, res);
    } catch {
      // Last resort: handle() already catches; this guards the recording code itself.
      send(res, errorReply(undefined), { method: '', url: '', path: '', query: {}, headers: {}, startedAt: now() });
    }
  });
  server.on('clientError', onClientError);
  return listen(server, opts, gate, requests);
}

/** The handler of every request: records it, then answers through the rate limit, the hook or the routes. */
function requestHandler(
  opts: SandboxOptions,
  gate: ReplyGate,
  requests: RecordedRequest[],
): (req: IncomingMessage, res: ServerResponse) => void {
  const clock = sandboxClock(opts);
  const limiter = opts.rateLimit ? createRateLimiter(opts.rateLimit, now) : undefined;
  const keys = opts.keys ?? DEFAULT_SANDBOX_KEYS;
  return (req, res) => {
    const startedAt = now();
    const url = req.url ?? '/';
    const target = parseTarget(url);
    const rec: RecordedRequest = {
      method: req.method ?? '',
      url,
      path: target.path,
      query: target.query,
      headers: copyHeaders(req),
      startedAt,
    };
    if (opts.record !== false) requests.push(rec);
    const done = (): void => {
      rec.endedAt ??= now();
    };
    res.on('finish', done);
    res.on('close', done);
    gate.arrive(res);
    req.resume(); // no endpoint reads a body: drain it so the connection can be reused
    let reply: Reply;
    try {
      // The limiter stands in front of everything, authentication included, as the service's does.
      const limited = limiter?.take(req.socket.remoteAddress ?? '');
      const hooked = limited ? undefined : opts.intercept?.(rec);
      const at = clock();
      reply =
        limited ??
        (hooked
          ? interceptReply(hooked)
          : respond(
              { method: req.method ?? '', url, authorization: req.headers.authorization },
              { keys, today: msToDate(at), now: at, rebase: opts.rebase },
            ));
    } catch (e) {
      reply = errorReply(e);
    }
    if (opts.reshape && reply.status === 200 && typeof reply.body === 'string')
      reply = jsonReply(200, opts.reshape(rec, JSON.parse(reply.body)), reply.headers);
    gate.schedule(() => send(res, reply, rec));
  };
}

/** Listens on the host and port asked for and resolves with the running sandbox. */
function listen(server: Server, opts: SandboxOptions, gate: ReplyGate, requests: RecordedRequest[]): Promise<Sandbox> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      const addr = server.address();
      if (addr === null || typeof addr === 'string') return reject(new Error('sandbox: no TCP address'));
      const host = addr.address;
      let closing: Promise<void> | undefined;
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`,
        host,
        port: addr.port,
        requests,
        peakInFlight: gate.peak,
        close: () =>
          (closing ??= new Promise<void>((done) => {
            gate.close();
            server.close(() => done());
            server.closeAllConnections();
          })),
      });
    });
  });
}
