/**
 * SigV4: gpumkt's signer (aws4fetch, src/store/s3/sign.ts) and the loopback server's independent
 * checker (test/helpers/sigv4.ts) both give the signatures AWS publishes for its S3 examples
 * (test/fixtures/sigv4/s3-examples.json), and a changed input changes the signature.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMPTY_SHA256, sha256Hex, signS3, uriPath, uriQuery } from '../../../../src/store/s3/sign.js';
import { parseAuthorization, signatureOf } from '../../../helpers/sigv4.js';

interface Example {
  name: string;
  method: string;
  path: string[];
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  payloadHash?: string;
  signedHeaders: string;
  signature: string;
}
const vectors = JSON.parse(readFileSync(new URL('../../../fixtures/sigv4/s3-examples.json', import.meta.url), 'utf8')) as {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  datetime: string;
  host: string;
  examples: Example[];
};
const credentials = { accessKeyId: vectors.accessKeyId, secretAccessKey: vectors.secretAccessKey };

function urlOf(e: Example): string {
  const q = uriQuery(e.query);
  return `https://${vectors.host}${uriPath(e.path)}${q === '' ? '' : `?${q}`}`;
}

describe('SigV4 against the examples AWS publishes for S3', () => {
  for (const e of vectors.examples) {
    it(`gpumkt's signer: ${e.name}`, async () => {
      const payloadHash = sha256Hex(e.body);
      if (e.payloadHash !== undefined) expect(payloadHash).toBe(e.payloadHash);
      if (e.body === '') expect(payloadHash).toBe(EMPTY_SHA256);
      const headers = await signS3({
        method: e.method,
        url: urlOf(e),
        headers: e.headers,
        payloadHash,
        credentials,
        region: vectors.region,
        datetime: vectors.datetime,
      });
      expect(headers['x-amz-date']).toBe(vectors.datetime);
      expect(headers['x-amz-content-sha256']).toBe(payloadHash);
      expect(headers.authorization).toBe(
        `AWS4-HMAC-SHA256 Credential=${vectors.accessKeyId}/20130524/us-east-1/s3/aws4_request, SignedHeaders=${e.signedHeaders}, Signature=${e.signature}`,
      );
    });

    it(`the test server's checker: ${e.name}`, () => {
      const url = new URL(urlOf(e));
      const sig = signatureOf({
        method: e.method,
        rawPath: url.pathname,
        rawQuery: url.search.slice(1),
        headers: { ...e.headers, host: vectors.host, 'x-amz-date': vectors.datetime, 'x-amz-content-sha256': sha256Hex(e.body) },
        signedHeaders: e.signedHeaders,
        payloadHash: sha256Hex(e.body),
        datetime: vectors.datetime,
        region: vectors.region,
        secretAccessKey: vectors.secretAccessKey,
      });
      expect(sig).toBe(e.signature);
    });
  }

  it('signs the session token, and a different key, time, region or path gives a different signature', async () => {
    const base = {
      method: 'GET',
      url: 'http://127.0.0.1:9000/bucket/a%20b/c%3Dd.json',
      headers: {},
      payloadHash: EMPTY_SHA256,
      credentials,
      region: 'eu-west-1',
      datetime: '20261120T120000Z',
    };
    const sig = async (over: Partial<typeof base>): Promise<string> =>
      parseAuthorization((await signS3({ ...base, ...over })).authorization ?? '')?.signature ?? 'unparsed';
    const one = await sig({});
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(await sig({ region: 'us-east-1' })).not.toBe(one);
    expect(await sig({ datetime: '20261120T120001Z' })).not.toBe(one);
    expect(await sig({ url: 'http://127.0.0.1:9000/bucket/a%20b/c%3De.json' })).not.toBe(one);
    expect(await sig({ credentials: { ...credentials, secretAccessKey: 'other' } })).not.toBe(one);
    const withToken = await signS3({ ...base, credentials: { ...credentials, sessionToken: 'TOKEN' } });
    expect(withToken['x-amz-security-token']).toBe('TOKEN');
    expect(withToken.authorization).toContain('x-amz-security-token');
  });
});
