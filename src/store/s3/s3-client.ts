/**
 * One S3 request: the URL (path-style on a given endpoint — MinIO, R2, Ceph — or on a bucket whose
 * name has dots; virtual-host style on AWS), the SigV4 headers (sign.ts), undici's request, and the
 * retries: 5xx, SlowDown, 429, RequestTimeout and a dropped connection are retried with exponential
 * backoff and full jitter while the time budget lasts; any other answer goes back to the caller, who
 * says which statuses it expects (404 on a read, 412 on a conditional write…). The rest become one-line
 * errors (s3-errors.ts).
 */
import { Agent, request, type Dispatcher } from 'undici';
import { redactUrl } from '../../domain/secrets/redact.js';
import { s3Failure, s3Unreachable, errorOf } from './s3-errors.js';
import { EMPTY_SHA256, sha256Hex, signS3, uriPath, uriQuery, type S3Credentials } from './sign.js';

/** How long to keep retrying. */
export interface RetryPolicy {
  /** The first backoff's ceiling (ms); each next one doubles, up to capMs. */
  readonly baseMs?: number;
  readonly capMs?: number;
  /** No retry starts after this long since the first attempt (ms). */
  readonly budgetMs?: number;
  /** Attempts in all, the first included. */
  readonly maxAttempts?: number;
}

/** Where and how to send. */
export interface S3ClientOptions {
  readonly bucket: string;
  readonly region: string;
  readonly credentials: S3Credentials;
  /** A non-AWS endpoint (`http://127.0.0.1:9000`); requests go there path-style unless pathStyle is false. */
  readonly endpointUrl?: string;
  readonly pathStyle?: boolean;
  readonly dispatcher?: Dispatcher;
  readonly retry?: RetryPolicy;
  /** Told (one line) of each retry. */
  readonly onRetry?: (message: string) => void;
}

/** One request. `key` is the object's full key in the bucket; undefined for a request on the bucket. */
export interface S3Request {
  readonly method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  readonly key?: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: Uint8Array;
  /** The statuses returned to the caller rather than thrown (2xx always are). */
  readonly accept?: readonly number[];
  /** What to name in a message (`s3://bucket/key`). */
  readonly what: string;
}

/** An answer. */
export interface S3Response {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
  /** How many attempts it took: past 1, an earlier attempt may have been applied without its answer arriving. */
  readonly attempts: number;
}

/** The URL of `key` in `bucket` (or of the bucket), with key segments encoded as SigV4 canonicalizes them. */
export function objectUrl(
  o: { bucket: string; region: string; endpointUrl?: string; pathStyle?: boolean },
  key?: string,
  query: Readonly<Record<string, string>> = {},
): string {
  const segments = key === undefined ? [] : key.split('/');
  const q = uriQuery(query);
  const tail = `${q === '' ? '' : `?${q}`}`;
  if (o.endpointUrl !== undefined) {
    const base = o.endpointUrl.replace(/\/+$/, '');
    if (o.pathStyle === false) {
      const u = new URL(base);
      return `${u.protocol}//${o.bucket}.${u.host}${u.pathname.replace(/\/+$/, '')}${uriPath(segments)}${tail}`;
    }
    return `${base}${uriPath([o.bucket, ...segments])}${tail}`;
  }
  // A bucket name with dots does not match the wildcard certificate of virtual hosts: path-style, as the SDKs do.
  if (o.bucket.includes('.') || o.pathStyle === true)
    return `https://s3.${o.region}.amazonaws.com${uriPath([o.bucket, ...segments])}${tail}`;
  return `https://${o.bucket}.s3.${o.region}.amazonaws.com${uriPath(segments)}${tail}`;
}

const RETRY_STATUS = new Set([429, 500, 502, 503, 504]);
// A connection that went away mid-request may come back; a name that does not resolve or a refused port will not.
const RETRY_NETWORK = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Sends signed requests to one bucket. */
export class S3Client {
  private readonly dispatcher: Dispatcher;
  private readonly secrets: readonly string[];
  readonly host: string;

  constructor(private readonly o: S3ClientOptions) {
    this.dispatcher = o.dispatcher ?? new Agent({ keepAliveTimeout: 4_000, headersTimeout: 60_000, bodyTimeout: 60_000 });
    const c = o.credentials;
    this.secrets = [c.secretAccessKey, ...(c.sessionToken === undefined ? [] : [c.sessionToken])];
    this.host = redactUrl(new URL(objectUrl(o)).origin);
  }

  /** The error for an answer (secrets masked). */
  failure(what: string, status: number, body: string): Error {
    return s3Failure(what, status, body, this.secrets);
  }

  /** Sends `r`, retrying what may pass on a second try; an answer not 2xx nor accepted is thrown as one line. */
  async send(r: S3Request): Promise<S3Response> {
    const policy = { baseMs: 200, capMs: 5_000, budgetMs: 30_000, maxAttempts: 8, ...this.o.retry };
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.once(r).then(
        (res) => ({ res }),
        (err: unknown) => ({ err }),
      );
      let failure: Error;
      if ('res' in outcome) {
        const { res } = outcome;
        if ((res.status >= 200 && res.status < 300) || r.accept?.includes(res.status)) return { ...res, attempts: attempt };
        const text = res.body.toString('utf8');
        failure = s3Failure(r.what, res.status, text, this.secrets);
        const retry = RETRY_STATUS.has(res.status) || errorOf(res.status, text).code === 'RequestTimeout';
        if (!retry) throw failure;
      } else {
        const code = (outcome.err as { code?: string }).code ?? '';
        failure = s3Unreachable(r.what, this.host, outcome.err, this.secrets);
        if (!RETRY_NETWORK.has(code)) throw failure;
      }
      const delay = Math.random() * Math.min(policy.capMs, policy.baseMs * 2 ** (attempt - 1));
      if (attempt >= policy.maxAttempts || Date.now() - started + delay > policy.budgetMs) throw failure;
      this.o.onRetry?.(`${failure.message}; retrying in ${Math.round(delay)} ms`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  private async once(r: S3Request): Promise<Omit<S3Response, 'attempts'>> {
    const url = objectUrl(this.o, r.key, r.query);
    const body = r.body ?? new Uint8Array(0);
    const headers = await signS3({
      method: r.method,
      url,
      headers: r.headers ?? {},
      payloadHash: body.length === 0 ? EMPTY_SHA256 : sha256Hex(body),
      credentials: this.o.credentials,
      region: this.o.region,
    });
    const res = await request(url, {
      method: r.method,
      headers,
      dispatcher: this.dispatcher,
      ...(r.method === 'PUT' || r.method === 'POST' ? { body } : {}),
    });
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(chunk as Buffer);
    return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) };
  }
}
