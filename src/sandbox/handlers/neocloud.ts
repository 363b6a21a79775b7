/**
 * The neocloud routes (docs/api-contract.md, Datacenter sites), full keys only: a premium key gets the
 * service's 403 with the neocloud message, no key 401. The models are in sites-model.ts.
 *
 * Where the docs are silent, the sandbox decides:
 * - `/api/neocloud/sites`: `city` and `country` match case-insensitively; `lat`, `lon` (degrees, both
 *   or neither) with `radius` (km, default 50) keep sites within that great-circle distance; `scope=all`
 *   adds sites that are not neo-clouds; `limit` (default 100) and `offset` (default 0) page the
 *   listing in id order. Body `{ success, total, count, limit, offset, data }`, `total` the listing's size.
 * - `/api/neocloud/sites/aggregate`: `by` (`country`, the default, or `gpu_type`) and `scope`; buckets
 *   most sites first, then by key. Body `{ success, by, count, data }`.
 * - `/api/neocloud/map`: every site with coordinates as a point (`scope` as above). Body `{ success, count, data }`.
 */
import { ApiError, badRequest, jsonReply, type Reply } from '../http.js';
import type { Params } from '../params.js';
import { requireKey, type Plan } from '../plans.js';
import { aggregateSites, distanceKm, sitesAsOf, type Site } from '../models/sites-model.js';
import type { ExtraInput } from './tables.js';

/** The 403 a premium key gets on every neocloud route, as the service words it. */
export const NEOCLOUD_MESSAGE = 'Neocloud site data is not included in premium access. A full subscription unlocks it.';

/** Default `limit` and `radius` of the sites listing. */
export const SITES_DEFAULTS = { limit: 100, radiusKm: 50 } as const;

/** Full keys only. */
function requireFull(plan: Plan): void {
  requireKey(plan);
  if (plan === 'premium') throw new ApiError(403, 'Forbidden', NEOCLOUD_MESSAGE);
}

/** `scope`: neo-clouds only unless `all`. */
function scopeOf(params: Params): 'neocloud' | 'all' {
  const v = params.get('scope');
  if (v === undefined || v === 'neocloud') return 'neocloud';
  if (v === 'all') return 'all';
  throw badRequest('Invalid scope. Allowed: neocloud, all');
}

/** A finite number parameter within bounds, or undefined when absent. */
function numberParam(params: Params, name: string, min: number, max: number): number | undefined {
  const v = params.get(name);
  if (v === undefined) return undefined;
  const n = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
  if (!(n >= min && n <= max)) throw badRequest(`Invalid ${name}: must be a number from ${min} to ${max}`);
  return n;
}

/** A site's GPU models as the data dictionary types them: one string, models joined by `/` (`H100/A100`). */
const gpuTypesText = (chips: readonly string[]): string => chips.join('/');

/** A site as the listing serves it. */
const served = (s: Site): Record<string, unknown> => ({ ...s, gpuTypes: gpuTypesText(s.gpuTypes) });

/** The sites the query's filters keep. */
function filtered(params: Params, today: string): Site[] {
  const city = params.get('city')?.toLowerCase();
  const country = params.get('country')?.toLowerCase();
  const lat = numberParam(params, 'lat', -90, 90);
  const lon = numberParam(params, 'lon', -180, 180);
  const radius = numberParam(params, 'radius', 0, 20_000) ?? SITES_DEFAULTS.radiusKm;
  if ((lat === undefined) !== (lon === undefined)) throw badRequest('lat and lon must be given together');
  return sitesAsOf(today, scopeOf(params)).filter(
    (s) =>
      (city === undefined || s.city.toLowerCase() === city) &&
      (country === undefined || (s.country ?? '').toLowerCase() === country) &&
      (lat === undefined ||
        (s.latitude !== null && s.longitude !== null && distanceKm(lat, lon as number, s.latitude, s.longitude) <= radius)),
  );
}

/** GET /api/neocloud/sites: one page of the listing. */
export function sitesHandler({ params, today, plan }: ExtraInput): Reply {
  requireFull(plan);
  const limit = params.limit(SITES_DEFAULTS.limit);
  const offset = numberParam(params, 'offset', 0, Number.MAX_SAFE_INTEGER) ?? 0;
  if (!Number.isInteger(offset)) throw badRequest('Invalid offset: must be an integer of at least 0');
  const all = filtered(params, today);
  const data = all.slice(offset, offset + limit).map(served);
  return jsonReply(200, { success: true, total: all.length, count: data.length, limit, offset, data });
}

/** GET /api/neocloud/sites/aggregate: sites, power and GPUs per country or GPU type. */
export function sitesAggregateHandler({ params, today, plan }: ExtraInput): Reply {
  requireFull(plan);
  const by = params.get('by') ?? 'country';
  if (by !== 'country' && by !== 'gpu_type') throw badRequest('Invalid by. Allowed: country, gpu_type');
  const data = aggregateSites(sitesAsOf(today, scopeOf(params)), by);
  return jsonReply(200, { success: true, by, count: data.length, data });
}

/** GET /api/neocloud/map: the sites with coordinates, as points. */
export function sitesMapHandler({ params, today, plan }: ExtraInput): Reply {
  requireFull(plan);
  const data = sitesAsOf(today, scopeOf(params))
    .filter((s) => s.latitude !== null && s.longitude !== null)
    .map((s) => ({
      company: s.company,
      siteName: s.siteName,
      city: s.city,
      country: s.country,
      latitude: s.latitude,
      longitude: s.longitude,
      powerCapacity: s.powerCapacity,
      gpuTypes: gpuTypesText(s.gpuTypes),
      status: s.status,
      isNeocloud: s.isNeocloud,
    }));
  return jsonReply(200, { success: true, count: data.length, data });
}
