/**
 * Endpoints whose body the CLI takes as any JSON (the `api` command's arbitrary paths, /health): the
 * client still parses it (not JSON: exit 6) and every other rule of a request applies unchanged.
 */
import type { Endpoint } from '../../api/endpoint.js';
import type { Query, Row } from '../../domain/row.js';

/** An endpoint at a fixed path and query that accepts any JSON body; `rows` reads `data` when it holds objects. */
export function jsonEndpoint(id: string, path: string, query: Query = {}): Endpoint<void, unknown> {
  return {
    id,
    path: () => path,
    query: () => query,
    // Never called: the check accepts every parsed body.
    loadSchema: async () => (await import('zod')).z.unknown(),
    check: () => true,
    rows: (body) => dataRows(body) ?? [],
    columns: [],
  };
}

/** The rows under a body's `data` (one object becomes one row), or undefined when `data` holds no objects. */
export function dataRows(body: unknown): Row[] | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const data = (body as { data?: unknown }).data;
  const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isRow(data)) return [data];
  if (Array.isArray(data) && data.every(isRow)) return data;
  return undefined;
}

/** Every field of `rows`, in the order first seen: the columns of rows nobody declared. */
export function discoverColumns(rows: readonly Row[]): string[] {
  const seen = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) seen.add(k);
  return [...seen];
}
