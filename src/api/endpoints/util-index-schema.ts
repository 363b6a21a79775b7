/** Zod schema of the utilization-index body (spec 2.1, 2.2): the documented contract. */
import { z } from 'zod';
import { isoDate } from './common-schema.js';

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

