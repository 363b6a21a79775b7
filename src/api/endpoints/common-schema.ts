/** Zod schema pieces shared by the endpoint schemas (the documented contract of sections 2.x). */
import { z } from 'zod';

/** YYYY-MM-DD. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');

/** An ISO 8601 date-time string (kept as received). */
export const isoDateTime = z.string().min(10);

/** The `query` echo of the series envelopes (2.3–2.5); every field optional, extras kept. */
export const seriesQuerySchema = z.looseObject({
  gpu_name: z.string().optional(),
  region: z.string().optional(),
  start_date: z.string().optional(),
  end_date: z.string().optional(),
  records_found: z.number().int().nonnegative().optional(),
  limit_applied: z.number().int().optional(),
  data_granularity: z.string().optional(),
});

/** Builds a series envelope schema around a row schema. */
export function seriesEnvelope<T extends z.ZodType>(row: T) {
  return z.looseObject({
    success: z.boolean().optional(),
    query: seriesQuerySchema.optional(),
    data: z.array(row),
  });
}
