/** Pieces shared by the endpoint descriptions (no zod here: see common-schema.ts). */
import type { GpuModel } from '../../domain/gpus.js';
import { arrayCheck, envelopeCheck, objectCheck, type Check, type Shape } from '../validate.js';

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

/** Fast-path mirror of seriesQuerySchema (common-schema.ts). */
const SERIES_QUERY: Shape = {
  gpu_name: 'string?',
  region: 'string?',
  start_date: 'string?',
  end_date: 'string?',
  records_found: 'uint?',
  limit_applied: 'int?',
  data_granularity: 'string?',
};

/** Fast-path mirror of seriesEnvelope(row) (common-schema.ts). */
export function seriesEnvelopeCheck(row: Shape): Check {
  return envelopeCheck({ success: 'boolean?' }, {
    query: { check: objectCheck(SERIES_QUERY), optional: true },
    data: { check: arrayCheck(objectCheck(row)) },
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
