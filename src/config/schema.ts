/** The zod schema of the config file (loaded only when a config file is read). */
import { z } from 'zod';
import { BOUNDS, FORMATS, isBaseUrl, isValidApiKey } from './settings.js';

const TIMEOUT_RANGE = `must be a number of seconds from ${BOUNDS.timeout.min} to ${BOUNDS.timeout.max}`;
const RETRIES_RANGE = `must be a whole number from ${BOUNDS.retries.min} to ${BOUNDS.retries.max}`;

/** One profile as stored; unknown fields are kept so newer versions' settings survive a rewrite. */
export const profileSchema = z.looseObject({
  'api-key': z.string().refine(isValidApiKey, 'must be printable ASCII without spaces').optional(),
  'base-url': z.string().refine(isBaseUrl, 'must be an http(s) URL without query or fragment').optional(),
  timeout: z.number().min(BOUNDS.timeout.min, TIMEOUT_RANGE).max(BOUNDS.timeout.max, TIMEOUT_RANGE).optional(),
  retries: z.number().int(RETRIES_RANGE).min(BOUNDS.retries.min, RETRIES_RANGE).max(BOUNDS.retries.max, RETRIES_RANGE).optional(),
  format: z.enum(FORMATS as [string, ...string[]], `must be one of ${FORMATS.join(', ')}`).optional(),
});

/** The whole config file; a missing `profiles` reads as none. */
export const configFileSchema = z.looseObject({
  defaultProfile: z.string().min(1, 'must be a non-empty string').optional(),
  profiles: z.record(z.string(), profileSchema).default({}),
});

/** One profile's stored settings. */
export type Profile = z.infer<typeof profileSchema>;

/** The parsed config file. */
export type ConfigFile = z.infer<typeof configFileSchema>;
