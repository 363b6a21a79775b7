/** Maps what the service said to the CLI's typed errors (docs/api-contract.md §5), with server text made safe. */
import { AuthError, GpumktError, InvalidResponseError, NoDataError, UnreachableError, UsageError } from '../errors.js';
import { sanitizeForTerminal } from '../domain/text/sanitize.js';
import { redactSecret, redactUrl } from '../domain/secrets/redact.js';
import { KEY_HINT } from '../domain/service/plans.js';

// A server's message is quoted, never dumped: one line, at most this many characters.
const MAX_SERVER_TEXT = 300;

/**
 * Server-controlled text made fit for an error line: escape sequences and controls removed (a hostile
 * `message` must not retitle or clear the terminal), the key and URL credentials hidden, length capped.
 */
export function serverText(s: string, secret?: string): string {
  const clean = redactUrl(redactSecret(sanitizeForTerminal(s), secret)).trim();
  return clean.length > MAX_SERVER_TEXT ? `${clean.slice(0, MAX_SERVER_TEXT)}…` : clean;
}

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
export function describeBody(contentType: string | undefined, bytes: number, truncated = false): string {
  const type = contentType ? serverText(contentType.split(';')[0] ?? '') : 'no content type';
  return `${type}, ${truncated ? 'more than ' : ''}${bytes} bytes`;
}

/** What statusError needs to know about an error response. */
export interface ErrorResponse {
  readonly status: number;
  /** The body, or its first bytes when it was too long to read in full. */
  readonly text: string;
  readonly truncated: boolean;
  readonly contentType: string | undefined;
  /** The origin, for messages. */
  readonly where: string;
  /** The API key, hidden should the server echo it. */
  readonly secret?: string;
}

/** The typed error of a non-2xx, non-3xx HTTP status. */
export function statusError(r: ErrorResponse): GpumktError {
  const msg = r.truncated ? undefined : errorBodyMessage(r.text);
  const body = `(${describeBody(r.contentType, Buffer.byteLength(r.text), r.truncated)})`;
  const detail = msg !== undefined ? serverText(msg, r.secret) : `HTTP ${r.status} ${body}`;
  switch (r.status) {
    case 400:
      return new UsageError(`the API rejected the request: ${detail}`);
    case 401:
      return new AuthError(`the API refused the key (401): ${detail}`, `check the key: ${KEY_HINT}`);
    case 403:
      return new AuthError(`the API denied access (403): ${detail}`, `a key of a higher plan reads it: ${KEY_HINT}`);
    case 404:
      return new NoDataError(`no data (404): ${detail}`);
    default:
      // Here the status is already in the sentence: add the server's message, or what the body was.
      if (r.status === 408 || r.status === 429 || r.status >= 500)
        return new UnreachableError(
          `${r.where} answered HTTP ${r.status}${msg !== undefined ? `: ${detail}` : ` ${body}`}`,
          undefined,
          r.status,
        );
      return new InvalidResponseError(
        `${r.where} answered an unexpected HTTP ${r.status}${msg !== undefined ? `: ${detail}` : ` ${body}`}`,
      );
  }
}

/** The shape of a zod issue as far as messages need it. */
interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly errors?: readonly (readonly SchemaIssue[])[];
}

/**
 * "data.0.price: Invalid input: expected number, received string" for the first schema issue. For a
 * union ("a list or one object"), the branch that got furthest explains the fault; zod alone would only
 * say "data: Invalid input".
 */
export function describeSchemaIssue(issue: SchemaIssue | undefined): string {
  if (issue === undefined) return '(body): invalid';
  let path = [...issue.path];
  let current: SchemaIssue = issue;
  for (let depth = 0; depth < 5 && current.errors && current.errors.length > 0; depth++) {
    const branches = current.errors.map((b) => b[0]).filter((b): b is SchemaIssue => b !== undefined);
    const furthest = branches.reduce<SchemaIssue | undefined>(
      (best, b) => (best === undefined || b.path.length > best.path.length ? b : best),
      undefined,
    );
    if (furthest === undefined) break;
    path = [...path, ...furthest.path];
    current = furthest;
  }
  const where = path.map(String).join('.') || '(body)';
  return `${serverText(where)}: ${current.message}`;
}
