/** GET /api/utilization-index/history (spec 4.1): the daily utilization index, rows of 2.1 in an envelope of 2.2. */
import { z } from 'zod';
import type { Endpoint } from '../endpoint.js';
import type { GpuModel } from '../../domain/gpus.js';
import { isoDate } from './common.js';

/** Parameters of one utilization-index request. */
export interface UtilIndexParams {
  readonly gpuType?: GpuModel;
  readonly region: string;
  readonly from: string;
  readonly to: string;
  readonly baseDate: string;
}

const num = z.number();
const nullableNum = z.number().nullable();

/** One row of 2.1. `date` and `occupancy` are what output needs; the rest may be absent but not mistyped. */
export const utilIndexRowSchema = z.looseObject({
  date: isoDate,
  occupancy: num,
  intensity: nullableNum.optional(),
  eur: num.optional(),
  basis: z.string().optional(),
  index: num.optional(),
  price: num.optional(),
  effectivePrice: num.optional(),
  revPag: num.optional(),
  priceCoverage: num.optional(),
  capacity: num.optional(),
  rented: num.optional(),
  demandEffect: nullableNum.optional(),
  supplyEffect: nullableNum.optional(),
  occupancyChange: nullableNum.optional(),
  decompositionBasis: z.string().optional(),
  comparable: z.boolean().optional(),
  reportingTypes: z.number().int().optional(),
  coverage: num.optional(),
  readings: z.number().int().optional(),
});

/** A validated row of 2.1. */
export type UtilIndexRow = z.infer<typeof utilIndexRowSchema>;

/** The envelope of 2.2. */
export const utilIndexSchema = z.looseObject({
  success: z.boolean().optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  region: z.string().optional(),
  gpuTypes: z.array(z.string()).optional(),
  baseDate: isoDate.optional(),
  baseAvailable: z.boolean().optional(),
  intensitySource: z.string().optional(),
  count: z.number().int().nonnegative().optional(),
  data: z.array(utilIndexRowSchema),
});

/** A validated 2.2 body. */
export type UtilIndexBody = z.infer<typeof utilIndexSchema>;

/** Every field of 2.1, in the spec's order. */
export const UTIL_INDEX_COLUMNS = [
  'date', 'occupancy', 'intensity', 'eur', 'basis', 'index', 'price', 'effectivePrice', 'revPag',
  'priceCoverage', 'capacity', 'rented', 'demandEffect', 'supplyEffect', 'occupancyChange',
  'decompositionBasis', 'comparable', 'reportingTypes', 'coverage', 'readings',
] as const;

/** The most window-limited endpoint: at most 400 days a request (spec 8). */
export const UTIL_INDEX_MAX_DAYS = 400;

/** The utilization-index endpoint. */
export const utilIndexEndpoint: Endpoint<UtilIndexParams, UtilIndexBody> = {
  id: 'util-index',
  path: () => '/api/utilization-index/history',
  query: (p) => ({ gpuType: p.gpuType, region: p.region, startDate: p.from, endDate: p.to, baseDate: p.baseDate }),
  schema: utilIndexSchema,
  rows: (body) => body.data,
  timeKey: 'date',
  columns: UTIL_INDEX_COLUMNS,
  tableColumns: ['date', 'occupancy', 'index', 'price', 'demandEffect', 'supplyEffect', 'occupancyChange', 'readings'],
  valueKey: 'occupancy',
};
