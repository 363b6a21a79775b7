/** Zod schema of the memory-index body (spec 2.6): the documented contract. */
import { z } from 'zod';
import { isoDateTime } from './common-schema.js';

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
