/** GET /api/gpu/{gpuName}/volume-metrics (spec 4.3): market utilization points, most recent first. */
import type { Endpoint } from '../endpoint.js';
import type { VolumeMetricsBody } from './volume-metrics-schema.js';
import { gpuPath, seriesEnvelopeCheck, seriesQuery, type SeriesParams } from './common.js';

export type { VolumeMetricsBody } from './volume-metrics-schema.js';

/** The volume-metrics endpoint. */
export const volumeMetricsEndpoint: Endpoint<SeriesParams, VolumeMetricsBody> = {
  id: 'volume-metrics',
  path: (p) => gpuPath(p.gpu, 'volume-metrics'),
  query: (p) => seriesQuery(p),
  loadSchema: async () => (await import('./volume-metrics-schema.js')).volumeMetricsSchema,
  // Mirrors volumeMetricsRowSchema field by field.
  check: seriesEnvelopeCheck({ recorded_at: 'datetime', exact_timestamp: 'datetime?', utilization_ratio: 'number' }),
  rows: (body) => body.data,
  timeKey: 'recorded_at',
  columns: ['recorded_at', 'exact_timestamp', 'utilization_ratio'],
  valueKey: 'utilization_ratio',
};
