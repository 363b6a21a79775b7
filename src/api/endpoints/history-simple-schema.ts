/** Zod schema of the history-simple body (spec 2.3): the documented contract. */
import { z } from 'zod';
import { isoDateTime, seriesEnvelope } from './common-schema.js';

/** One point of 2.3. */
export const historySimpleRowSchema = z.looseObject({
  timestamp: isoDateTime,
  index_value: z.number(),
});

/** The envelope of 2.3. */
export const historySimpleSchema = seriesEnvelope(historySimpleRowSchema);

/** A validated 2.3 body. */
export type HistorySimpleBody = z.infer<typeof historySimpleSchema>;
