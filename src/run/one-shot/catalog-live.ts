/**
 * `gpus --live`, `gpus --free` and `memory-types --live`: the service's own catalogues (GET /api/gpu-types,
 * GET /api/gpu-types-free, GET /api/memory-types; public routes, a configured key is still sent). Their shapes are only
 * partly documented (docs/api-contract.md), so each row is read the robust way: the fields the
 * listing prints are required (exit 6 without them), everything else is ignored.
 */
import type { Context } from '../../context.js';
import { InvalidResponseError } from '../../errors.js';
import type { Row } from '../../domain/row.js';
import { loadSettings, openSession, type RunSettings, type Session } from '../session.js';
import { emitDryRun } from '../emit.js';
import { dataRows, jsonEndpoint } from './json-endpoint.js';

/**
 * Fetches one catalogue's rows; undefined in a dry run (the curl command is printed instead). Through
 * `through` when given (a sync's session: its pacer counts the request), else a session of its own.
 */
export async function fetchCatalogue(ctx: Context, path: string, settings?: RunSettings, through?: Session): Promise<Row[] | undefined> {
  const session = through ?? (await openSession(ctx, settings ?? (await loadSettings(ctx)), { keyOptional: true }));
  const endpoint = jsonEndpoint(path.slice(5), path);
  if (session.dryRun) {
    emitDryRun(ctx, [session.curl(endpoint, undefined)]);
    return undefined;
  }
  const res = await session.get(endpoint, undefined);
  // A catalogue may be a bare list of names, or rows under `data`.
  const data = (res.body as { data?: unknown }).data;
  if (Array.isArray(data) && data.every((v) => typeof v === 'string')) return data.map((name) => ({ gpu_name: name }));
  const rows = dataRows(res.body);
  if (!rows) throw new InvalidResponseError(`${path}: the response has no 'data' list of rows`);
  return rows;
}

/** The first string field of `row` among `names`, or an invalid-response error naming the row. */
export function field(row: Row, names: readonly string[], path: string, index: number): string {
  for (const n of names) if (typeof row[n] === 'string' && row[n] !== '') return row[n];
  throw new InvalidResponseError(`${path}: row ${index + 1} has no ${names[0]} (a string)`);
}

/** The model names the service lists, in its order: every model, or (`free`) those it serves without a key. */
export async function liveGpuNames(ctx: Context, free = false): Promise<string[] | undefined> {
  const path = free ? '/api/gpu-types-free' : '/api/gpu-types';
  const rows = await fetchCatalogue(ctx, path);
  return rows?.map((r, i) => field(r, ['gpu_name', 'gpu_type', 'name', 'gpuType'], path, i));
}

/** The memory types the service lists: id, name and category. */
export async function liveMemoryTypes(ctx: Context): Promise<Array<{ id: string; name: string; category: string }> | undefined> {
  const path = '/api/memory-types';
  const rows = await fetchCatalogue(ctx, path);
  return rows?.map((r, i) => ({
    id: field(r, ['id'], path, i),
    name: field(r, ['memory_type', 'memoryType', 'name'], path, i),
    category: field(r, ['category'], path, i),
  }));
}

/** The labs the service lists (`/api/token-types`, or the free tier's `/api/token-types-free`): id and label. */
export async function liveLabs(ctx: Context, free: boolean): Promise<Array<{ lab: string; label: string }> | undefined> {
  const path = free ? '/api/token-types-free' : '/api/token-types';
  const rows = await fetchCatalogue(ctx, path);
  return rows?.map((r, i) => ({ lab: field(r, ['lab', 'id'], path, i), label: field(r, ['label', 'name', 'lab'], path, i) }));
}
