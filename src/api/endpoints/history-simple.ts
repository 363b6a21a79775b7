/** GET /api/gpu/{gpuName}/history-simple (spec 4.2): timestamp / index_value points, most recent first. */
import type { Endpoint } from '../endpoint.js';
import type { HistorySimpleBody } from './history-simple-schema.js';
import { gpuPath, seriesEnvelopeCheck, seriesQuery, type SeriesParams } from './common.js';

export type { HistorySimpleBody } from './history-simple-schema.js';

/** The history-simple endpoint. */
export const historySimpleEndpoint: Endpoint<SeriesParams, HistorySimpleBody> = {
  id: 'history-simple',
  path: (p) => gpuPath(p.gpu, 'history-simple'),
  query: (p) => seriesQuery(p),
  loadSchema: async () => (await import('./history-simple-schema.js')).historySimpleSchema,
  // Mirrors historySimpleRowSchema field by field.
  check: seriesEnvelopeCheck({ timestamp: 'datetime', index_value: 'number' }),
  rows: (body) => body.data,
  timeKey: 'timestamp',
  columns: ['timestamp', 'index_value'],
  valueKey: 'index_value',
};
