/** GET /api/gpu/{gpuName}/volume-metrics (spec 4.3): market utilization points, most recent first. */
import { z } from 'zod';
import type { Endpoint } from '../endpoint.js';
import { gpuPath, isoDateTime, seriesEnvelope, seriesQuery, type SeriesParams } from './common.js';

/** One point of 2.4; `exact_timestamp` may be absent (documented example). */
export const volumeMetricsRowSchema = z.looseObject({
  recorded_at: isoDateTime,
  exact_timestamp: isoDateTime.optional(),
  utilization_ratio: z.number(),
});

/** The envelope of 2.4. */
export const volumeMetricsSchema = seriesEnvelope(volumeMetricsRowSchema);

/** A validated 2.4 body. */
export type VolumeMetricsBody = z.infer<typeof volumeMetricsSchema>;

/** The volume-metrics endpoint. */
export const volumeMetricsEndpoint: Endpoint<SeriesParams, VolumeMetricsBody> = {
  id: 'volume-metrics',
  path: (p) => gpuPath(p.gpu, 'volume-metrics'),
  query: (p) => seriesQuery(p),
  schema: volumeMetricsSchema,
  rows: (body) => body.data,
  timeKey: 'recorded_at',
  columns: ['recorded_at', 'exact_timestamp', 'utilization_ratio'],
  valueKey: 'utilization_ratio',
};
