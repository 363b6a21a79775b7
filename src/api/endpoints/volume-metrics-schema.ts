/** Zod schema of the volume-metrics body (spec 2.4): the documented contract. */
import { z } from 'zod';
import { isoDateTime, seriesEnvelope } from './common-schema.js';

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
