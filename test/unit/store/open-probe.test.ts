/**
 * openStore turns a location into a Store (a folder, s3://bucket/prefix) and refuses other schemes
 * before any request; probeConditionalWrites passes a store that refuses a second putIfAbsent (the
 * loopback S3 server, a local folder) and refuses, exit 7, one that does not (the server with its
 * preconditions ignored, or answering NotImplemented), naming the store and --unsafe-single-writer.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { ExitCode, UsageError } from '../../../src/errors.js';
import { localStore } from '../../../src/store/local.js';
import { openStore, parseS3Location } from '../../../src/store/open.js';
import { PROBE_PREFIX, probeConditionalWrites, UnsafeStoreError } from '../../../src/store/probe.js';
import { makeTempDir } from '../../helpers/temp.js';
import { startS3Server, type S3Server } from '../../helpers/s3-server.js';

let server: S3Server | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  await server?.close();
  server = undefined;
  agent = undefined;
});

async function s3(location: string, ignorePreconditions = false) {
  server = await startS3Server({ ignorePreconditions });
  agent = new Agent();
  const env = {
    HOME: makeTempDir('open-home'),
    AWS_ACCESS_KEY_ID: server.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: server.credentials.secretAccessKey,
  };
  return openStore(location, { env, endpointUrl: server.url, dispatcher: agent, retry: { baseMs: 1, capMs: 2 } });
}

describe('openStore', () => {
  it('opens a folder as the local store and s3://bucket/prefix as an S3 store', async () => {
    const dir = makeTempDir('open');
    const local = await openStore(dir, { env: {} });
    expect(local.name).toBe(path.resolve(dir));
    const store = await s3('s3://lake/team/lake/');
    expect(store.name).toBe('s3://lake/team/lake');
    await store.put('a/b', 'x');
    expect([...server!.bucket('lake').objects.keys()]).toEqual(['team/lake/a/b']);
    expect(server!.requests[0]?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\//);
  });

  it('refuses other schemes, bad bucket names and bad prefixes with a UsageError (exit 2), before any request', async () => {
    const cases: Array<[string, RegExp]> = [
      ['file:///tmp/lake', /without file:\/\//],
      ['gs://bucket/x', /gs:\/\/ is not a store gpumkt can write/],
      ['s3://', /"" is not an S3 bucket name/],
      ['s3://Upper/x', /"Upper" is not an S3 bucket name/],
      ['s3://b/x', /"b" is not an S3 bucket name/],
      ['s3://lake/a/../b', /has an empty, '\.' or '\.\.' segment/],
      ['s3://lake/a//b', /has an empty/],
    ];
    for (const [location, message] of cases) {
      const err = await openStore(location, { env: {} }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, location).toBeInstanceOf(UsageError);
      expect((err as UsageError).exitCode).toBe(ExitCode.usage);
      expect((err as UsageError).message).toMatch(message);
    }
    expect(parseS3Location('s3://my.lake')).toEqual({ bucket: 'my.lake', prefix: '' });
  });

  it('without credentials an s3:// location is a UsageError naming what to set', async () => {
    await expect(openStore('s3://lake/x', { env: { HOME: makeTempDir('no-aws') } })).rejects.toThrow(/no AWS credentials/);
  });
});

describe('probeConditionalWrites', () => {
  it('passes a store that refuses a second conditional write, and removes its probe', async () => {
    const store = await s3('s3://lake/p');
    await probeConditionalWrites(store);
    const puts = server!.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => [r.headers['if-none-match'], r.status])).toEqual([
      ['*', 200],
      ['*', 412],
    ]);
    expect(puts[0]?.key.startsWith(`p/${PROBE_PREFIX}`)).toBe(true);
    expect(server!.bucket('lake').objects.size).toBe(0);
    await probeConditionalWrites(localStore(makeTempDir('probe')));
  });

  it('refuses a store that ignores If-None-Match (exit 7, naming the store and --unsafe-single-writer)', async () => {
    const store = await s3('s3://lake/p', true);
    const err = await probeConditionalWrites(store).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UnsafeStoreError);
    expect((err as UnsafeStoreError).exitCode).toBe(ExitCode.output);
    expect((err as UnsafeStoreError).message).toMatch(/^s3:\/\/lake\/p accepted a second conditional write/);
    expect((err as UnsafeStoreError).hint).toMatch(/--unsafe-single-writer/);
    expect(server!.bucket('lake').objects.size).toBe(0);
  });

  it('refuses a store that answers NotImplemented to a conditional write; other failures pass through', async () => {
    const store = await s3('s3://lake/p');
    server!.fail({
      status: 501,
      code: 'NotImplemented',
      message: 'A header you provided implies functionality that is not implemented',
      header: 'if-none-match',
    });
    await expect(probeConditionalWrites(store)).rejects.toThrow(/does not implement conditional writes/);
    server!.fail({ status: 403, code: 'AccessDenied', header: 'if-none-match' });
    const err = await probeConditionalWrites(store).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).not.toBeInstanceOf(UnsafeStoreError);
    expect((err as Error).message).toMatch(/AccessDenied \(HTTP 403\)/);
  });
});
