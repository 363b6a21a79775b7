/**
 * The settable config keys and how their values are checked. The file's zod schema is in schema.ts,
 * so that commands which only need these names and checks do not load zod.
 */
import { UsageError } from '../errors.js';
import { didYouMean } from '../domain/text/suggest.js';
import { redactUrl } from '../domain/secrets/redact.js';
import { PROFILE_FORMATS } from '../output/formats.js';

/** Keys `gpumkt config` accepts, kebab-case as stored in the file. */
export const CONFIG_KEYS = ['api-key', 'base-url', 'timeout', 'retries', 'format'] as const;

/** One settable key. */
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/** Output formats a profile may name as its default (the format registry decides). */
export const FORMATS = PROFILE_FORMATS;

/** Built-in defaults, the lowest rung of the precedence ladder. */
export const DEFAULTS = { baseUrl: 'https://api.ornnai.com', timeout: 30, retries: 3 } as const;

/**
 * The range of every numeric input (README "Bounds"). Beyond them a value is a typo or a unit mix-up
 * (milliseconds for seconds), and timers would overflow: Node's setTimeout holds at most 2^31 - 1 ms.
 */
export const BOUNDS = {
  /** --timeout / timeout, seconds per attempt. */
  timeout: { min: 0.1, max: 86_400 },
  /** --retries / retries. */
  retries: { min: 0, max: 100 },
  /** GPUMKT_MAX_TIME, seconds per request across attempts (a week). */
  maxTime: { min: 0.1, max: 604_800 },
  /** --lock-timeout, seconds. */
  lockTimeout: { min: 0, max: 86_400 },
  /** --limit, rows per model. */
  limit: { min: 1, max: 10_000_000 },
  /** sandbox --port. */
  port: { min: 0, max: 65_535 },
} as const;

/** Narrows a user-typed key or throws a usage error listing the valid ones. */
export function parseKey(input: string): ConfigKey {
  const key = input.trim().toLowerCase();
  if ((CONFIG_KEYS as readonly string[]).includes(key)) return key as ConfigKey;
  throw new UsageError(
    `unknown config key ${JSON.stringify(input)}; ${didYouMean(input, CONFIG_KEYS)}valid keys: ${CONFIG_KEYS.join(', ')}`,
  );
}

// Bearer tokens are printable ASCII (RFC 6750 b64token is a subset); anything else would only
// fail later, less clearly, inside the HTTP client.
const KEY_CHARS = /^[\x21-\x7e]+$/;

/** True when `key` can travel in an Authorization header. Never echoes the key. */
export function isValidApiKey(key: string): boolean {
  return KEY_CHARS.test(key);
}

/** True for an absolute http(s) URL without whitespace or control characters. */
export function isHttpUrl(value: string): boolean {
  // The URL parser silently drops tabs and newlines; reject them so what is stored is what is used.
  if (/[\s\x00-\x1f\x7f-\x9f]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** True for an http(s) URL that can be a base URL: no query and no fragment (paths are appended to it). */
export function isBaseUrl(value: string): boolean {
  return isHttpUrl(value) && !/[?#]/.test(value);
}

/**
 * A base URL as safe to quote in a message: the query and fragment cut off, credentials hidden. Either
 * may hold a secret (a key pasted as `?key=…`), and a refused value must not print it.
 */
function shownBaseUrl(value: string): string {
  return redactUrl(value.replace(/[?#][\s\S]*$/, ''));
}

/** `value` as a base URL, or a usage error naming where it came from (`--base-url`, `GPUMKT_BASE_URL`...). */
export function checkBaseUrl(value: string, origin: string): string {
  if (isHttpUrl(value)) {
    if (!/[?#]/.test(value)) return value;
    // `http://h/?x=1` would become `http://h/?x=1/api/…`; and a key in a query would travel in every log line.
    throw new UsageError(
      `invalid ${origin} ${JSON.stringify(shownBaseUrl(value))}…: a base URL takes no query (?…) or fragment (#…); the API paths are appended to it`,
      `use e.g. ${DEFAULTS.baseUrl}; the API key goes in GPUMKT_API_KEY or 'gpumkt config set api-key', never in the URL`,
    );
  }
  throw new UsageError(`invalid ${origin} ${JSON.stringify(shownBaseUrl(value))}: expected an http(s) URL such as ${DEFAULTS.baseUrl}`);
}

/** `value` as a timeout in seconds (BOUNDS.timeout), or a usage error naming its origin. */
export function checkTimeout(value: number | string, origin: string): number {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  const { min, max } = BOUNDS.timeout;
  if (Number.isFinite(n) && n >= min && n <= max) return n;
  throw new UsageError(`invalid ${origin} ${JSON.stringify(String(value))}: expected a number of seconds from ${min} to ${max}`);
}

/** `value` as a retry count (a whole number within BOUNDS.retries), or a usage error naming its origin. */
export function checkRetries(value: number | string, origin: string): number {
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  const { min, max } = BOUNDS.retries;
  if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
  throw new UsageError(`invalid ${origin} ${JSON.stringify(String(value))}: expected a whole number from ${min} to ${max}`);
}

/** `value` as an output format name, or a usage error listing the formats. */
export function checkFormat(value: string, origin: string): string {
  const v = value.trim().toLowerCase();
  if (FORMATS.includes(v)) return v;
  throw new UsageError(`invalid ${origin} ${JSON.stringify(value)}: ${didYouMean(v, FORMATS)}expected one of ${FORMATS.join(', ')}`);
}

/** Parses a command-line value for a non-secret key into what is stored in the file. */
export function parseValue(key: Exclude<ConfigKey, 'api-key'>, value: string): string | number {
  const origin = `value for ${key}`;
  switch (key) {
    case 'base-url':
      return checkBaseUrl(value.trim(), origin);
    case 'timeout':
      return checkTimeout(value, origin);
    case 'retries':
      return checkRetries(value, origin);
    case 'format':
      return checkFormat(value, origin);
  }
}
