/** API keys the sandbox accepts by default, and the shape of a configurable key set. */

/** A valid full-access key: the one `gpumkt sandbox` prints and `--sandbox` uses. */
export const SANDBOX_DEMO_KEY = 'gpumkt-sandbox-demo-key';

/** A known but revoked key: every request with it gets 401 `API key is inactive`. */
export const SANDBOX_INACTIVE_KEY = 'gpumkt-sandbox-inactive-key';

/** A valid key on the daily-only (premium) plan: hourly data gets 403 Forbidden. */
export const SANDBOX_DAILY_ONLY_KEY = 'gpumkt-sandbox-daily-only-key';

/** The keys a sandbox accepts. A key in `dailyOnly` is valid too; `inactive` wins over both. */
export interface SandboxKeys {
  /** Keys with full access (daily and hourly data). */
  readonly valid?: readonly string[];
  /** Keys that exist but are revoked: 401 `API key is inactive`. */
  readonly inactive?: readonly string[];
  /** Keys limited to daily-grain data: an hourly request gets 403. */
  readonly dailyOnly?: readonly string[];
}

/** The default key set: one key of each kind. */
export const DEFAULT_SANDBOX_KEYS: Required<SandboxKeys> = {
  valid: [SANDBOX_DEMO_KEY],
  inactive: [SANDBOX_INACTIVE_KEY],
  dailyOnly: [SANDBOX_DAILY_ONLY_KEY],
};

/** What a presented key entitles to. */
export type KeyAccess = 'full' | 'daily-only' | 'inactive' | 'unknown';

/** Classifies a key against a key set; fields left out of `keys` fall back to the defaults. */
export function keyAccess(key: string, keys: SandboxKeys = DEFAULT_SANDBOX_KEYS): KeyAccess {
  const inactive = keys.inactive ?? DEFAULT_SANDBOX_KEYS.inactive;
  const dailyOnly = keys.dailyOnly ?? DEFAULT_SANDBOX_KEYS.dailyOnly;
  const valid = keys.valid ?? DEFAULT_SANDBOX_KEYS.valid;
  if (inactive.includes(key)) return 'inactive';
  if (dailyOnly.includes(key)) return 'daily-only';
  if (valid.includes(key)) return 'full';
  return 'unknown';
}
