/**
 * Points in time as the service's nearest-record route takes them (`datetime`: `YYYY-MM-DD HH:MM:SS`
 * or ISO 8601; docs/api-contract.md §2): one parser for the CLI's `--at` and the sandbox's check.
 */
import { isIsoDate } from './dates.js';

// A date, optionally a time (space or T) with seconds and fraction, optionally a zone; no zone means UTC.
const INSTANT = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** Epoch ms of a `YYYY-MM-DD[ HH:MM[:SS[.sss]]][Z|±HH:MM]` instant (UTC unless a zone is given), or undefined when it is not one. */
export function parseInstant(input: string): number | undefined {
  const m = INSTANT.exec(input.trim());
  if (!m || !isIsoDate(m[1] as string)) return undefined;
  const [hh, mm, ss] = [m[2] ?? '00', m[3] ?? '00', m[4] ?? '00'].map(Number) as [number, number, number];
  if (hh > 23 || mm > 59 || ss > 59) return undefined;
  // A zone without a time (`2026-01-01Z`) is not a form either the service or ISO 8601 writes.
  if (m[2] === undefined && m[6] !== undefined) return undefined;
  const zone = m[6] === undefined || m[6] === 'Z' ? 'Z' : m[6];
  const ms = Date.parse(`${m[1] as string}T${m[2] ?? '00'}:${m[3] ?? '00'}:${m[4] ?? '00'}${m[5] ?? ''}${zone}`);
  return Number.isFinite(ms) ? ms : undefined;
}

/** ISO 8601 UTC with milliseconds, the way the service writes times. */
export function isoInstant(ms: number): string {
  return new Date(ms).toISOString();
}
