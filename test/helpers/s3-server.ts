/**
 * An S3-compatible server on loopback for tests without a cloud (path-style: `/<bucket>/<key>`). It
 * checks every request's SigV4 Authorization header against its one key pair by recomputing the
 * signature (sigv4.ts), and the payload's hash; keeps objects in memory (s3-bucket.ts); counts the
 * requests it saw; and can be told to fail: a queue of faults (503 SlowDown, 500, AccessDenied,
 * NoSuchBucket, a dropped connection, or a 500 sent after the write was applied), each matched by
 * method and key. `ignorePreconditions` makes it a store without conditional writes.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Bucket, errorAnswer, type Answer } from './s3-bucket.js';
import { parseAuthorization, signatureOf } from './sigv4.js';

/** How the server is set up. */
export interface S3ServerOptions {
  readonly accessKeyId?: string;
  readonly secretAccessKey?: string;
  /** When set, every request must carry (and sign) it as x-amz-security-token. */
  readonly sessionToken?: string;
  readonly region?: string;
  readonly buckets?: readonly string[];
  readonly ignorePreconditions?: boolean;
  /** The smallest part but the last of a multipart upload (5 MiB as S3). */
  readonly minPartSize?: number;
  /** The most keys one ListObjectsV2 page holds (1000 as S3; fewer to test paging). */
  readonly pageSize?: number;
  /** Told of each request as it arrives, before it is answered (a test kills a client at a chosen request). */
  readonly onRequest?: (seen: SeenRequest) => void;
}

/** A fault to inject. */
export interface S3Fault {
  readonly status?: number;
  readonly code?: string;
  readonly message?: string;
  /** How many matching requests it hits (1 by default). */
  readonly times?: number;
  readonly method?: string;
  /** Hits only requests on a key containing this text. */
  readonly key?: string;
  /** Hits only requests with this header (`if-none-match`). */
  readonly header?: string;
  /** Drop the connection instead of answering. */
  readonly reset?: boolean;
  /** Apply the request, then answer with the error (the client cannot tell it landed). */
  readonly afterApply?: boolean;
}

/** A request the server saw. */
export interface SeenRequest {
  readonly method: string;
  readonly bucket: string;
  readonly key: string;
  readonly query: URLSearchParams;
  readonly headers: Readonly<Record<string, string | undefined>>;
  status: number;
}

/** The running server. */
export interface S3Server {
  /** The endpoint URL (`http://127.0.0.1:<port>`). */
  readonly url: string;
  readonly requests: SeenRequest[];
  readonly credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  bucket(name: string): Bucket;
  fail(fault: S3Fault): void;
  ignorePreconditions: boolean;
  close(): Promise<void>;
}

/** Test credentials (AWS's documentation example pair). */
export const TEST_KEYS = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

const single = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.join(',') : v);

/** Checks the Authorization header of a request; an error answer when S3 would refuse it. */
function authorize(
  o: Required<Pick<S3ServerOptions, 'accessKeyId' | 'secretAccessKey' | 'region'>> & S3ServerOptions,
  req: IncomingMessage,
  body: Buffer,
): Answer | undefined {
  const h = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, single(v)]));
  const auth = parseAuthorization(h.authorization ?? '');
  if (auth === undefined) return errorAnswer(403, 'AccessDenied', 'Access Denied');
  if (auth.accessKeyId !== o.accessKeyId)
    return errorAnswer(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (auth.region !== o.region || auth.service !== 's3')
    return errorAnswer(400, 'AuthorizationHeaderMalformed', `the region '${auth.region}' is wrong; expecting '${o.region}'`);
  const signed = auth.signedHeaders.split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-date') || !signed.includes('x-amz-content-sha256'))
    return errorAnswer(403, 'AccessDenied', 'host, x-amz-date and x-amz-content-sha256 must be signed');
  if (o.sessionToken !== undefined && (h['x-amz-security-token'] !== o.sessionToken || !signed.includes('x-amz-security-token')))
    return errorAnswer(403, 'InvalidToken', 'The provided token is malformed or otherwise invalid.');
  const payloadHash = h['x-amz-content-sha256'] ?? '';
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex'))
    return errorAnswer(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split(/\?(.*)/s);
  const expected = signatureOf({
    method: req.method ?? 'GET',
    rawPath,
    rawQuery,
    headers: h as Record<string, string>,
    signedHeaders: auth.signedHeaders,
    payloadHash,
    datetime: h['x-amz-date'] ?? '',
    region: o.region,
    secretAccessKey: o.secretAccessKey,
  });
  if (expected !== auth.signature)
    return errorAnswer(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  return undefined;
}

function route(b: Bucket, method: string, key: string, q: URLSearchParams, h: Record<string, string | undefined>, body: Buffer): Answer {
  if (key === '')
    return method === 'GET' && q.get('list-type') === '2' ? b.list(q) : errorAnswer(501, 'NotImplemented', 'not in the test server');
  const upload = q.get('uploadId');
  if (method === 'POST' && q.has('uploads')) return b.createUpload(key);
  if (method === 'PUT' && upload !== null) return b.uploadPart(upload, Number(q.get('partNumber')), body);
  if (method === 'POST' && upload !== null) return b.complete(upload, body.toString('utf8'), h);
  if (method === 'DELETE' && upload !== null) return b.abort(upload);
  if (method === 'PUT') return b.put(key, body, h);
  if (method === 'GET' || method === 'HEAD') return b.get(key, h.range, method === 'HEAD');
  if (method === 'DELETE') return b.delete(key);
  return errorAnswer(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
}

/** Starts the server on 127.0.0.1 with the given buckets (`lake` by default). */
export async function startS3Server(opts: S3ServerOptions = {}): Promise<S3Server> {
  const o = { ...TEST_KEYS, region: 'us-east-1', ...opts };
  const faults: Array<S3Fault & { left: number }> = [];
  const requests: SeenRequest[] = [];
  const buckets = new Map<string, Bucket>();
  const state = { ignorePreconditions: opts.ignorePreconditions ?? false };
  for (const name of opts.buckets ?? ['lake'])
    buckets.set(
      name,
      new Bucket({
        ignorePreconditions: () => state.ignorePreconditions,
        minPartSize: opts.minPartSize ?? 5 * 1024 * 1024,
        pageSize: opts.pageSize ?? 1000,
      }),
    );

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split(/\?(.*)/s);
    const segments = rawPath.split('/').slice(1).map(decodeURIComponent);
    const bucketName = segments[0] ?? '';
    const key = segments.slice(1).join('/');
    const method = req.method ?? 'GET';
    const h = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, single(v)]));
    const seen: SeenRequest = { method, bucket: bucketName, key, query: new URLSearchParams(rawQuery), headers: h, status: 0 };
    requests.push(seen);
    opts.onRequest?.(seen);
    const send = (a: Answer): void => {
      seen.status = a.status;
      res.writeHead(a.status, a.headers ?? {});
      res.end(method === 'HEAD' ? undefined : a.body);
    };
    const refused = authorize(o, req, body);
    if (refused !== undefined) return send(refused);
    const fault = faults.find(
      (f) =>
        f.left > 0 &&
        (f.method === undefined || f.method === method) &&
        (f.key === undefined || key.includes(f.key)) &&
        (f.header === undefined || h[f.header] !== undefined),
    );
    if (fault !== undefined) fault.left--;
    if (fault?.reset === true) {
      seen.status = -1;
      req.socket.destroy();
      return;
    }
    const error =
      fault === undefined
        ? undefined
        : errorAnswer(
            fault.status ?? 500,
            fault.code ?? 'InternalError',
            fault.message ?? 'We encountered an internal error. Please try again.',
          );
    if (error !== undefined && fault?.afterApply !== true) return send(error);
    const bucket = buckets.get(bucketName);
    const answer =
      bucket === undefined
        ? errorAnswer(404, 'NoSuchBucket', 'The specified bucket does not exist')
        : route(bucket, method, key, seen.query, h, body);
    send(error ?? answer);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    credentials: {
      accessKeyId: o.accessKeyId,
      secretAccessKey: o.secretAccessKey,
      ...(o.sessionToken === undefined ? {} : { sessionToken: o.sessionToken }),
    },
    bucket: (name) => {
      const b = buckets.get(name);
      if (b === undefined) throw new Error(`no bucket ${name}`);
      return b;
    },
    fail: (f) => faults.push({ ...f, left: f.times ?? 1 }),
    get ignorePreconditions() {
      return state.ignorePreconditions;
    },
    set ignorePreconditions(v: boolean) {
      state.ignorePreconditions = v;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
