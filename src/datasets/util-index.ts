/**
 * `gpumkt util-index`: the daily utilization index, each day's move split into demand and supply
 * effects (GET /api/utilization-index/history; docs/api-contract.md). Windows over 400 days are split
 * and stitched on an overlap, so every row keeps its decomposition against the previous published day.
 */
import { DEFAULT_BASE_DATE, UTIL_INDEX_MAX_DAYS } from '../domain/service/contract.js';
import { defineEndpoint } from '../api/envelope.js';
import { checkUtilIndexSeries } from '../domain/service/checks.js';
import { parseUserDate } from '../domain/time/dates.js';
import { UTIL_INDEX_OVERLAP_DAYS } from '../domain/time/overlap.js';
import type { GpuName } from '../domain/catalogues/gpus.js';
import type { Row } from '../domain/row.js';
import { defineDataset } from './flags.js';

/** Parameters of one utilization-index request. */
export interface UtilIndexParams {
  readonly gpuType?: GpuName;
  readonly region: string;
  readonly from: string;
  readonly to: string;
  readonly baseDate: string;
}

// The index's anchor when --base-date is not given, and the most days one request may span: the contract's.
export { DEFAULT_BASE_DATE, UTIL_INDEX_MAX_DAYS };

// Days each later chunk (and an append) reaches back, so its first row keeps its decomposition.
export { UTIL_INDEX_OVERLAP_DAYS };

const ROW = {
  date: 'date',
  occupancy: 'number',
  intensity: 'number|null?',
  eur: 'number?',
  basis: 'string?',
  index: 'number?',
  price: 'number?',
  effectivePrice: 'number?',
  revPag: 'number?',
  priceCoverage: 'number?',
  capacity: 'number?',
  rented: 'number?',
  demandEffect: 'number|null?',
  supplyEffect: 'number|null?',
  occupancyChange: 'number|null?',
  decompositionBasis: 'string?',
  comparable: 'boolean?',
  reportingTypes: 'int?',
  coverage: 'number?',
  readings: 'int?',
} as const;

/** Every row field, in the spec's order. */
export const UTIL_INDEX_COLUMNS: readonly string[] = Object.keys(ROW);

/** The first row of the whole series may legitimately be `no_prior_day`; later ones may not. */
function isExpectedFirstRow(rows: readonly Row[], violation: string): boolean {
  const first = rows[0];
  return (
    first !== undefined && first.decompositionBasis === 'no_prior_day' && violation.includes(` ${String(first.date)}: only the first row`)
  );
}

const utilIndex = defineDataset({
  name: 'util-index',
  summary: 'daily utilization index, each move split into demand and supply effects',
  examples: [
    'gpumkt util-index --sandbox',
    'gpumkt util-index --gpu h100 --from 2025-01-01 -f csv -o h100-util.csv',
    'gpumkt util-index --columns date,occupancy,demandEffect,supplyEffect -f tsv',
    'gpumkt util-index --gpu all --from 1y -f chart --y index',
  ],
  endpoint: defineEndpoint<UtilIndexParams>({
    id: 'util-index',
    path: () => '/api/utilization-index/history',
    query: (p) => ({ gpuType: p.gpuType, region: p.region, startDate: p.from, endDate: p.to, baseDate: p.baseDate }),
    envelope: {
      fields: {
        success: 'boolean?',
        startDate: 'date?',
        endDate: 'date?',
        region: 'string?',
        gpuTypes: 'string[]?',
        baseDate: 'date?',
        baseAvailable: 'boolean?',
        intensitySource: 'string?',
        count: 'uint?',
      },
      rows: ROW,
    },
    timeKey: 'date',
    columns: UTIL_INDEX_COLUMNS,
    tableColumns: ['date', 'occupancy', 'index', 'price', 'demandEffect', 'supplyEffect', 'occupancyChange', 'readings'],
    valueKey: 'occupancy',
  }),
  subject: 'gpu-option',
  groups: { window: true, series: false, analysis: true },
  options: [
    {
      flags: '--gpu <model>',
      description: "one GPU model (or 'all': each model separately); default: every model aggregated",
      repeatable: true,
      values: 'gpu',
    },
    { flags: '--region <region>', description: 'occupancy region', default: 'global' },
    { flags: '--base-date <date>', description: `rebase anchor for the index level (default ${DEFAULT_BASE_DATE})`, values: 'date' },
  ],
  fetch: { kind: 'windowed', maxDays: UTIL_INDEX_MAX_DAYS, overlapDays: UTIL_INDEX_OVERLAP_DAYS },
  // Not in the service's docs; keyed like every analytics route.
  plan: 'premium',
  sort: false,
  validate: (flags, today) => void baseDate(flags, today),
  indexBase: (flags, today) => baseDate(flags, today),
  params: (flags, gpu, window, today) => ({
    gpuType: gpu,
    region: flags.region,
    from: window?.from ?? '',
    to: window?.to ?? '',
    baseDate: baseDate(flags, today),
  }),
  checks: (rows, label) => checkUtilIndexSeries(rows, label, false).filter((v) => !isExpectedFirstRow(rows, v)),
  windowDependent: (r) => r.decompositionBasis === 'no_prior_day',
  publishes: 'a day publishes once it has its 24 hourly readings, after it ends (UTC)',
  // From the API contract (docs/api-contract.md §4); where it only names a field, so does this.
  glossary: [
    ['date', 'the day (UTC) the row describes'],
    ['occupancy', 'share of capacity rented (0 to 1) = rented / capacity'],
    ['intensity', 'usage intensity; null while no intensity source exists'],
    ['eur', 'effective utilization rate (= occupancy on occupancy_only)'],
    ['basis', 'what eur is based on (occupancy_only)'],
    ['index', 'eur as an index level, 100 on the base date (--base-date)'],
    ['price', 'market price, USD per GPU-hour'],
    ['effectivePrice', 'price per useful GPU-hour = price / eur'],
    ['revPag', 'revenue per available GPU-hour = price x occupancy'],
    ['priceCoverage', 'coverage of the price (not defined further by the API)'],
    ['capacity, rented', "the day's tracked capacity and the part of it rented"],
    ['demandEffect', 'part of occupancyChange from GPUs rented or returned'],
    ['supplyEffect', 'part of occupancyChange from capacity added or withdrawn'],
    ['occupancyChange', 'move since the last published day = demand + supply'],
    ['decompositionBasis', 'no_prior_day (no earlier published day: effects null) or like_for_like'],
    ['comparable', 'true when decomposed against a prior published day'],
    ['reportingTypes', 'how many GPU types reported that day'],
    ['coverage', 'coverage of the row (not defined further by the API)'],
    ['readings', 'readings behind the day (under 24: not published)'],
  ],
  // At 80 columns: the date, the level and its move with both effects; price and readings go first.
  table: { keys: ['date'], priority: ['occupancy', 'index', 'demandEffect', 'supplyEffect', 'occupancyChange', 'price', 'readings'] },
  grain: 'one row per published day (and per model with --gpu all)',
  numeric: UTIL_INDEX_COLUMNS.filter((c) => !['date', 'basis', 'decompositionBasis', 'comparable'].includes(c)),
});

function baseDate(flags: { readonly baseDate?: string }, today: string): string {
  return flags.baseDate === undefined ? DEFAULT_BASE_DATE : parseUserDate(flags.baseDate, today, '--base-date');
}

export default utilIndex;
