/** A request's URL and its time budget. */
import type { Query } from '../domain/row.js';

/** Builds the full URL of a request: base + path + the defined query parameters. */
export function requestUrl(baseUrl: string, path: string, query: Query): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  // URLSearchParams writes spaces as '+'; %20 is what every server decodes the same way.
  return url.toString().replace(/\+/g, '%20');
}

/** The longest time budget of one request, whatever the settings: a week. */
export const MAX_BUDGET_MS = 7 * 86_400_000;

/** The default time budget of one request: every attempt may use its whole timeout, plus 30 s of waits (at most a week). */
export function defaultDeadlineMs(timeoutMs: number, retries: number): number {
  return Math.min(timeoutMs * (retries + 1) + 30_000, MAX_BUDGET_MS);
}
