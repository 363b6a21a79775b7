/** Maps what the service or the network said to the CLI's typed errors (decisions.md E). */
import {
  AuthError, GpumktError, InvalidResponseError, NoDataError, UnreachableError, UsageError,
} from '../errors.js';

/** Reads `message` (or `error`) of an error body of 2.7, when the body is JSON; else undefined. */
export function errorBodyMessage(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      const { message, error } = body as { message?: unknown; error?: unknown };
      if (typeof message === 'string' && message) return message;
      if (typeof error === 'string' && error) return error;
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): the caller describes it instead of dumping it.
  }
  return undefined;
}

/** Describes a body the CLI will not show raw: its type and size. */
export function describeBody(contentType: string | undefined, bytes: number): string {
  return `${contentType ? contentType.split(';')[0] : 'no content type'}, ${bytes} bytes`;
}

/** The typed error of a final (non-retried) HTTP status. */
export function statusError(status: number, text: string, contentType: string | undefined, where: string): GpumktError {
  const msg = errorBodyMessage(text);
  const detail = msg ?? `HTTP ${status} (${describeBody(contentType, Buffer.byteLength(text))})`;
  switch (status) {
    case 400:
      return new UsageError(`the API rejected the request: ${detail}`);
    case 401:
      return new AuthError(`the API refused the key (401): ${detail}`, "check GPUMKT_API_KEY or run 'gpumkt config set api-key'");
    case 403:
      return new AuthError(`the API denied access (403): ${detail}`);
    case 404:
      return new NoDataError(`no data (404): ${detail}`);
    default:
      if (status === 408 || status === 429 || status >= 500) return new UnreachableError(`${where} answered HTTP ${status}: ${detail}`);
      return new InvalidResponseError(`${where} answered an unexpected HTTP ${status}: ${detail}`);
  }
}

/** Hides credentials in a URL-looking string (proxy URLs may carry user:password). */
export function redactUrl(s: string): string {
  return s.replace(/(\/\/)[^/@\s]*@/g, '$1***@');
}

/** A short description of a network failure from undici or Node. */
export function describeNetworkError(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  const text = e.cause?.message ?? e.message ?? String(err);
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connect timed out';
    case 'UND_ERR_HEADERS_TIMEOUT':
      return 'timed out waiting for the response headers';
    case 'UND_ERR_BODY_TIMEOUT':
      return 'timed out waiting for the response body';
    case 'UND_ERR_SOCKET':
      return 'the connection was closed before the response was complete';
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return 'the response body was shorter than its Content-Length';
    default:
      return redactUrl(code && !text.includes(code) ? `${code}: ${text}` : text);
  }
}
