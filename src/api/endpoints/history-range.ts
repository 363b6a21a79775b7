/** GET /api/gpu/{gpuName}/history-range (spec 4.4): index rows with per-row granularity; order not reliable. */
import { z } from 'zod';
import type { Endpoint } from '../endpoint.js';
import { gpuPath, isoDateTime, seriesEnvelope, seriesQuery, type SeriesParams } from './common.js';

/** One row of 2.5. */
export const historyRangeRowSchema = z.looseObject({
  recorded_at: isoDateTime,
  exact_timestamp: isoDateTime.optional(),
  index_value: z.number(),
  data_type: z.string().optional(),
});

/** The envelope of 2.5. */
export const historyRangeSchema = seriesEnvelope(historyRangeRowSchema);

/** A validated 2.5 body. */
export type HistoryRangeBody = z.infer<typeof historyRangeSchema>;

/** The history-range endpoint. */
export const historyRangeEndpoint: Endpoint<SeriesParams, HistoryRangeBody> = {
  id: 'history-range',
  path: (p) => gpuPath(p.gpu, 'history-range'),
  query: (p) => seriesQuery(p),
  schema: historyRangeSchema,
  rows: (body) => body.data,
  timeKey: 'recorded_at',
  columns: ['recorded_at', 'exact_timestamp', 'index_value', 'data_type'],
  valueKey: 'index_value',
};
