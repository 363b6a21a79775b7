/**
 * The one HTTP client of a run: a single undici dispatcher (keep-alive pool, proxy from the
 * environment), the bearer key, per-attempt timeouts, retries of transient faults within an overall
 * deadline, the shared rate limit, and validation of every body against its endpoint's schema.
 */
import type { Dispatcher } from 'undici';
import type { Logger } from '../context.js';
import { GpumktError, InvalidResponseError, UnreachableError } from '../errors.js';
import type { Endpoint } from './endpoint.js';
import type { Row } from '../domain/row.js';
import { readFullBody, readJsonBody } from './body/body.js';
import { makeDispatcher, type ProxySettings } from './transport/dispatcher.js';
import { describeSchemaIssue } from './errors.js';
import { redactUrl } from '../domain/secrets/redact.js';
import { RateLimiter, SERVICE_LIMIT, type Hold } from './rate-limit.js';
import { attemptOnce, type AttemptOutcome, type AttemptSetup, type BodyReader } from './attempt.js';
import { retryDelay, seconds, type BackoffPolicy } from './retry.js';
import { sleep } from '../domain/time/sleep.js';
import { ConnectGate } from './transport/connect-gate.js';
import { Deadline } from './deadline.js';
import { MAX_ROW_DEPTH, tooDeepRow } from './validate.js';
import type { Deviation } from './tolerant.js';
import { defaultDeadlineMs, MAX_BUDGET_MS, requestUrl } from './request-url.js';
import { LightAbortController } from '../domain/abort.js';

export { defaultDeadlineMs, MAX_BUDGET_MS, requestUrl } from './request-url.js';

export type { ProxySettings } from './transport/dispatcher.js';

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
  /** Fields off their documented type, kept as received (read robustly, api/tolerant.ts); empty for a documented body. */
  readonly deviations: readonly Deviation[];
  /** The body exactly as received (for --raw); '' when the client does not keep texts. */
  readonly text: string;
  readonly url: string;
}

/**
 * The body as its endpoint's schema accepts it. The fast check passes good bodies through untouched
 * (no zod, no copy); anything else is read the robust way (api/tolerant.ts): usable unless a required
 * field is missing or off its type, with every other field off its type kept and listed. Endpoints
 * without a declared envelope go to their zod schema, which words the error.
 */
async function validate<P, B>(endpoint: Endpoint<P, B>, json: unknown): Promise<{ body: B; deviations: readonly Deviation[] }> {
  if (endpoint.check(json)) return { body: json as B, deviations: [] };
  const shapeError = (what: string): InvalidResponseError =>
    new InvalidResponseError(`${endpoint.id}: the response does not have the documented shape: ${what}`);
  if (endpoint.envelope) {
    const { readTolerantly, UnusableBody } = await import('./tolerant.js');
    try {
      const read = readTolerantly(endpoint.envelope, json);
      return { body: read.body as B, deviations: read.deviations };
    } catch (err) {
      if (!(err instanceof UnusableBody)) throw err;
      const { kindIssue } = await import('./shape-schema.js');
      throw shapeError(`${err.fatal.path}: ${kindIssue(err.fatal.kind, err.fatal.value)}`);
    }
  }
  const parsed = (await endpoint.loadSchema()).safeParse(json);
  if (!parsed.success) throw shapeError(describeSchemaIssue(parsed.error.issues[0]));
  return { body: parsed.data, deviations: [] };
}

/** Talks to the API. */
export class ApiClient {
  private readonly dispatcher: Dispatcher;
  /** The proxy in use, credentials hidden, for messages. */
  private readonly via: string | undefined;
  private readonly gate: ConnectGate;
  private readonly limiter: RateLimiter;
  // Aborted by close(), or with the run's signal: requests and waits still running (siblings of a
  // failed fan-out) stop at once. A controller of our own, linked by a listener, not AbortSignal.any.
  private readonly closing = new LightAbortController();

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
    const { body, deviations } = await validate(endpoint, json);
    if ((json as { success?: unknown }).success === false)
      throw new InvalidResponseError(`${endpoint.id}: the response says success: false`);
    const rows = endpoint.rows(body);
    const deep = tooDeepRow(rows);
    if (deep !== -1) throw new InvalidResponseError(`${endpoint.id}: row ${deep} nests deeper than ${MAX_ROW_DEPTH} levels`);
    return { body, rows, text, url, deviations };
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

  /** Attempts the request until one succeeds, a failure cannot be mended, or the retries or budget run out. */
  private async attempts<T>(url: string, what: string, deadline: Deadline, budget: number, readOk: BodyReader<T>): Promise<T> {
    const { retries, log } = this.opts;
    const origin = new URL(url).origin;
    let failure: GpumktError | undefined;
    // While an attempt runs, the budget ends that attempt: the previous attempt's failure is not the story.
    let inAttempt = false;
    const outOfTime = (): UnreachableError => {
      const last = inAttempt ? undefined : failure;
      return new UnreachableError(
        `${last ? `${last.message}; ` : `${origin}: `}no complete response within the time budget of ${seconds(budget)}`,
        last?.hint,
        last instanceof UnreachableError ? last.status : undefined,
      );
    };
    const stopped = (err: unknown): unknown => this.stopReason(err, deadline, outOfTime);
    const setup = this.attemptSetup(url, origin, deadline, stopped);
    for (let attempt = 0; ; attempt++) {
      await deadline.race(this.limiter.take(deadline.signal)).catch((err: unknown) => {
        throw stopped(err);
      });
      if (deadline.left() <= 0) throw outOfTime();
      // This attempt may open one connection (src/api/transport/connect-gate.ts).
      const endAttempt = this.gate.begin();
      inAttempt = true;
      let outcome: AttemptOutcome<T>;
      try {
        outcome = await attemptOnce(setup, readOk);
      } finally {
        endAttempt();
        inAttempt = false;
      }
      if (outcome.ok) return outcome.value;
      ({ failure } = outcome);
      const { waitMs } = outcome;
      const delay = retryDelay({ attempt, retries, failure, waitMs, left: deadline.left(), budget, backoff: this.opts.backoff, outOfTime });
      if (waitMs !== undefined) this.limiter.holdUntil(Date.now() + waitMs);
      log.verbose(`retrying in ${delay} ms${waitMs !== undefined ? ' (Retry-After)' : ''} (attempt ${attempt + 2} of ${retries + 1})`);
      await sleep(delay, deadline.signal).catch((err: unknown) => {
        throw stopped(err);
      });
    }
  }

  /** What one attempt of GET `url` needs from this client. */
  private attemptSetup(url: string, origin: string, deadline: Deadline, stopped: (err: unknown) => unknown): AttemptSetup {
    const { apiKey, userAgent, log } = this.opts;
    const { dispatcher, limiter, via } = this;
    return { url, origin, shownUrl: redactUrl(url), dispatcher, deadline, apiKey, userAgent, log, limiter, via, stopped };
  }

  /** Whatever ended a wait or an attempt instead of `err`: the run's interrupt, the client closing, or the budget. */
  private stopReason(err: unknown, deadline: Deadline, outOfTime: () => UnreachableError): unknown {
    if (this.opts.signal.aborted) return this.opts.signal.reason;
    if (this.closing.signal.aborted) return new UnreachableError('request cancelled: the run is ending');
    if (deadline.expired) return outOfTime();
    return err;
  }

  /** Calls `fn` as each wait of the rate limiter begins; returns the way to stop. */
  onHold(fn: (hold: Hold) => void): () => void {
    return this.limiter.onHold(fn);
  }

  /** Milliseconds the rate limiter has held this client's requests back (wall time, not gpumkt's CPU). */
  get pacedMs(): number {
    return this.limiter.waitedMs;
  }

  /** Stops whatever is still running and closes the connection pool. */
  async close(): Promise<void> {
    const paced = this.limiter.waitedMs;
    // A wait that rounds to 0.0 s is not worth a line.
    if (paced >= 50) this.opts.log.verbose(`rate limit: requests waited ${(paced / 1000).toFixed(1)} s in all for their turn`);
    this.closing.abort();
    // undici destroys each socket with a ClientDestroyedError that nobody reads, and Node's streams
    // read an error's stack when they are destroyed with it: V8 then finds the line of each frame,
    // which means scanning the whole bundle for line ends (~8 M instructions, 3 % of a 30-row run).
    // Those errors are made inside destroy() itself; without frames their stack costs nothing.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    let destroyed: Promise<void>;
    try {
      destroyed = this.dispatcher.destroy();
    } finally {
      Error.stackTraceLimit = limit;
    }
    await destroyed;
  }
}
