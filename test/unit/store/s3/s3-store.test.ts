/**
 * The S3 store against the loopback S3 server, beyond the Store contract: listing page after page,
 * multipart uploads for long streams (and their abort), the faults (SlowDown and 5xx retried within
 * the budget, AccessDenied and NoSuchBucket at once, a dropped connection, a port nobody listens on),
 * a conditional write whose first attempt landed without its answer, and signatures S3 refuses.
 */
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { ExitCode, GpumktError } from '../../../../src/errors.js';
import { objectUrl } from '../../../../src/store/s3/s3-client.js';
import { s3Store, type S3StoreOptions } from '../../../../src/store/s3/s3-store.js';
import { KeyExistsError, ObjectChangedError } from '../../../../src/store/store.js';
import { startS3Server, TEST_KEYS, type S3Server } from '../../../helpers/s3-server.js';

let server: S3Server;
let agent: Agent;
beforeAll(async () => {
  agent = new Agent();
});
afterEach(async () => {
  await server?.close();
});
afterAll(async () => {
  await agent.close();
});

const open = (over: Partial<S3StoreOptions> = {}) =>
  s3Store({
    bucket: 'lake',
    prefix: 'p',
    region: 'us-east-1',
    credentials: TEST_KEYS,
    endpointUrl: server.url,
    dispatcher: agent,
    retry: { baseMs: 1, capMs: 5 },
    ...over,
  });

async function failure(p: Promise<unknown>): Promise<GpumktError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GpumktError);
  return err as GpumktError;
}

const text = (b: Uint8Array | undefined): string | undefined => (b === undefined ? undefined : Buffer.from(b).toString('utf8'));

describe('the S3 store', () => {
  it('lists page after page (continuation tokens) and stops at a limit', async () => {
    server = await startS3Server({ pageSize: 10 });
    const store = open();
    const keys = Array.from({ length: 25 }, (_, i) => `t/k${String(i).padStart(2, '0')}`);
    for (const k of keys) await store.put(k, k);
    await store.put('u/other', 'x');
    server.requests.length = 0;
    expect((await store.list('t/')).map((o) => o.key)).toEqual(keys);
    const lists = server.requests.filter((r) => r.query.get('list-type') === '2');
    expect(lists.map((r) => r.query.get('continuation-token') !== null)).toEqual([false, true, true]);
    expect(lists.every((r) => r.query.get('prefix') === 'p/t/')).toBe(true);
    expect(await store.list('t/', { limit: 12 })).toHaveLength(12);
    // The store's prefix is not part of its keys, and objects outside it are not listed.
    expect((await store.list('')).map((o) => o.key)).toContain('u/other');
    expect([...server.bucket('lake').objects.keys()].every((k) => k.startsWith('p/'))).toBe(true);
  });

  it('sends a streamed body longer than a part as a multipart upload, and a short one as one PutObject', async () => {
    const MiB = 1024 * 1024;
    server = await startS3Server({ minPartSize: 5 * MiB });
    const store = open({ partSize: 5 * MiB });
    const data = Buffer.alloc(11 * MiB + 3);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 251;
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (let at = 0; at < data.length; at += 700_001) yield data.subarray(at, at + 700_001);
    }
    server.fail({ status: 503, code: 'SlowDown', method: 'PUT', key: 'big.parquet' });
    await store.put('big.parquet', chunks());
    expect(Buffer.from((await store.read('big.parquet')) ?? []).equals(data)).toBe(true);
    const seen = server.requests.map((r) => `${r.method} ${[...r.query.keys()].sort().join(',')}`);
    expect(seen.filter((s) => s === 'POST uploads')).toHaveLength(1);
    // Three parts, the first sent twice (SlowDown, then accepted).
    expect(server.requests.filter((r) => r.query.has('partNumber')).map((r) => [r.query.get('partNumber'), r.status])).toEqual([
      ['1', 503],
      ['1', 200],
      ['2', 200],
      ['3', 200],
    ]);
    expect(seen.filter((s) => s === 'PUT partNumber,uploadId')).toHaveLength(4);
    expect(seen.filter((s) => s === 'POST uploadId')).toHaveLength(1);
    expect(server.bucket('lake').openUploads).toBe(0);

    server.requests.length = 0;
    async function* short(): AsyncGenerator<string> {
      yield 'a';
      yield 'b';
    }
    await store.put('small', short());
    expect(server.requests.map((r) => `${r.method} ${[...r.query.keys()].join(',')}`)).toEqual(['PUT ']);
  });

  it('a multipart upload whose stream fails is aborted and leaves the old object', async () => {
    const MiB = 1024 * 1024;
    server = await startS3Server({ minPartSize: 5 * MiB });
    const store = open({ partSize: 5 * MiB });
    await store.put('big', 'old');
    async function* broken(): AsyncGenerator<Uint8Array> {
      yield Buffer.alloc(6 * MiB);
      throw new Error('source failed');
    }
    await expect(store.put('big', broken())).rejects.toThrow('source failed');
    expect(server.requests.some((r) => r.method === 'DELETE' && r.query.has('uploadId'))).toBe(true);
    expect(server.bucket('lake').openUploads).toBe(0);
    expect(text(await store.read('big'))).toBe('old');
  });

  it('retries SlowDown and 5xx with backoff, saying so, and succeeds when the store recovers', async () => {
    server = await startS3Server();
    const notes: string[] = [];
    const store = open({ onRetry: (m) => notes.push(m) });
    server.fail({ status: 503, code: 'SlowDown', message: 'Please reduce your request rate.', times: 2, method: 'PUT' });
    server.fail({ status: 500, code: 'InternalError', times: 1, method: 'GET' });
    await store.put('k', 'v');
    expect(text(await store.read('k'))).toBe('v');
    expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.status)).toEqual([503, 503, 200]);
    expect(server.requests.filter((r) => r.method === 'GET').map((r) => r.status)).toEqual([500, 200]);
    expect(notes).toHaveLength(3);
    expect(notes[0]).toMatch(/^s3:\/\/lake\/p\/k: SlowDown \(HTTP 503\): Please reduce your request rate\.; retrying in \d+ ms$/);
  });

  it('a 5xx that lasts past the budget is one line with its code, exit 5', async () => {
    server = await startS3Server();
    server.fail({ status: 503, code: 'SlowDown', times: 1000 });
    const err = await failure(open({ retry: { baseMs: 1, capMs: 2, maxAttempts: 4 } }).read('x'));
    expect(err.exitCode).toBe(ExitCode.unreachable);
    expect(err.message).toBe('s3://lake/p/x: SlowDown (HTTP 503): We encountered an internal error. Please try again.');
    expect(err.message).not.toContain('\n');
    expect(server.requests).toHaveLength(4);
  });

  it('AccessDenied, NoSuchBucket and a refused signature fail at once: one line with the code, exit 7', async () => {
    server = await startS3Server();
    server.fail({ status: 403, code: 'AccessDenied', message: 'Access Denied', method: 'PUT' });
    const denied = await failure(open().put('k', 'v'));
    expect(denied.exitCode).toBe(ExitCode.output);
    expect(denied.message).toBe('s3://lake/p/k: AccessDenied (HTTP 403): Access Denied');
    expect(denied.hint).toMatch(/policy/);
    expect(server.requests).toHaveLength(1);

    const noBucket = await failure(open({ bucket: 'nope' }).read('k'));
    expect(noBucket.message).toBe('s3://nope/p/k: NoSuchBucket (HTTP 404): The specified bucket does not exist');
    expect(noBucket.exitCode).toBe(ExitCode.output);
    await expect(open({ bucket: 'nope' }).list('')).rejects.toThrow(/NoSuchBucket/);
    await expect(open({ bucket: 'nope' }).delete('k')).rejects.toThrow(/NoSuchBucket/);

    const badSecret = await failure(open({ credentials: { ...TEST_KEYS, secretAccessKey: 'not-the-secret' } }).read('k'));
    expect(badSecret.message).toMatch(/^s3:\/\/lake\/p\/k: SignatureDoesNotMatch \(HTTP 403\)/);
    const badKey = await failure(open({ credentials: { ...TEST_KEYS, accessKeyId: 'AKIAOTHER' } }).read('k'));
    expect(badKey.message).toMatch(/InvalidAccessKeyId \(HTTP 403\)/);
    const badRegion = await failure(open({ region: 'eu-west-1' }).read('k'));
    expect(badRegion.message).toMatch(/AuthorizationHeaderMalformed \(HTTP 400\)/);
    expect(badRegion.hint).toMatch(/AWS_REGION/);
  });

  it('a dropped connection is retried; a port nobody listens on is UnreachableError, exit 5', async () => {
    server = await startS3Server();
    server.fail({ reset: true, method: 'PUT' });
    await open().put('k', 'v');
    expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.status)).toEqual([-1, 200]);

    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await failure(open({ endpointUrl: `http://127.0.0.1:${port}` }).read('k'));
    expect(err.exitCode).toBe(ExitCode.unreachable);
    expect(err.message).toMatch(new RegExp(`^s3://lake/p/k: cannot reach http://127\\.0\\.0\\.1:${port}: ECONNREFUSED`));
  });

  it('a conditional write that landed though its answer was lost succeeds on the retry; one that did not land is KeyExistsError', async () => {
    server = await startS3Server();
    const store = open();
    server.fail({ status: 500, code: 'InternalError', afterApply: true, header: 'if-none-match' });
    await store.putIfAbsent('_delta_log/0.json', 'mine');
    expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.status)).toEqual([500, 412]);
    expect(text(await store.read('_delta_log/0.json'))).toBe('mine');

    await store.put('_delta_log/1.json', 'theirs');
    server.fail({ status: 500, code: 'InternalError', header: 'if-none-match' });
    await expect(store.putIfAbsent('_delta_log/1.json', 'mine')).rejects.toBeInstanceOf(KeyExistsError);
  });

  it('putIfMatch replaces only the version read (If-Match), else ObjectChangedError', async () => {
    server = await startS3Server();
    const store = open();
    await store.put('lease', 'one');
    const t = await store.readTagged('lease');
    expect(t?.etag).toMatch(/^"[0-9a-f]{32}"$/);
    await store.putIfMatch('lease', 'two', t!.etag);
    expect(text(await store.read('lease'))).toBe('two');
    await expect(store.putIfMatch('lease', 'three', t!.etag)).rejects.toBeInstanceOf(ObjectChangedError);
    await expect(store.putIfMatch('gone', 'x', t!.etag)).rejects.toBeInstanceOf(ObjectChangedError);
    expect(text(await store.read('lease'))).toBe('two');
    expect(server.requests.filter((r) => r.headers['if-match'] !== undefined)).toHaveLength(3);
  });

  it('signs and sends a session token; without it a server that wants one refuses', async () => {
    server = await startS3Server({ sessionToken: 'SESSION-TOKEN-1' });
    await open({ credentials: { ...TEST_KEYS, sessionToken: 'SESSION-TOKEN-1' } }).put('k', 'v');
    await expect(open().read('k')).rejects.toThrow(/InvalidToken \(HTTP 403\)/);
  });
});

describe('S3 addressing', () => {
  const aws = { bucket: 'my-lake', region: 'eu-west-1' };
  it('virtual-host style on AWS, path-style on a given endpoint or for a bucket with dots', () => {
    expect(objectUrl(aws, 'hist/gpu=H100 SXM/part-0.parquet')).toBe(
      'https://my-lake.s3.eu-west-1.amazonaws.com/hist/gpu%3DH100%20SXM/part-0.parquet',
    );
    expect(objectUrl(aws, undefined, { 'list-type': '2', prefix: 'a b/' })).toBe(
      'https://my-lake.s3.eu-west-1.amazonaws.com/?list-type=2&prefix=a%20b%2F',
    );
    expect(objectUrl({ ...aws, bucket: 'my.lake' }, 'k')).toBe('https://s3.eu-west-1.amazonaws.com/my.lake/k');
    expect(objectUrl({ ...aws, endpointUrl: 'http://127.0.0.1:9000/' }, "a/(b)'!*")).toBe(
      'http://127.0.0.1:9000/my-lake/a/%28b%29%27%21%2A',
    );
    expect(objectUrl({ ...aws, endpointUrl: 'https://acct.r2.cloudflarestorage.com', pathStyle: false }, 'k')).toBe(
      'https://my-lake.acct.r2.cloudflarestorage.com/k',
    );
  });
});
