/**
 * Flag value parsers shared by commands: each throws a one-line FlagValueError. No import of commander:
 * the flags (flags.ts) are also read without it (quick-parse.ts).
 */
import { typedWords } from '../domain/text/word-list.js';
import { BOUNDS } from '../config/settings.js';

/**
 * A flag's value refused. Commander reports an error of its code as its own InvalidArgumentError
 * ("error: option '--timeout <seconds>' argument 'x' is invalid. …", exit 2 by cli.ts), by the code.
 */
export class FlagValueError extends Error {
  readonly code = 'commander.invalidArgument';
  readonly exitCode = 1;
}

type Range = { readonly min: number; readonly max: number };

/** A number of seconds within `range`. */
function seconds(value: string, range: Range): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < range.min || n > range.max) {
    throw new FlagValueError(`must be a number of seconds from ${range.min} to ${range.max}.`);
  }
  return n;
}

/** A whole number within `range`. */
function whole(value: string, range: Range): number {
  const v = value.trim();
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < range.min || n > range.max)
    throw new FlagValueError(`must be a whole number from ${range.min} to ${range.max}.`);
  return n;
}

/** `--timeout`: seconds per attempt (BOUNDS.timeout). */
export function parseTimeout(value: string): number {
  return seconds(value, BOUNDS.timeout);
}

/** `--lock-timeout`: seconds to wait for a lock (BOUNDS.lockTimeout; 0 means "do not wait"). */
export function parseLockTimeout(value: string): number {
  return seconds(value, BOUNDS.lockTimeout);
}

/** `--retries` (BOUNDS.retries). */
export function parseRetries(value: string): number {
  return whole(value, BOUNDS.retries);
}

/** `--port` of the sandbox (BOUNDS.port; 0 picks a free one). */
export function parsePort(value: string): number {
  return whole(value, BOUNDS.port);
}

/** `--limit`: a whole number within BOUNDS.limit, or `all`. */
export function parseLimit(value: string): number | 'all' {
  const v = value.trim().toLowerCase();
  if (v === 'all') return 'all';
  const { min, max } = BOUNDS.limit;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
    throw new FlagValueError(`must be a whole number from ${min} to ${max}, or 'all'.`);
  }
  return Number(v);
}

/** A comma-separated list, blanks dropped. */
export function parseList(value: string): string[] {
  return typedWords([value]);
}
