/**
 * SigV4 for S3 (AWS Signature Version 4, header-based, signed payload) by aws4fetch's AwsV4Signer,
 * a small, maintained signer on WebCrypto: it computes the Authorization header and the headers it
 * signs, and gpumkt sends them itself with undici (s3-client.ts). Every header handed in is signed
 * (`allHeaders`), so the caller passes exactly the headers that must be bound to the signature
 * (Range, If-None-Match, If-Match, the payload's hash) and lets undici add Content-Length.
 */
import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';

/** Static AWS credentials. */
export interface S3Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

/** One request to sign. */
export interface SignInput {
  readonly method: string;
  /** The URL as sent: path segments and query values already percent-encoded as S3 canonicalizes them (uriPath, uriQuery). */
  readonly url: string;
  /** Headers to sign and send (lower-case names). */
  readonly headers: Readonly<Record<string, string>>;
  /** The hex SHA-256 of the body (sent as x-amz-content-sha256). */
  readonly payloadHash: string;
  readonly credentials: S3Credentials;
  readonly region: string;
  /** The signing time as `YYYYMMDDTHHMMSSZ` (now when omitted). */
  readonly datetime?: string;
}

/** The hex SHA-256 of the empty body. */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The hex SHA-256 of `body`. */
export function sha256Hex(body: Uint8Array | string): string {
  return createHash('sha256').update(body).digest('hex');
}

/** `s` percent-encoded as SigV4 wants: every byte but A-Z a-z 0-9 - . _ ~ (encodeURIComponent leaves !'()* alone). */
export function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A path of `/`-separated names, each segment encoded, the slashes kept. */
export function uriPath(segments: readonly string[]): string {
  return `/${segments.map(uriEncode).join('/')}`;
}

/** A query string with names and values encoded, sorted by name (the canonical order; S3 accepts any). */
export function uriQuery(query: Readonly<Record<string, string>>): string {
  return Object.entries(query)
    .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
    .sort()
    .join('&');
}

/** The headers to send: the input's, the payload hash, x-amz-date, the session token and Authorization. */
export async function signS3(input: SignInput): Promise<Record<string, string>> {
  const signer = new AwsV4Signer({
    method: input.method,
    url: input.url,
    headers: { ...input.headers, 'x-amz-content-sha256': input.payloadHash },
    accessKeyId: input.credentials.accessKeyId,
    secretAccessKey: input.credentials.secretAccessKey,
    ...(input.credentials.sessionToken === undefined ? {} : { sessionToken: input.credentials.sessionToken }),
    service: 's3',
    region: input.region,
    allHeaders: true,
    ...(input.datetime === undefined ? {} : { datetime: input.datetime }),
  });
  const signed = await signer.sign();
  const out: Record<string, string> = {};
  signed.headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}
