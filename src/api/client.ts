/**
 * The one HTTP client of a run: a single undici dispatcher (keep-alive pool, proxy from the
 * environment), the bearer key, per-attempt timeouts, retries of transient faults within an overall
 * deadline, the shared rate limit, and validation of every body against its endpoint's schema.
 */
import { request, type Dispatcher } from 'undici';
import type { Logger } from '../context.js';
import { GpumktError, InvalidResponseError, UnreachableError } from '../errors.js';
import type { Endpoint } from './endpoint.js';
import type { Query, Row } from '../domain/row.js';
import { headerValue, readErrorBody, readFullBody } from './body.js';
import { makeDispatcher, type ProxySettings } from './dispatcher.js';
import { describeSchemaIssue, serverText, statusError } from './errors.js';
import { redactUrl } from '../domain/redact.js';
import { describeNetworkError, isTransientNetworkError, networkErrorHint } from './network-errors.js';
import { RateLimiter } from './rate-limit.js';
import { backoffDelay, DEFAULT_BACKOFF, parseRetryAfter, RETRYABLE_STATUSES, type BackoffPolicy } from './retry.js';
import { sleep } from '../domain/sleep.js';

export type { ProxySettings } from './dispatcher.js';

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
  /** Budget of one request across attempts and waits (default: timeout × attempts + 30 s). */
  readonly deadlineMs?: number;
  readonly backoff?: BackoffPolicy;
  /** Proxies from the environment; `false` connects directly (the in-process sandbox). */
  readonly proxy?: ProxySettings | false;
  /** Largest 2xx body accepted. */
  readonly maxBodyBytes?: number;
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

/** The default time budget of one request: every attempt may use its whole timeout, plus 30 s of waits. */
export function defaultDeadlineMs(timeoutMs: number, retries: number): number {
  return timeoutMs * (retries + 1) + 30_000;
}

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

/**
 * The body as its endpoint's schema accepts it. The fast check passes good bodies through untouched
 * (no zod, no copy); anything else goes to the zod schema, which words the error.
 */
async function validate<P, B>(endpoint: Endpoint<P, B>, json: unknown): Promise<B> {
  if (endpoint.check(json)) return json as B;
  const parsed = (await endpoint.loadSchema()).safeParse(json);
  if (!parsed.success) {
    throw new InvalidResponseError(`${endpoint.id}: the response does not have the documented shape: ${describeSchemaIssue(parsed.error.issues[0])}`);
  }
  return parsed.data;
}

/** Talks to the API. */
export class ApiClient {
  private readonly dispatcher: Dispatcher;
  /** The proxy in use, credentials hidden, for messages. */
  private readonly via: string | undefined;
  private readonly limiter: RateLimiter;
  // Aborted by close(): requests and waits still running (siblings of a failed fan-out) stop at once.
  private readonly closing = new AbortController();
  private readonly runSignal: AbortSignal;

  constructor(private readonly opts: ClientOptions) {
    ({ dispatcher: this.dispatcher, via: this.via } = makeDispatcher(opts.timeoutMs, opts.proxy ?? {}, opts.baseUrl, opts.log));
    this.limiter = opts.limiter ?? new RateLimiter();
    this.runSignal = AbortSignal.any([opts.signal, this.closing.signal]);
  }

  /** GETs one endpoint with retries and returns its validated body and rows. */
  async get<P, B>(endpoint: Endpoint<P, B>, params: P): Promise<ApiResponse<B>> {
    const url = requestUrl(this.opts.baseUrl, endpoint.path(params), endpoint.query(params));
    const text = await this.fetchText(url, endpoint.id);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new InvalidResponseError(`${endpoint.id}: the response is not JSON (${Buffer.byteLength(text)} bytes)`);
    }
    const body = await validate(endpoint, json);
    if ((json as { success?: unknown }).success === false) throw new InvalidResponseError(`${endpoint.id}: the response says success: false`);
    return { body, rows: endpoint.rows(body), text, url };
  }

  /** The complete body of a 2xx response to GET `url`, after retrying transient faults. */
  private async fetchText(url: string, what: string): Promise<string> {
    const { retries, log, apiKey } = this.opts;
    const budget = this.opts.deadlineMs ?? defaultDeadlineMs(this.opts.timeoutMs, retries);
    const deadline = Date.now() + budget;
    const origin = new URL(url).origin;
    const shownUrl = redactUrl(url);
    const outOfTime = (failure?: GpumktError) =>
      new UnreachableError(`${failure ? `${failure.message}; ` : `${origin}: `}no complete response within the time budget of ${seconds(budget)}`, failure?.hint);
    for (let attempt = 0; ; attempt++) {
      await this.limiter.take(this.runSignal);
      const left = deadline - Date.now();
      if (left <= 0) throw outOfTime();
      // The deadline also bounds an attempt in progress: a server trickling one byte a second never
      // trips the idle timeout, but it cannot outlast the budget.
      // A timer held here rather than AbortSignal.timeout(): inside AbortSignal.any() that signal can
      // be garbage-collected before it fires (Node 20), and a trickling server was then never cut off.
      const budgetOver = new AbortController();
      const budgetTimer = setTimeout(() => budgetOver.abort(), left);
      const attemptSignal = AbortSignal.any([this.runSignal, budgetOver.signal]);
      const t0 = Date.now();
      let failure: GpumktError;
      let waitMs: number | undefined;
      try {
        const res = await request(url, {
          method: 'GET',
          dispatcher: this.dispatcher,
          signal: attemptSignal,
          headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', 'user-agent': this.opts.userAgent },
        });
        const status = res.statusCode;
        if (status >= 200 && status < 300) {
          const text = await readFullBody(res, what, this.opts.maxBodyBytes);
          log.verbose(`GET ${shownUrl} → ${status} (${Date.now() - t0} ms, ${Buffer.byteLength(text)} bytes)`);
          return text;
        }
        const body = await readErrorBody(res);
        log.verbose(`GET ${shownUrl} → ${status} (${Date.now() - t0} ms)`);
        if (status >= 300 && status < 400) {
          const location = serverText(headerValue(res.headers.location) ?? '(no Location)', apiKey);
          throw new UnreachableError(`${origin} redirected (HTTP ${status}) to ${location}; not followed, so the API key is never sent elsewhere`, 'point --base-url at the final address');
        }
        failure = statusError({ status, text: body.text, truncated: body.truncated, contentType: headerValue(res.headers['content-type']), where: origin, secret: apiKey });
        if (!RETRYABLE_STATUSES.has(status)) throw failure;
        waitMs = parseRetryAfter(res.headers['retry-after'], Date.now());
      } catch (err) {
        if (this.opts.signal.aborted) throw this.opts.signal.reason;
        if (this.closing.signal.aborted) throw new UnreachableError('request cancelled: the run is ending');
        if (err instanceof GpumktError) throw err;
        if (attemptSignal.aborted) throw outOfTime();
        log.verbose(`GET ${shownUrl} → ${describeNetworkError(err)} (${Date.now() - t0} ms)`);
        const through = this.via !== undefined ? ` through the proxy ${this.via}` : '';
        failure = new UnreachableError(`cannot reach ${origin}${through}: ${describeNetworkError(err)}`, networkErrorHint(err));
        if (!isTransientNetworkError(err)) throw failure;
      } finally {
        clearTimeout(budgetTimer);
      }
      if (attempt >= retries) {
        throw new UnreachableError(`${failure.message}${retries > 0 ? ` (after ${attempt + 1} attempts)` : ''}`, failure.hint);
      }
      if (waitMs !== undefined && Date.now() + waitMs > deadline) {
        // Waiting would break the budget, and a shorter wait would only earn another refusal.
        const at = new Date(Date.now() + waitMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
        throw new UnreachableError(`${failure.message}; the server asks to retry after ${seconds(waitMs)} (at ${at}), beyond the time budget of ${seconds(budget)}`, `try again after ${at}`);
      }
      const delay = waitMs ?? backoffDelay(attempt, this.opts.backoff ?? DEFAULT_BACKOFF);
      if (Date.now() + delay > deadline) throw outOfTime(failure);
      if (waitMs !== undefined) this.limiter.holdUntil(Date.now() + waitMs);
      log.verbose(`retrying in ${delay} ms${waitMs !== undefined ? ' (Retry-After)' : ''} (attempt ${attempt + 2} of ${retries + 1})`);
      await sleep(delay, this.runSignal).catch((err: unknown) => {
        if (this.opts.signal.aborted) throw this.opts.signal.reason;
        throw err;
      });
    }
  }

  /** Stops whatever is still running and closes the connection pool. */
  async close(): Promise<void> {
    this.closing.abort();
    await this.dispatcher.destroy();
  }
}

