/** Replies of the sandbox: JSON bodies, the service's exact error texts, and the error type handlers throw. */

/** A complete reply, computed before anything is written so that a failure never leaves half a response. */
export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The serialized JSON body. */
  readonly body: string;
}

/** The 400 message for an unsupported GPU model, byte for byte as the service sends it (its own model order). */
export const INVALID_GPU_MESSAGE = 'Invalid GPU type. Allowed: H100 SXM, H200, A100 SXM4, RTX 5090, B200, RTX PRO 6000 WS';

/** The 401 messages. */
export const AUTH_MESSAGES = {
  missing: 'API key required. Use Authorization: Bearer YOUR_API_KEY',
  invalid: 'Invalid API key',
  inactive: 'API key is inactive',
} as const;

/** The 403 message for hourly data requested with a daily-only key. */
export const DAILY_ONLY_MESSAGE = 'Premium access is daily-grain only. Hourly and real-time data require a full subscription.';

/** URLs longer than this get 414: generous for any real query, small enough to refuse abuse early. */
export const MAX_URL_LENGTH = 8192;

/** An error a handler throws; it becomes a `{ error, message }` body with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 400 Bad request. */
export function badRequest(message: string): ApiError {
  return new ApiError(400, 'Bad request', message);
}

/** 404 No data available. */
export function noData(message: string): ApiError {
  return new ApiError(404, 'No data available', message);
}

/** 401 Unauthorized, with the challenge a bearer-protected resource sends. */
export function unauthorized(message: string): ApiError {
  return new ApiError(401, 'Unauthorized', message, { 'WWW-Authenticate': 'Bearer' });
}

/** 405 for any method but GET (HEAD included: the API is GET only). */
export function methodNotAllowed(method: string): ApiError {
  return new ApiError(405, 'Method not allowed', `Method ${echo(method)} is not allowed: the API is read-only, use GET`, { Allow: 'GET' });
}

/** A JSON reply: the body is serialized once, so its bytes are exactly what was computed. */
export function jsonReply(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): Reply {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) };
}

/** The reply of an error: a caught ApiError keeps its status; anything else is a 500 with no internals. */
export function errorReply(e: unknown): Reply {
  if (e instanceof ApiError) return jsonReply(e.status, { error: e.error, message: e.message }, e.headers);
  return jsonReply(500, { error: 'Internal server error', message: 'The sandbox failed to handle this request' });
}

/** Shortens user input echoed in a message, so a huge parameter cannot bloat an error body. */
export function echo(s: string, max = 80): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** The parts of a request the API looks at. */
export interface SandboxRequest {
  readonly method: string;
  /** The raw request target, as received. */
  readonly url: string;
  readonly authorization: string | undefined;
}
