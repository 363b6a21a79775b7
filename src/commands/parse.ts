/** Commander argument parsers shared by commands: each throws a one-line InvalidArgumentError. */
import { InvalidArgumentError } from 'commander';

/** A number > 0 (seconds). */
export function parsePositiveNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('must be a number greater than 0.');
  return n;
}

/** A number ≥ 0 (seconds; 0 means "do not wait"). */
export function parseNonNegativeNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError('must be a number of seconds (0 or more).');
  return n;
}

/** A whole number ≥ 0. */
export function parseNonNegativeInt(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError('must be a whole number (0 or more).');
  return Number(value);
}

/** `--limit`: a whole number ≥ 1, or `all`. */
export function parseLimit(value: string): number | 'all' {
  const v = value.trim().toLowerCase();
  if (v === 'all') return 'all';
  if (!/^\d+$/.test(v) || Number(v) < 1 || !Number.isSafeInteger(Number(v))) {
    throw new InvalidArgumentError("must be a whole number of at least 1, or 'all'.");
  }
  return Number(v);
}

/** A comma-separated list, blanks dropped. */
export function parseList(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
}
