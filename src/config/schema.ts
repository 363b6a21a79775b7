/** The zod schema of the config file (loaded only when a config file is read). */
import { z } from 'zod';
import { FORMATS, isHttpUrl, isValidApiKey } from './keys.js';

/** One profile as stored; unknown fields are kept so newer versions' settings survive a rewrite. */
export const profileSchema = z.looseObject({
  'api-key': z.string().refine(isValidApiKey, 'must be printable ASCII without spaces').optional(),
  'base-url': z.string().refine(isHttpUrl, 'must be an http(s) URL').optional(),
  timeout: z.number().positive('must be a number greater than 0').optional(),
  retries: z.number().int('must be a whole number').nonnegative('must be 0 or more').optional(),
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
