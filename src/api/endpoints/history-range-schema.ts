/** Zod schema of the history-range body (spec 2.5): the documented contract. */
import { z } from 'zod';
import { isoDateTime, seriesEnvelope } from './common-schema.js';

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
