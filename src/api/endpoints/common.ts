/** Schema pieces shared by the endpoint descriptions. */
import { z } from 'zod';
import type { GpuModel } from '../../domain/gpus.js';

/** YYYY-MM-DD. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');

/** An ISO 8601 date-time string (kept as received). */
export const isoDateTime = z.string().min(10);

/** Granularity values of 4.2–4.4. */
export const GRANULARITIES = ['daily', 'hourly', 'auto'] as const;

/** One granularity value. */
export type Granularity = (typeof GRANULARITIES)[number];

/** Parameters of the three per-model series endpoints (4.2–4.4). */
export interface SeriesParams {
  readonly gpu: GpuModel;
  readonly from: string;
  readonly to: string;
  readonly granularity: Granularity;
  /** The `limit` to send. */
  readonly limit: number;
}

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

/** Path of a per-model endpoint, the model name percent-encoded (`H100%20SXM`). */
export function gpuPath(gpu: GpuModel, leaf: string): string {
  return `/api/gpu/${encodeURIComponent(gpu)}/${leaf}`;
}

/** Query of a per-model series request. */
export function seriesQuery(p: SeriesParams, withLimit = true): Record<string, string> {
  const q: Record<string, string> = { startDate: p.from, endDate: p.to, granularity: p.granularity };
  if (withLimit) q.limit = String(p.limit);
  return q;
}
