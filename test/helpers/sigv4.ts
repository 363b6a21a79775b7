/**
 * An independent SigV4 checker for the loopback S3 server (s3-server.ts): it rebuilds the canonical
 * request from what arrived on the wire (the raw path and query, the headers the Authorization header
 * names) and recomputes the signature with node:crypto, so a request signed wrong by gpumkt's signer
 * (aws4fetch) is refused as S3 refuses it. Written from the S3 documentation, not from the signer.
 */
import { createHash, createHmac } from 'node:crypto';

const enc = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The canonical URI: each segment decoded once and encoded again (S3 does not normalize `.` or `//`). */
export function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((s) => enc(decodeURIComponent(s)))
    .join('/');
}

/** The canonical query: every name=value pair decoded, encoded again, sorted by name then value. */
export function canonicalQuery(rawQuery: string): string {
  if (rawQuery === '') return '';
  return rawQuery
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const i = p.indexOf('=');
      const [k, v] = i < 0 ? [p, ''] : [p.slice(0, i), p.slice(i + 1)];
      return [enc(decodeURIComponent(k)), enc(decodeURIComponent(v))] as const;
    })
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** What the signature covers. */
export interface Signed {
  readonly method: string;
  readonly rawPath: string;
  readonly rawQuery: string;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /** The names the Authorization header lists, `;`-joined. */
  readonly signedHeaders: string;
  readonly payloadHash: string;
  readonly datetime: string;
  readonly region: string;
  readonly secretAccessKey: string;
}

/** The canonical request of `r`. */
export function canonicalRequest(r: Signed): string {
  const names = r.signedHeaders.split(';');
  const headers = names.map((n) => `${n}:${(r.headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  return [r.method, canonicalUri(r.rawPath), canonicalQuery(r.rawQuery), headers, r.signedHeaders, r.payloadHash].join('\n');
}

const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** The hex signature of `r`. */
export function signatureOf(r: Signed): string {
  const day = r.datetime.slice(0, 8);
  const scope = `${day}/${r.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', r.datetime, scope, createHash('sha256').update(canonicalRequest(r)).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${r.secretAccessKey}`, day), r.region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

/** The parts of an Authorization header, or undefined when it is not SigV4's. */
export function parseAuthorization(
  header: string,
): { accessKeyId: string; day: string; region: string; service: string; signedHeaders: string; signature: string } | undefined {
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (m === null) return undefined;
  return { accessKeyId: m[1]!, day: m[2]!, region: m[3]!, service: m[4]!, signedHeaders: m[5]!, signature: m[6]! };
}
