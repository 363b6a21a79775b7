/** GET /api/gpu/{gpuName}/history-range (spec 4.4): index rows with per-row granularity; order not reliable. */
import type { Endpoint } from '../endpoint.js';
import type { HistoryRangeBody } from './history-range-schema.js';
import { gpuPath, seriesEnvelopeCheck, seriesQuery, type SeriesParams } from './common.js';

export type { HistoryRangeBody } from './history-range-schema.js';

/** The history-range endpoint. */
export const historyRangeEndpoint: Endpoint<SeriesParams, HistoryRangeBody> = {
  id: 'history-range',
  path: (p) => gpuPath(p.gpu, 'history-range'),
  query: (p) => seriesQuery(p),
  loadSchema: async () => (await import('./history-range-schema.js')).historyRangeSchema,
  // Mirrors historyRangeRowSchema field by field.
  check: seriesEnvelopeCheck({ recorded_at: 'datetime', exact_timestamp: 'datetime?', index_value: 'number', data_type: 'string?' }),
  rows: (body) => body.data,
  timeKey: 'recorded_at',
  columns: ['recorded_at', 'exact_timestamp', 'index_value', 'data_type'],
  valueKey: 'index_value',
};
