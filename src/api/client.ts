/**
 * The one HTTP client of a run: a single undici dispatcher (keep-alive pool, proxy from the
 * environment), the bearer key, per-attempt timeouts, retries of transient faults, the shared rate
 * limit, and validation of every body against its endpoint's schema.
 */
import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import type { Logger } from '../context.js';
import { GpumktError, InvalidResponseError, UnreachableError } from '../errors.js';
import type { Endpoint, Query, Row } from './endpoint.js';
import { describeNetworkError, statusError } from './errors.js';
import { RateLimiter } from './rate-limit.js';
import { backoffDelay, parseRetryAfter, RETRYABLE_STATUSES, sleep } from './retry.js';

/** How the client is set up. */
export interface ClientOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Per attempt: connect, headers, and idle time between body chunks. */
  readonly timeoutMs: number;
  readonly retries: number;
  readonly userAgent: string;
  readonly log: Logger;
  readonly signal: AbortSignal;
  readonly limiter?: RateLimiter;
  /** Overall budget across attempts and waits (default: timeout × attempts + 30 s). */
  readonly deadlineMs?: number;
}

/** A validated 200 response. */
export interface ApiResponse<B> {
  readonly body: B;
  readonly rows: Row[];
  /** The body exactly as received (for --raw). */
  readonly text: string;
  readonly url: string;
}

/** Builds the full URL of a request: base + path + the defined query parameters. */
export function requestUrl(baseUrl: string, path: string, query: Query): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  // URLSearchParams writes spaces as '+'; %20 is what every server decodes the same way.
  return url.toString().replace(/\+/g, '%20');
}

/** Talks to the API. */
export class ApiClient {
  private readonly dispatcher: Dispatcher;
  private readonly limiter: RateLimiter;

  constructor(private readonly opts: ClientOptions) {
    this.dispatcher = new EnvHttpProxyAgent({
      connect: { timeout: opts.timeoutMs },
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
      keepAliveTimeout: 10_000,
      connections: 8,
    });
    this.limiter = opts.limiter ?? new RateLimiter();
  }

  /** GETs one endpoint with retries and returns its validated body and rows. */
  async get<P, B>(endpoint: Endpoint<P, B>, params: P): Promise<ApiResponse<B>> {
    const url = requestUrl(this.opts.baseUrl, endpoint.path(params), endpoint.query(params));
    const text = await this.fetchText(url);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new InvalidResponseError(`${endpoint.id}: the response is not JSON (${Buffer.byteLength(text)} bytes)`);
    }
    const parsed = endpoint.schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? issue.path.join('.') || '(body)' : '(body)';
      throw new InvalidResponseError(`${endpoint.id}: the response does not have the documented shape: ${where}: ${issue?.message ?? 'invalid'}`);
    }
    if ((json as { success?: unknown }).success === false) throw new InvalidResponseError(`${endpoint.id}: the response says success: false`);
    return { body: parsed.data, rows: endpoint.rows(parsed.data), text, url };
  }

  /** The body of a 2xx response to GET `url`, after retrying transient faults. */
  private async fetchText(url: string): Promise<string> {
    const { retries, signal, log } = this.opts;
    const started = Date.now();
    const deadline = started + (this.opts.deadlineMs ?? this.opts.timeoutMs * (retries + 1) + 30_000);
    const origin = new URL(url).origin;
    for (let attempt = 0; ; attempt++) {
      await this.limiter.take(signal);
      const t0 = Date.now();
      let failure: GpumktError;
      let waitMs: number | undefined;
      try {
        const res = await request(url, {
          method: 'GET',
          dispatcher: this.dispatcher,
          signal,
          headers: { authorization: `Bearer ${this.opts.apiKey}`, accept: 'application/json', 'user-agent': this.opts.userAgent },
        });
        const text = await res.body.text();
        const ms = Date.now() - t0;
        log.verbose(`GET ${url} → ${res.statusCode} (${ms} ms, ${Buffer.byteLength(text)} bytes)`);
        if (res.statusCode >= 200 && res.statusCode < 300) return text;
        const contentType = headerValue(res.headers['content-type']);
        if (res.statusCode >= 300 && res.statusCode < 400) {
          const location = headerValue(res.headers.location) ?? '(no Location)';
          throw new UnreachableError(`${origin} redirected (HTTP ${res.statusCode}) to ${location}; not followed, so the API key is never sent elsewhere`, 'point --base-url at the final address');
        }
        failure = statusError(res.statusCode, text, contentType, origin);
        if (!RETRYABLE_STATUSES.has(res.statusCode)) throw failure;
        waitMs = parseRetryAfter(res.headers['retry-after'], Date.now());
      } catch (err) {
        if (signal.aborted) throw signal.reason;
        if (err instanceof GpumktError) throw err;
        log.verbose(`GET ${url} → ${describeNetworkError(err)} (${Date.now() - t0} ms)`);
        failure = new UnreachableError(`cannot reach ${origin}: ${describeNetworkError(err)}`);
      }
      if (attempt >= retries) {
        throw new UnreachableError(`${failure.message}${retries > 0 ? ` (after ${attempt + 1} attempts)` : ''}`, failure.hint);
      }
      const delay = waitMs ?? backoffDelay(attempt);
      if (Date.now() + delay > deadline) {
        const when = waitMs !== undefined ? `; the server asks to retry after ${new Date(Date.now() + waitMs).toISOString()}` : '';
        throw new UnreachableError(`${failure.message}; giving up: the next attempt would pass the time budget${when}`);
      }
      log.verbose(`retrying in ${delay} ms (attempt ${attempt + 2} of ${retries + 1})`);
      await sleep(delay, signal);
    }
  }

  /** Closes the connection pool. */
  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}

function headerValue(h: string | string[] | undefined): string | undefined {
  return Array.isArray(h) ? h[0] : h;
}
