/** GET /api/utilization-index/history (spec 4.1): the daily utilization index, rows of 2.1 in an envelope of 2.2. */
import type { Endpoint } from '../endpoint.js';
import type { GpuModel } from '../../domain/gpus.js';
import { arrayCheck, envelopeCheck, objectCheck } from '../validate.js';
import type { UtilIndexBody } from './util-index-schema.js';

export type { UtilIndexBody, UtilIndexRow } from './util-index-schema.js';

/** Parameters of one utilization-index request. */
export interface UtilIndexParams {
  readonly gpuType?: GpuModel;
  readonly region: string;
  readonly from: string;
  readonly to: string;
  readonly baseDate: string;
}

/** Every field of 2.1, in the spec's order. */
export const UTIL_INDEX_COLUMNS = [
  'date', 'occupancy', 'intensity', 'eur', 'basis', 'index', 'price', 'effectivePrice', 'revPag',
  'priceCoverage', 'capacity', 'rented', 'demandEffect', 'supplyEffect', 'occupancyChange',
  'decompositionBasis', 'comparable', 'reportingTypes', 'coverage', 'readings',
] as const;

/** The most window-limited endpoint: at most 400 days a request (spec 8). */
export const UTIL_INDEX_MAX_DAYS = 400;

// Mirrors utilIndexRowSchema and utilIndexSchema field by field.
const row = objectCheck({
  date: 'date', occupancy: 'number', intensity: 'number|null?', eur: 'number?', basis: 'string?', index: 'number?',
  price: 'number?', effectivePrice: 'number?', revPag: 'number?', priceCoverage: 'number?', capacity: 'number?',
  rented: 'number?', demandEffect: 'number|null?', supplyEffect: 'number|null?', occupancyChange: 'number|null?',
  decompositionBasis: 'string?', comparable: 'boolean?', reportingTypes: 'int?', coverage: 'number?', readings: 'int?',
});

/** The utilization-index endpoint. */
export const utilIndexEndpoint: Endpoint<UtilIndexParams, UtilIndexBody> = {
  id: 'util-index',
  path: () => '/api/utilization-index/history',
  query: (p) => ({ gpuType: p.gpuType, region: p.region, startDate: p.from, endDate: p.to, baseDate: p.baseDate }),
  loadSchema: async () => (await import('./util-index-schema.js')).utilIndexSchema,
  check: envelopeCheck(
    {
      success: 'boolean?', startDate: 'date?', endDate: 'date?', region: 'string?', gpuTypes: 'string[]?', baseDate: 'date?',
      baseAvailable: 'boolean?', intensitySource: 'string?', count: 'uint?',
    },
    { data: { check: arrayCheck(row) } },
  ),
  rows: (body) => body.data,
  timeKey: 'date',
  columns: UTIL_INDEX_COLUMNS,
  tableColumns: ['date', 'occupancy', 'index', 'price', 'demandEffect', 'supplyEffect', 'occupancyChange', 'readings'],
  valueKey: 'occupancy',
};
