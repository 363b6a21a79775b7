/** A request's URL and its time budget. */
import type { Query } from '../domain/row.js';

/**
 * Builds the full URL of a request: base + path + the defined query parameters, written as
 * URLSearchParams writes them (application/x-www-form-urlencoded) except a space, which is %20: what
 * every server decodes the same way. Written here rather than by URLSearchParams, whose first use
 * compiles ten of Node's internal functions on every request-making run (docs/performance.md).
 */
export function requestUrl(baseUrl: string, path: string, query: Query): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  let search = '';
  for (const [k, v] of Object.entries(query)) if (v !== undefined) search += `${search === '' ? '' : '&'}${formEncode(k)}=${formEncode(v)}`;
  if (search === '') return url.href;
  // A base URL or a path with a query or fragment of its own (none has one today) keeps the general way.
  if (url.search !== '' || url.hash !== '') {
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
    return url.href.replace(/\+/g, '%20');
  }
  return `${url.href}?${search}`;
}

/** `s` as the form-urlencoded serializer writes it (only A-Z a-z 0-9 * - . _ as they are), a space as %20. */
export function formEncode(s: string): string {
  // encodeURIComponent leaves ! ' ( ) ~ as they are, and refuses a lone surrogate (URLSearchParams writes U+FFFD).
  const wellFormed = (s as string & { toWellFormed(): string }).toWellFormed(); // Node 20+, not in TypeScript's lib yet
  return encodeURIComponent(wellFormed).replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The longest time budget of one request, whatever the settings: a week. */
export const MAX_BUDGET_MS = 7 * 86_400_000;

/** The default time budget of one request: every attempt may use its whole timeout, plus 30 s of waits (at most a week). */
export function defaultDeadlineMs(timeoutMs: number, retries: number): number {
  return Math.min(timeoutMs * (retries + 1) + 30_000, MAX_BUDGET_MS);
}
