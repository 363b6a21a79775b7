/** GET /api/memory-index (spec 4.5): memory spot prices; `data` is one object when `type` is given. */
import { z } from 'zod';
import type { Endpoint } from '../endpoint.js';
import type { MemoryCategory } from '../../domain/memory-types.js';
import { isoDateTime } from './common.js';

/** Parameters of one memory-index request. */
export interface MemoryParams {
  readonly type?: string;
  readonly category?: MemoryCategory;
}

/** One row of 2.6: `memoryType` and `price` are what output needs; extra fields such as `id` are kept. */
export const memoryRowSchema = z.looseObject({
  memoryType: z.string(),
  category: z.string().optional(),
  price: z.number(),
  changePct: z.number().optional(),
  weeklyHigh: z.number().optional(),
  weeklyLow: z.number().optional(),
  sourceUpdatedAt: isoDateTime.optional(),
  date: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
});

/** The envelope of 2.6. */
export const memorySchema = z.looseObject({
  success: z.boolean().optional(),
  date: isoDateTime.optional(),
  data: z.union([z.array(memoryRowSchema), memoryRowSchema]),
  count: z.number().int().nonnegative().optional(),
});

/** A validated 2.6 body. */
export type MemoryBody = z.infer<typeof memorySchema>;

/** The memory-index endpoint; a single-object `data` becomes a one-row list. */
export const memoryIndexEndpoint: Endpoint<MemoryParams, MemoryBody> = {
  id: 'memory-index',
  path: () => '/api/memory-index',
  query: (p) => ({ type: p.type, category: p.category }),
  schema: memorySchema,
  rows: (body) => (Array.isArray(body.data) ? body.data : [body.data]),
  columns: ['id', 'memoryType', 'category', 'price', 'changePct', 'weeklyHigh', 'weeklyLow', 'sourceUpdatedAt', 'date', 'updatedAt'],
  tableColumns: ['id', 'memoryType', 'category', 'price', 'changePct', 'weeklyHigh', 'weeklyLow', 'updatedAt'],
  valueKey: 'price',
};
