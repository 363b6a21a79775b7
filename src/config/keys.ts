/**
 * The settable config keys and how their values are checked. The file's zod schema is in schema.ts,
 * so that commands which only need these names and checks do not load zod.
 */
import { UsageError } from '../errors.js';
import { didYouMean } from '../domain/suggest.js';
import { PROFILE_FORMATS } from '../output/formats.js';

/** Keys `gpumkt config` accepts, kebab-case as stored in the file. */
export const CONFIG_KEYS = ['api-key', 'base-url', 'timeout', 'retries', 'format'] as const;

/** One settable key. */
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/** Output formats a profile may name as its default (the format registry decides). */
export const FORMATS = PROFILE_FORMATS;

/** Built-in defaults, the lowest rung of the precedence ladder. */
export const DEFAULTS = { baseUrl: 'https://api.ornnai.com', timeout: 30, retries: 3 } as const;

/** Narrows a user-typed key or throws a usage error listing the valid ones. */
export function parseKey(input: string): ConfigKey {
  const key = input.trim().toLowerCase();
  if ((CONFIG_KEYS as readonly string[]).includes(key)) return key as ConfigKey;
  throw new UsageError(`unknown config key ${JSON.stringify(input)}; ${didYouMean(input, CONFIG_KEYS)}valid keys: ${CONFIG_KEYS.join(', ')}`);
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

/** `value` as a base URL, or a usage error naming where it came from (`--base-url`, `GPUMKT_BASE_URL`...). */
export function checkBaseUrl(value: string, origin: string): string {
  if (isHttpUrl(value)) return value;
  throw new UsageError(`invalid ${origin} ${JSON.stringify(value)}: expected an http(s) URL such as ${DEFAULTS.baseUrl}`);
}

/** `value` as a timeout in seconds (> 0), or a usage error naming its origin. */
export function checkTimeout(value: number | string, origin: string): number {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (Number.isFinite(n) && n > 0) return n;
  throw new UsageError(`invalid ${origin} ${JSON.stringify(String(value))}: expected a number of seconds greater than 0`);
}

/** `value` as a retry count (whole number ≥ 0), or a usage error naming its origin. */
export function checkRetries(value: number | string, origin: string): number {
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isSafeInteger(n) && n >= 0) return n;
  throw new UsageError(`invalid ${origin} ${JSON.stringify(String(value))}: expected a whole number (0 or more)`);
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

