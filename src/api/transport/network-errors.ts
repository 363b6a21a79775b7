/** What went wrong on the wire: a short description, whether another attempt may help, and a hint. */
import { redactUrl } from '../../domain/secrets/redact.js';

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

// Node wraps the per-address failures of a dual-stack connect in an AggregateError with an empty message.
function innermost(err: unknown): ErrorLike {
  let e = (err ?? {}) as ErrorLike;
  for (let depth = 0; depth < 5; depth++) {
    if (typeof e.code === 'string' && e.code !== 'UND_ERR_SOCKET' && typeof e.message === 'string' && e.message !== '') return e;
    const next: unknown = e.cause ?? (Array.isArray(e.errors) ? (e.errors as unknown[])[0] : undefined);
    if (next === undefined || next === null || typeof next !== 'object') return e;
    e = next;
  }
  return e;
}

/** The most specific error code of an undici or Node network error. */
export function networkErrorCode(err: unknown): string | undefined {
  const outer = (err ?? {}) as ErrorLike;
  const inner = innermost(err);
  const code = typeof inner.code === 'string' ? inner.code : outer.code;
  return typeof code === 'string' ? code : undefined;
}

// Faults that may well be gone a moment later: resets, refusals while a server restarts, timeouts, DNS hiccups.
const TRANSIENT = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_CLOSED',
  'HPE_INVALID_CHUNK_SIZE',
  'HPE_UNEXPECTED_CONTENT_LENGTH',
  'HPE_INVALID_CONSTANT',
  'HPE_CLOSED_CONNECTION',
  // A connection lost before the request went out, undici's reconnect refused (src/api/transport/connect-gate.ts).
  'GPUMKT_EARLY_CLOSE',
]);

// Certificate problems never fix themselves between attempts, and retrying them only hides the cause.
const TLS = /^(?:CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|ERR_TLS_|ERR_SSL_|HOSTNAME_MISMATCH)/;

/** The status a proxy answered to CONNECT, when that is what failed (undici only says so in its message). */
function proxyStatus(err: unknown): number | undefined {
  const message = innermost(err).message;
  const m = /Proxy response \((\d{3})\)/.exec(typeof message === 'string' ? message : '');
  return m ? Number(m[1]) : undefined;
}

/** True for network faults worth another attempt (never for TLS, DNS "no such host", or proxy refusals). */
export function isTransientNetworkError(err: unknown): boolean {
  const code = networkErrorCode(err);
  if (code !== undefined && TRANSIENT.has(code)) return true;
  // A proxy that cannot reach the API right now (502/503/504 to CONNECT) may manage on the next try.
  const proxy = proxyStatus(err);
  if (proxy === 502 || proxy === 503 || proxy === 504) return true;
  // A socket closed by the other side, as undici reports it, under any of its wrappers.
  return (err as ErrorLike | undefined)?.code === 'UND_ERR_SOCKET';
}

/** What the user can do about a failure, when there is something specific. */
export function networkErrorHint(err: unknown): string | undefined {
  const code = networkErrorCode(err) ?? '';
  if (TLS.test(code))
    return 'the certificate was not accepted; for a private CA or a TLS-inspecting proxy set NODE_EXTRA_CA_CERTS to its PEM file';
  if (code === 'ENOTFOUND') return 'check --base-url, and HTTPS_PROXY if you need a proxy';
  if (proxyStatus(err) === 407) return 'the proxy wants credentials: HTTPS_PROXY / HTTP_PROXY=http://user:password@host:port';
  return undefined;
}

/** A short description of a network failure from undici or Node, with any URL credentials hidden. */
export function describeNetworkError(err: unknown): string {
  const code = networkErrorCode(err);
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connect timed out';
    case 'UND_ERR_HEADERS_TIMEOUT':
      return 'timed out waiting for the response headers';
    case 'UND_ERR_BODY_TIMEOUT':
      return 'timed out waiting for the rest of the response body';
    case 'UND_ERR_SOCKET':
    case 'ECONNRESET':
      return 'the connection was closed before the response was complete';
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return 'the response body was shorter than its Content-Length';
    case 'GPUMKT_EARLY_CLOSE':
      return 'the connection closed before the request could be sent';
    default: {
      const proxy = proxyStatus(err);
      if (proxy !== undefined) return `the proxy refused the tunnel (HTTP ${proxy} to CONNECT)`;
      const inner = innermost(err);
      const text = typeof inner.message === 'string' && inner.message !== '' ? inner.message : String(err);
      return redactUrl(code && !text.includes(code) ? `${code}: ${text}` : text);
    }
  }
}
