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
import { headerValue, readErrorBody, readFullBody, readJsonBody } from './body.js';
import { makeDispatcher, type ProxySettings } from './dispatcher.js';
import { describeSchemaIssue, serverText, statusError } from './errors.js';
import { redactUrl } from '../domain/redact.js';
import { describeNetworkError, isTransientNetworkError, networkErrorHint } from './network-errors.js';
import { RateLimiter, SERVICE_LIMIT } from './rate-limit.js';
import { backoffDelay, DEFAULT_BACKOFF, parseRetryAfter, RETRYABLE_STATUSES, type BackoffPolicy } from './retry.js';
import { sleep } from '../domain/sleep.js';
import { ConnectGate } from './connect-gate.js';
import { Deadline } from './deadline.js';
import { MAX_ROW_DEPTH, tooDeepRow } from './validate.js';

export type { ProxySettings } from './dispatcher.js';

/** How the client is set up. */
export interface ClientOptions {
  readonly baseUrl: string;
  /** The bearer key; undefined on public routes run without one (no Authorization header is sent). */
  readonly apiKey?: string;
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
  /**
   * Keep each body's text (`ApiResponse.text`, for --raw and `api`); default true. Without it a body
   * is parsed as it arrives and its text is never held whole (a million rows fit in half the memory).
   */
  readonly keepText?: boolean;
}

/** A validated 200 response. */
export interface ApiResponse<B> {
  readonly body: B;
  readonly rows: Row[];
  /** The body exactly as received (for --raw); '' when the client does not keep texts. */
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

/** The longest time budget of one request, whatever the settings: a week. */
export const MAX_BUDGET_MS = 7 * 86_400_000;

/** The default time budget of one request: every attempt may use its whole timeout, plus 30 s of waits (at most a week). */
export function defaultDeadlineMs(timeoutMs: number, retries: number): number {
  return Math.min(timeoutMs * (retries + 1) + 30_000, MAX_BUDGET_MS);
}

// Tenths for short spans, whole seconds from 100 s on (a Retry-After of 1e24 s stays readable).
const seconds = (ms: number): string => `${ms >= 100_000 ? Math.round(ms / 1000) : Math.round(ms / 100) / 10} s`;

/**
 * The body as its endpoint's schema accepts it. The fast check passes good bodies through untouched
 * (no zod, no copy); anything else goes to the zod schema, which words the error.
 */
async function validate<P, B>(endpoint: Endpoint<P, B>, json: unknown): Promise<B> {
  if (endpoint.check(json)) return json as B;
  const parsed = (await endpoint.loadSchema()).safeParse(json);
  if (!parsed.success) {
    throw new InvalidResponseError(
      `${endpoint.id}: the response does not have the documented shape: ${describeSchemaIssue(parsed.error.issues[0])}`,
    );
  }
  return parsed.data;
}

/** Reads a 2xx body: its value (text or parsed JSON) and its size in bytes. */
type BodyReader<T> = (res: Dispatcher.ResponseData) => Promise<{ json: T; bytes: number }>;

/** Talks to the API. */
export class ApiClient {
  private readonly dispatcher: Dispatcher;
  /** The proxy in use, credentials hidden, for messages. */
  private readonly via: string | undefined;
  private readonly gate: ConnectGate;
  private readonly limiter: RateLimiter;
  // Aborted by close(), or with the run's signal: requests and waits still running (siblings of a
  // failed fan-out) stop at once. A controller of our own, linked by a listener, not AbortSignal.any.
  private readonly closing = new AbortController();

  constructor(private readonly opts: ClientOptions) {
    ({
      dispatcher: this.dispatcher,
      via: this.via,
      gate: this.gate,
    } = makeDispatcher(opts.timeoutMs, opts.proxy ?? {}, opts.baseUrl, opts.log));
    this.limiter = opts.limiter ?? new RateLimiter(SERVICE_LIMIT.limit, SERVICE_LIMIT.windowMs);
    const onRunAbort = (): void => this.closing.abort(opts.signal.reason);
    if (opts.signal.aborted) onRunAbort();
    else opts.signal.addEventListener('abort', onRunAbort, { once: true });
  }

  /** GETs one endpoint with retries and returns its validated body and rows. */
  async get<P, B>(endpoint: Endpoint<P, B>, params: P): Promise<ApiResponse<B>> {
    const url = requestUrl(this.opts.baseUrl, endpoint.path(params), endpoint.query(params));
    let json: unknown;
    let text = '';
    if (this.opts.keepText === false) {
      json = await this.fetchBody(url, endpoint.id, (res) => readJsonBody(res, endpoint.id, this.opts.maxBodyBytes));
    } else {
      text = await this.fetchBody(url, endpoint.id, async (res) => {
        const t = await readFullBody(res, endpoint.id, this.opts.maxBodyBytes);
        return { json: t, bytes: Buffer.byteLength(t) };
      });
      try {
        json = JSON.parse(text);
      } catch {
        throw new InvalidResponseError(`${endpoint.id}: the response is not JSON (${Buffer.byteLength(text)} bytes)`);
      }
    }
    const body = await validate(endpoint, json);
    if ((json as { success?: unknown }).success === false)
      throw new InvalidResponseError(`${endpoint.id}: the response says success: false`);
    const rows = endpoint.rows(body);
    const deep = tooDeepRow(rows);
    if (deep !== -1) throw new InvalidResponseError(`${endpoint.id}: row ${deep} nests deeper than ${MAX_ROW_DEPTH} levels`);
    return { body, rows, text, url };
  }

  /** The complete body of a 2xx response to GET `url`, as `readOk` reads it, after retrying transient faults, within the time budget. */
  private async fetchBody<T>(url: string, what: string, readOk: BodyReader<T>): Promise<T> {
    const budget = Math.min(this.opts.deadlineMs ?? defaultDeadlineMs(this.opts.timeoutMs, this.opts.retries), MAX_BUDGET_MS);
    const deadline = new Deadline(Date.now() + budget, this.closing.signal);
    try {
      return await this.attempts(url, what, deadline, budget, readOk);
    } finally {
      deadline.dispose();
    }
  }

  private async attempts<T>(url: string, what: string, deadline: Deadline, budget: number, readOk: BodyReader<T>): Promise<T> {
    const { retries, log, apiKey } = this.opts;
    const origin = new URL(url).origin;
    const shownUrl = redactUrl(url);
    let failure: GpumktError | undefined;
    // While an attempt runs, the budget ends that attempt: the previous attempt's failure is not the story.
    let inAttempt = false;
    const outOfTime = () => {
      const last = inAttempt ? undefined : failure;
      return new UnreachableError(
        `${last ? `${last.message}; ` : `${origin}: `}no complete response within the time budget of ${seconds(budget)}`,
        last?.hint,
      );
    };
    // Whatever ended a wait or an attempt: the run's interrupt, the client closing, or the budget.
    const stopped = (err: unknown): unknown => {
      if (this.opts.signal.aborted) return this.opts.signal.reason;
      if (this.closing.signal.aborted) return new UnreachableError('request cancelled: the run is ending');
      if (deadline.expired) return outOfTime();
      return err;
    };
    for (let attempt = 0; ; attempt++) {
      await deadline.race(this.limiter.take(deadline.signal)).catch((err: unknown) => {
        throw stopped(err);
      });
      if (deadline.left() <= 0) throw outOfTime();
      const t0 = Date.now();
      let waitMs: number | undefined;
      // This attempt may open one connection (src/api/connect-gate.ts).
      const endAttempt = this.gate.begin();
      inAttempt = true;
      try {
        // The deadline also bounds an attempt in progress: a server trickling one byte a second never
        // trips the idle timeout, but it cannot outlast the budget.
        const pending = request(url, {
          method: 'GET',
          dispatcher: this.dispatcher,
          signal: deadline.signal,
          headers: {
            ...(apiKey !== undefined ? { authorization: `Bearer ${apiKey}` } : {}),
            accept: 'application/json',
            'user-agent': this.opts.userAgent,
          },
        });
        const res = await deadline.race(pending).catch((err: unknown) => {
          // A response that arrives after the race was lost is dropped unread.
          pending.then(
            (late) => late.body.destroy(),
            () => undefined,
          );
          throw err;
        });
        const status = res.statusCode;
        const read = <T>(body: Promise<T>): Promise<T> =>
          deadline.race(body).catch((err: unknown) => {
            res.body.destroy();
            throw err;
          });
        if (status >= 200 && status < 300) {
          const { json, bytes } = await read(readOk(res));
          log.verbose(`GET ${shownUrl} → ${status} (${Date.now() - t0} ms, ${bytes} bytes)`);
          return json;
        }
        // A 429 speaks for the whole client address: hold the other starts before reading its body, so
        // requests finishing meanwhile do not start more into the same refusal.
        const retryAfterMs = status === 429 ? parseRetryAfter(res.headers['retry-after'], Date.now()) : undefined;
        if (retryAfterMs !== undefined) this.limiter.holdUntil(Date.now() + retryAfterMs);
        const body = await read(readErrorBody(res));
        log.verbose(`GET ${shownUrl} → ${status} (${Date.now() - t0} ms)`);
        if (status >= 300 && status < 400) {
          const location = serverText(headerValue(res.headers.location) ?? '(no Location)', apiKey);
          throw new UnreachableError(
            `${origin} redirected (HTTP ${status}) to ${location}; not followed, so the API key is never sent elsewhere`,
            'point --base-url at the final address',
          );
        }
        failure = statusError({
          status,
          text: body.text,
          truncated: body.truncated,
          contentType: headerValue(res.headers['content-type']),
          where: origin,
          secret: apiKey,
        });
        if (!RETRYABLE_STATUSES.has(status)) throw failure;
        waitMs = parseRetryAfter(res.headers['retry-after'], Date.now());
      } catch (err) {
        const why = stopped(err);
        if (why !== err || err instanceof GpumktError) throw why;
        log.verbose(`GET ${shownUrl} → ${describeNetworkError(err)} (${Date.now() - t0} ms)`);
        const through = this.via !== undefined ? ` through the proxy ${this.via}` : '';
        failure = new UnreachableError(`cannot reach ${origin}${through}: ${describeNetworkError(err)}`, networkErrorHint(err));
        if (!isTransientNetworkError(err)) throw failure;
      } finally {
        endAttempt();
        inAttempt = false;
      }
      if (attempt >= retries) {
        throw new UnreachableError(`${failure.message}${retries > 0 ? ` (after ${attempt + 1} attempts)` : ''}`, failure.hint);
      }
      if (waitMs !== undefined && waitMs > deadline.left()) {
        // Waiting would break the budget, and a shorter wait would only earn another refusal.
        const at = isoSecond(Date.now() + waitMs);
        const when = at !== undefined ? ` (at ${at})` : '';
        throw new UnreachableError(
          `${failure.message}; the server asks to retry after ${seconds(waitMs)}${when}, beyond the time budget of ${seconds(budget)}`,
          at !== undefined ? `try again after ${at}` : undefined,
        );
      }
      const delay = waitMs ?? backoffDelay(attempt, this.opts.backoff ?? DEFAULT_BACKOFF);
      if (delay > deadline.left()) throw outOfTime();
      if (waitMs !== undefined) this.limiter.holdUntil(Date.now() + waitMs);
      log.verbose(`retrying in ${delay} ms${waitMs !== undefined ? ' (Retry-After)' : ''} (attempt ${attempt + 2} of ${retries + 1})`);
      await sleep(delay, deadline.signal).catch((err: unknown) => {
        throw stopped(err);
      });
    }
  }

  /** Stops whatever is still running and closes the connection pool. */
  /** Milliseconds the rate limiter has held this client's requests back (wall time, not gpumkt's CPU). */
  get pacedMs(): number {
    return this.limiter.waitedMs;
  }

  async close(): Promise<void> {
    const paced = this.limiter.waitedMs;
    if (paced > 0) this.opts.log.verbose(`rate limit: requests waited ${(paced / 1000).toFixed(1)} s in all for their turn`);
    this.closing.abort();
    await this.dispatcher.destroy();
  }
}

/** An epoch time as an ISO second (2026-11-22T08:49:05Z), or undefined beyond what a Date can hold. */
function isoSecond(ms: number): string | undefined {
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z') : undefined;
}
