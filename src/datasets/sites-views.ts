/**
 * The other views of datacenter sites: `sites --aggregate country|gpu_type` (GET
 * /api/neocloud/sites/aggregate: per bucket `site_count`, `total_power_mw`, `total_gpu_qty`; a site with
 * several chip types counts in each, unrecognised chips under `Other`, sites without a country under
 * `Unknown`) and `sites --map` (GET /api/neocloud/map: the sites as points). Full keys only; snapshots.
 * Also the flags all three share, and their offline checks.
 */
import { defineEndpoint } from '../api/envelope.js';
import { UsageError } from '../errors.js';
import type { Dataset } from './types.js';
import { datasetOptions, type OptionFlags, type OutputFlags } from './flags.js';

/** The flags of `sites` (its listing filters and its two other views). */
export const SITE_OPTIONS = datasetOptions([
  { flags: '--city <name>', description: 'sites in this city (any case)' },
  { flags: '--country <name>', description: 'sites in this country, as the service names it (e.g. "United States")' },
  { flags: '--lat <degrees>', description: 'with --lon: sites within --radius km of this point' },
  { flags: '--lon <degrees>', description: "with --lat: the point's longitude" },
  { flags: '--radius <km>', description: 'distance from --lat/--lon in km (service default 50)' },
  { flags: '--scope <scope>', description: 'neocloud (default) or all: sites of every operator', choices: ['neocloud', 'all'] },
  { flags: '--aggregate <by>', description: 'sites, power and GPUs per bucket instead of the listing', choices: ['country', 'gpu_type'] },
  { flags: '--map', description: 'the sites as map points (coordinates) instead of the listing' },
]);

/** The flags of `sites` and its views, typed from SITE_OPTIONS. */
type SiteFlags = OutputFlags & OptionFlags<typeof SITE_OPTIONS>;

/** A number flag within bounds, or a usage error. */
function checkNumber(flags: SiteFlags, name: 'lat' | 'lon' | 'radius', min: number, max: number): void {
  // Commander hands option values over as strings.
  const text = flags[name];
  if (text === undefined) return;
  const n = /^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`--${name} must be a number from ${min} to ${max} (got '${text}')`);
}

/** Offline checks of the sites flags (exit 2 before any request). */
export function checkSiteFlags(flags: SiteFlags): void {
  checkNumber(flags, 'lat', -90, 90);
  checkNumber(flags, 'lon', -180, 180);
  checkNumber(flags, 'radius', 0, 20_000);
  if ((flags.lat === undefined) !== (flags.lon === undefined)) throw new UsageError('--lat and --lon go together: give both');
  if (flags.radius !== undefined && flags.lat === undefined) throw new UsageError('--radius needs --lat and --lon');
  if (flags.aggregate !== undefined && flags.map === true) throw new UsageError('--aggregate and --map are two views; give one of them');
  const view = flags.aggregate !== undefined ? '--aggregate' : flags.map === true ? '--map' : undefined;
  const filter = (['city', 'country', 'lat'] as const).find((f) => flags[f] !== undefined);
  if (view && filter) throw new UsageError(`${view} covers every site of the scope; --${filter} filters the listing only`);
}

/** Parameters of the aggregate and the map. */
export interface SiteViewParams {
  readonly by?: string;
  readonly scope?: string;
}

const scopeOf = (flags: SiteFlags): string | undefined => (flags.scope === 'all' ? 'all' : undefined);

/** What both views share: one request (no subject, no window) a full key reads, the flags checked alike. */
const VIEW = {
  subject: 'none',
  groups: { window: false, series: false, analysis: false },
  fetch: { kind: 'single' },
  sort: false,
  plan: 'full',
  validate: checkSiteFlags,
} as const satisfies Partial<Dataset<SiteViewParams, SiteFlags>>;

/** `sites --aggregate country|gpu_type`. */
export const sitesAggregate: Dataset<SiteViewParams, SiteFlags> = {
  name: 'sites',
  summary: 'sites, power (MW) and GPUs per country or GPU type',
  glossary: [
    ['key', 'the country or GPU type (--aggregate); Other, Unknown'],
    ['site_count', 'sites in the bucket (a multi-chip site counts in each)'],
    ['total_power_mw', 'their power capacity, MW'],
    ['total_gpu_qty', 'their GPUs'],
  ],
  examples: [],
  endpoint: defineEndpoint<SiteViewParams>({
    id: 'neocloud-sites-aggregate',
    path: () => '/api/neocloud/sites/aggregate',
    query: (p) => ({ by: p.by, scope: p.scope }),
    envelope: {
      fields: { success: 'boolean?', by: 'string?', count: 'uint?' },
      rows: { key: 'string', site_count: 'uint', total_power_mw: 'number|null?', total_gpu_qty: 'int|null?' },
    },
    columns: ['key', 'site_count', 'total_power_mw', 'total_gpu_qty'],
    valueKey: 'site_count',
  }),
  ...VIEW,
  params: (flags) => ({ by: flags.aggregate, scope: scopeOf(flags) }),
  table: { keys: ['key'], priority: ['site_count', 'total_power_mw', 'total_gpu_qty'] },
  noAppend: { message: "sites --aggregate is a snapshot of today's buckets, not a series: --append does not apply" },
};

/** `sites --map`. */
export const sitesMap: Dataset<SiteViewParams, SiteFlags> = {
  name: 'sites',
  summary: 'datacenter sites as map points',
  glossary: [
    ['siteName, company', 'the site and its operator'],
    ['latitude', 'degrees north (negative: south)'],
    ['longitude', 'degrees east (negative: west)'],
    ['city, country', 'where the site is'],
    ['powerCapacity', 'power capacity, MW'],
    ['gpuTypes', 'GPU models at the site'],
    ['status', 'the build stage as the service names it'],
    ['isNeocloud', 'true for neo-clouds; --scope all adds others'],
  ],
  examples: [],
  endpoint: defineEndpoint<SiteViewParams>({
    id: 'neocloud-map',
    path: () => '/api/neocloud/map',
    query: (p) => ({ scope: p.scope }),
    envelope: {
      fields: { success: 'boolean?', count: 'uint?' },
      rows: {
        company: 'string?',
        siteName: 'string',
        city: 'string|null?',
        country: 'string|null?',
        latitude: 'number',
        longitude: 'number',
        powerCapacity: 'number|null?',
        gpuTypes: 'string?',
        status: 'string|null?',
        isNeocloud: 'boolean?',
      },
    },
    columns: ['siteName', 'company', 'latitude', 'longitude', 'city', 'country', 'powerCapacity', 'gpuTypes', 'status', 'isNeocloud'],
    valueKey: 'powerCapacity',
  }),
  ...VIEW,
  params: (flags) => ({ scope: scopeOf(flags) }),
  table: { keys: ['siteName'], priority: ['latitude', 'longitude', 'company', 'powerCapacity', 'city', 'country'] },
  noAppend: { message: "sites --map is a snapshot of today's points, not a series: --append does not apply" },
};
