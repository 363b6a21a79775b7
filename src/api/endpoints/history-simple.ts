/** GET /api/gpu/{gpuName}/history-simple (spec 4.2): timestamp / index_value points, most recent first. */
import { z } from 'zod';
import type { Endpoint } from '../endpoint.js';
import { gpuPath, isoDateTime, seriesEnvelope, seriesQuery, type SeriesParams } from './common.js';

/** One point of 2.3. */
export const historySimpleRowSchema = z.looseObject({
  timestamp: isoDateTime,
  index_value: z.number(),
});

/** The envelope of 2.3. */
export const historySimpleSchema = seriesEnvelope(historySimpleRowSchema);

/** A validated 2.3 body. */
export type HistorySimpleBody = z.infer<typeof historySimpleSchema>;

/** The history-simple endpoint. */
export const historySimpleEndpoint: Endpoint<SeriesParams, HistorySimpleBody> = {
  id: 'history-simple',
  path: (p) => gpuPath(p.gpu, 'history-simple'),
  query: (p) => seriesQuery(p),
  schema: historySimpleSchema,
  rows: (body) => body.data,
  timeKey: 'timestamp',
  columns: ['timestamp', 'index_value'],
  valueKey: 'index_value',
};
