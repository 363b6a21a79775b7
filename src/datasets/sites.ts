/**
 * `gpumkt sites`: datacenter sites from GET /api/neocloud/sites (docs/api-contract.md, Datacenter
 * sites), a full key only. The service pages the listing (`limit` 100 by default, `offset`): the
 * runner's `paged` plan asks page after page until it is complete, so every site comes exactly once.
 * `--aggregate country|gpu_type` and `--map` run the aggregate and the map instead (sites-views.ts).
 * A snapshot of what is known today: --append does not apply.
 */
import { defineEndpoint } from '../api/envelope.js';
import { checkSiteFlags, SITE_OPTIONS, sitesAggregate, sitesMap } from './sites-views.js';
import type { Shape } from '../api/validate.js';
import { defineDataset } from './flags.js';

/** Parameters of one sites request (the runner adds `limit` and `offset` per page). */
export interface SitesParams {
  readonly city?: string;
  readonly country?: string;
  readonly lat?: string;
  readonly lon?: string;
  readonly radius?: string;
  readonly scope?: string;
  readonly limit?: number;
  readonly offset?: number;
}

/** The documented fields of a site, in the dictionary's order. */
const SITE_ROWS: Shape = {
  company: 'string|null?',
  siteName: 'string',
  streetAddress: 'string|null?',
  city: 'string|null?',
  state: 'string|null?',
  country: 'string|null?',
  latitude: 'number|null?',
  longitude: 'number|null?',
  dcTier: 'string|null?',
  ownershipModel: 'string|null?',
  coloPartner: 'string|null?',
  gpuTypes: 'string?',
  gpuQtyKnown: 'int|null?',
  gpuQtyEst: 'int|null?',
  chipGeneration: 'string|null?',
  powerCapacity: 'number|null?',
  category: 'string|null?',
  isNeocloud: 'boolean?',
  status: 'string|null?',
  leaseTerm: 'string|null?',
  keyCustomer: 'string|null?',
  contractAnnounced: 'date?',
  gpuOrderDate: 'date?',
  constructionStart: 'date?',
  phase1LiveDate: 'date?',
  fullCapacityTarget: 'date?',
  sourceNotes: 'string|null?',
};

/** Rows per page: the service's default `limit`. */
export const SITES_PAGE_SIZE = 100;

// Commander hands option values over as strings.
const str = (v: string | undefined): string | undefined => v?.trim();

const sites = defineDataset({
  name: 'sites',
  summary: 'datacenter sites of neo-clouds (--scope all: every operator), paged to the end; --aggregate, --map',
  examples: [
    'gpumkt sites',
    'gpumkt sites --city Dallas -f csv',
    'gpumkt sites --lat 32.78 --lon -96.80 --radius 100',
    'gpumkt sites --country "United States" --scope all -o sites.parquet',
    'gpumkt sites --aggregate gpu_type',
    'gpumkt sites --map -f json',
  ],
  endpoint: defineEndpoint<SitesParams>({
    id: 'neocloud-sites',
    path: () => '/api/neocloud/sites',
    query: (p) => ({
      city: p.city,
      country: p.country,
      lat: p.lat,
      lon: p.lon,
      radius: p.radius,
      scope: p.scope,
      limit: p.limit === undefined ? undefined : String(p.limit),
      offset: p.offset === undefined ? undefined : String(p.offset),
    }),
    envelope: {
      fields: { success: 'boolean?', total: 'uint?', count: 'uint?', limit: 'uint?', offset: 'uint?' },
      rows: SITE_ROWS,
    },
    // Every documented field, in the dictionary's order.
    columns: Object.keys(SITE_ROWS),
    tableColumns: ['company', 'siteName', 'city', 'country', 'gpuTypes', 'powerCapacity', 'status', 'phase1LiveDate'],
    valueKey: 'powerCapacity',
  }),
  subject: 'none',
  groups: { window: false, series: false, analysis: false },
  options: SITE_OPTIONS,
  fetch: { kind: 'paged', pageSize: SITES_PAGE_SIZE },
  sort: false,
  plan: 'full',
  validate: checkSiteFlags,
  params: (flags) => ({
    city: str(flags.city),
    country: str(flags.country),
    lat: str(flags.lat),
    lon: str(flags.lon),
    radius: str(flags.radius),
    scope: flags.scope === 'all' ? 'all' : undefined,
    limit: SITES_PAGE_SIZE,
    offset: 0,
  }),
  table: { keys: ['siteName'], priority: ['powerCapacity', 'company', 'city', 'gpuTypes', 'status', 'country', 'phase1LiveDate'] },
  noAppend: {
    message: 'sites is a snapshot of the sites known today, not a series: --append does not apply',
    hint: 'write a dated file instead, e.g. -o sites-$(date +%F).parquet',
  },
  glossary: [
    ['company, siteName', 'the operator, and its name for the site'],
    ['streetAddress', 'street address, where published'],
    ['city, state', 'city; state or province'],
    ['country', 'country (--country filters by it)'],
    ['latitude', 'degrees north (negative: south)'],
    ['longitude', 'degrees east (negative: west)'],
    ['dcTier', 'datacenter tier as the service names it'],
    ['ownershipModel', 'owned, leased or colocated, as the service names it'],
    ['coloPartner', 'the colocation partner, if any'],
    ['gpuTypes', 'GPU models at the site'],
    ['chipGeneration', 'the chips’ generation'],
    ['category', 'the operator’s category'],
    ['status', 'the build stage as the service names it'],
    ['leaseTerm', 'the lease term, where disclosed'],
    ['keyCustomer', 'the main customer, where disclosed'],
    ['powerCapacity', 'power capacity, MW'],
    ['gpuQtyKnown', 'GPUs disclosed'],
    ['gpuQtyEst', 'GPUs estimated'],
    ['isNeocloud', 'true for neo-clouds; --scope all adds hyperscalers and labs'],
    ['sourceNotes', 'where the facts come from (free text, shown safely)'],
    ['contractAnnounced', 'day the contract was announced (empty: not known)'],
    ['gpuOrderDate', 'day the GPUs were ordered (empty: not known)'],
    ['constructionStart', 'day construction started (empty: not known)'],
    ['phase1LiveDate', 'day the first phase went live (empty: not known)'],
    ['fullCapacityTarget', 'day full capacity is due (empty: not known)'],
  ],
  variants: [
    { label: '--aggregate <by>', when: (flags) => flags.aggregate !== undefined, dataset: sitesAggregate },
    { label: '--map', when: (flags) => flags.map === true, dataset: sitesMap },
  ],
});

export default sites;
