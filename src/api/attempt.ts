/**
 * One attempt of a GET: send it, read the answer within the deadline, and say what came of it — the
 * body of a 2xx, or a failure worth another attempt (with the Retry-After the server asked for).
 * Failures that no retry can mend are thrown.
 */
import { request, type Dispatcher } from 'undici';
import type { Logger } from '../context.js';
import { GpumktError, UnreachableError } from '../errors.js';
import { headerValue, readErrorBody } from './body/body.js';
import type { Deadline } from './deadline.js';
import { serverText, statusError } from './errors.js';
import { describeNetworkError, isTransientNetworkError, networkErrorHint } from './transport/network-errors.js';
import type { RateLimiter } from './rate-limit.js';
import { parseRetryAfter, RETRYABLE_STATUSES } from './retry.js';

/** Reads a 2xx body: its value (text or parsed JSON) and its size in bytes. */
export type BodyReader<T> = (res: Dispatcher.ResponseData) => Promise<{ json: T; bytes: number }>;

/** What one attempt needs: the request, where it goes, and how to word what stopped it. */
export interface AttemptSetup {
  readonly url: string;
  readonly origin: string;
  /** The URL as messages show it (credentials hidden). */
  readonly shownUrl: string;
  readonly dispatcher: Dispatcher;
  readonly deadline: Deadline;
  readonly apiKey: string | undefined;
  readonly userAgent: string;
  readonly log: Logger;
  readonly limiter: RateLimiter;
  /** The proxy in use, credentials hidden, for messages. */
  readonly via: string | undefined;
  /** Whatever ended the attempt instead of `err`: the run's interrupt, the client closing, or the budget. */
  readonly stopped: (err: unknown) => unknown;
}

/** What came of an attempt that did not throw: the body, or a failure another attempt may mend. */
export type AttemptOutcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: GpumktError; readonly waitMs: number | undefined };

/** Runs one attempt; throws the failures no retry can mend (and whatever stopped the run). */
export async function attemptOnce<T>(setup: AttemptSetup, readOk: BodyReader<T>): Promise<AttemptOutcome<T>> {
  const t0 = Date.now();
  try {
    const res = await send(setup);
    return await answer(setup, res, t0, readOk);
  } catch (err) {
    const why = setup.stopped(err);
    if (why !== err || err instanceof GpumktError) throw why;
    setup.log.verbose(`GET ${setup.shownUrl} → ${describeNetworkError(err)} (${Date.now() - t0} ms)`);
    const through = setup.via !== undefined ? ` through the proxy ${setup.via}` : '';
    const failure = new UnreachableError(`cannot reach ${setup.origin}${through}: ${describeNetworkError(err)}`, networkErrorHint(err));
    if (!isTransientNetworkError(err)) throw failure;
    return { ok: false, failure, waitMs: undefined };
  }
}

/** Sends the request and waits for its status and headers, within the deadline. */
async function send({ url, dispatcher, deadline, apiKey, userAgent }: AttemptSetup): Promise<Dispatcher.ResponseData> {
  // The deadline also bounds an attempt in progress: a server trickling one byte a second never
  // trips the idle timeout, but it cannot outlast the budget.
  const pending = request(url, {
    method: 'GET',
    dispatcher,
    signal: deadline.signal,
    headers: {
      ...(apiKey !== undefined ? { authorization: `Bearer ${apiKey}` } : {}),
      accept: 'application/json',
      'user-agent': userAgent,
    },
  });
  return deadline.race(pending).catch((err: unknown) => {
    // A response that arrives after the race was lost is dropped unread.
    pending.then(
      (late) => late.body.destroy(),
      () => undefined,
    );
    throw err;
  });
}

/** Reads the response: the body of a 2xx, or the failure its status means. */
async function answer<T>(setup: AttemptSetup, res: Dispatcher.ResponseData, t0: number, readOk: BodyReader<T>): Promise<AttemptOutcome<T>> {
  const { deadline, log, shownUrl, origin, apiKey } = setup;
  const status = res.statusCode;
  const read = <R>(body: Promise<R>): Promise<R> =>
    deadline.race(body).catch((err: unknown) => {
      res.body.destroy();
      throw err;
    });
  if (status >= 200 && status < 300) {
    const { json, bytes } = await read(readOk(res));
    log.verbose(`GET ${shownUrl} → ${status} (${Date.now() - t0} ms, ${bytes} bytes)`);
    return { ok: true, value: json };
  }
  // A 429 speaks for the whole client address: hold the other starts before reading its body, so
  // requests finishing meanwhile do not start more into the same refusal.
  const retryAfterMs = status === 429 ? parseRetryAfter(res.headers['retry-after'], Date.now()) : undefined;
  if (retryAfterMs !== undefined) setup.limiter.holdUntil(Date.now() + retryAfterMs);
  const body = await read(readErrorBody(res));
  log.verbose(`GET ${shownUrl} → ${status} (${Date.now() - t0} ms)`);
  if (status >= 300 && status < 400) {
    const location = serverText(headerValue(res.headers.location) ?? '(no Location)', apiKey);
    throw new UnreachableError(
      `${origin} redirected (HTTP ${status}) to ${location}; not followed, so the API key is never sent elsewhere`,
      'point --base-url at the final address',
      status,
    );
  }
  const failure = statusError({
    status,
    text: body.text,
    truncated: body.truncated,
    contentType: headerValue(res.headers['content-type']),
    where: origin,
    secret: apiKey,
  });
  if (!RETRYABLE_STATUSES.has(status)) throw failure;
  return { ok: false, failure, waitMs: parseRetryAfter(res.headers['retry-after'], Date.now()) };
}
