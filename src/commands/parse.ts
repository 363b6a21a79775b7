/** Commander argument parsers shared by commands: each throws a one-line InvalidArgumentError. */
import { typedWords } from '../domain/text/word-list.js';
import { InvalidArgumentError } from 'commander';
import { BOUNDS } from '../config/settings.js';

type Range = { readonly min: number; readonly max: number };

/** A number of seconds within `range`. */
function seconds(value: string, range: Range): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < range.min || n > range.max) {
    throw new InvalidArgumentError(`must be a number of seconds from ${range.min} to ${range.max}.`);
  }
  return n;
}

/** A whole number within `range`. */
function whole(value: string, range: Range): number {
  const v = value.trim();
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < range.min || n > range.max)
    throw new InvalidArgumentError(`must be a whole number from ${range.min} to ${range.max}.`);
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
    throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}, or 'all'.`);
  }
  return Number(v);
}

/** A comma-separated list, blanks dropped. */
export function parseList(value: string): string[] {
  return typedWords([value]);
}
