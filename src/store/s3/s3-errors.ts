/**
 * S3's answers as gpumkt's errors: every failure is one line naming the object, S3's error code and
 * the HTTP status (`s3://lake/history/x.parquet: AccessDenied (HTTP 403): Access Denied`), with a hint
 * for the codes a user can act on. A 4xx is an OutputError (exit 7, as the local store's file errors);
 * a 5xx or SlowDown left after the retries, and a connection that failed, are UnreachableError (exit 5).
 * Every text a server sent is flattened to one line and cut short, and the secrets are masked in it.
 */
import { OutputError, UnreachableError } from '../../errors.js';
import { redactSecrets } from '../../domain/secrets/redact.js';
import { xmlOne } from './xml.js';

/** S3 answered with an error status (4xx). */
export class S3Error extends OutputError {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    hint?: string,
  ) {
    super(message, hint);
  }
}

/** S3 answered 5xx or SlowDown until the retry budget ran out, or could not be reached. */
export class S3UnavailableError extends UnreachableError {
  constructor(
    message: string,
    readonly code: string,
    status?: number,
    hint?: string,
  ) {
    super(message, hint, status);
  }
}

const HINTS: Readonly<Record<string, string>> = {
  NoSuchBucket: 'check the bucket name, and the endpoint (--endpoint-url, AWS_ENDPOINT_URL) for a store other than AWS',
  AccessDenied: 'the credentials may not read, write, list or delete in the bucket: check their policy',
  InvalidAccessKeyId: 'check AWS_ACCESS_KEY_ID or the profile (AWS_PROFILE) the keys come from',
  SignatureDoesNotMatch: 'check AWS_SECRET_ACCESS_KEY or the profile (AWS_PROFILE) the keys come from',
  ExpiredToken: 'the session token has expired: get new temporary credentials',
  AuthorizationHeaderMalformed: 'the bucket may be in another region: set AWS_REGION',
  PermanentRedirect: 'the bucket is in another region: set AWS_REGION',
  SlowDown: 'the bucket is throttling requests: run again later',
};

/** A server's text as one short line, secrets masked. */
export function oneLine(s: string, secrets: readonly string[]): string {
  // Masked before it is cut: a cut could leave a secret's head that no longer matches it.
  const flat = redactSecrets(s.replace(/\s+/g, ' ').trim(), secrets);
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

/** S3's code and message from an error body (XML), or the status's name when the body has none (HEAD). */
export function errorOf(status: number, body: string): { code: string; message: string } {
  const code = xmlOne(body, 'Code') ?? STATUS_CODES[status] ?? `HTTP${status}`;
  return { code, message: xmlOne(body, 'Message') ?? '' };
}

const STATUS_CODES: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  403: 'AccessDenied',
  404: 'NotFound',
  409: 'Conflict',
  412: 'PreconditionFailed',
  500: 'InternalError',
  501: 'NotImplemented',
  503: 'SlowDown',
};

/** The error for an answer `status` with `body` about `what` (`s3://bucket/key`). */
export function s3Failure(what: string, status: number, body: string, secrets: readonly string[]): S3Error | S3UnavailableError {
  const { message } = errorOf(status, body);
  const code = oneLine(errorOf(status, body).code, secrets);
  const text = `${what}: ${code} (HTTP ${status})${message === '' ? '' : `: ${oneLine(message, secrets)}`}`;
  if (status >= 500) return new S3UnavailableError(text, code, status, HINTS[code]);
  return new S3Error(text, code, status, HINTS[code]);
}

/** The error for a request that got no answer (`cause` from undici or the socket). */
export function s3Unreachable(what: string, host: string, cause: unknown, secrets: readonly string[]): S3UnavailableError {
  const code = (cause as { code?: string } | undefined)?.code ?? 'ConnectionFailed';
  const why = cause instanceof Error ? cause.message : String(cause);
  return new S3UnavailableError(
    `${what}: cannot reach ${host}: ${oneLine(`${code}${why !== '' && !why.includes(code) ? ` ${why}` : ''}`, secrets)}`,
    code,
    undefined,
    'check the endpoint (--endpoint-url, AWS_ENDPOINT_URL) and the network',
  );
}
