/**
 * API keys the sandbox accepts by default, and the shape of a configurable key set. A valid key's plan
 * follows its prefix as on the service (plans.ts): `sk_live_` full, `sk_prem_` premium, others full.
 */

/** A valid full-plan key (`sk_live_`): the one `gpumkt sandbox` prints and `--sandbox` uses. */
export const SANDBOX_DEMO_KEY = 'sk_live_sandbox';

/** A valid premium-plan key (`sk_prem_`): daily data only, full history. */
export const SANDBOX_PREMIUM_KEY = 'sk_prem_sandbox';

/** The premium key under its older name: a daily-only plan. */
export const SANDBOX_DAILY_ONLY_KEY = SANDBOX_PREMIUM_KEY;

/** A known but revoked key: every request with it gets 401 `API key is inactive`. */
export const SANDBOX_INACTIVE_KEY = 'sk_live_sandbox_revoked';

/** The keys a sandbox accepts. A key in `dailyOnly` is valid too; `inactive` wins over both. */
export interface SandboxKeys {
  /** Valid keys; each gets the plan of its prefix (`sk_prem_`: premium; anything else: full). */
  readonly valid?: readonly string[];
  /** Keys that exist but are revoked: 401 `API key is inactive`. */
  readonly inactive?: readonly string[];
  /** Valid keys on the premium (daily-only) plan whatever their prefix. */
  readonly dailyOnly?: readonly string[];
}

/** The default key set: one key of each kind. */
export const DEFAULT_SANDBOX_KEYS: Required<SandboxKeys> = {
  valid: [SANDBOX_DEMO_KEY],
  inactive: [SANDBOX_INACTIVE_KEY],
  dailyOnly: [SANDBOX_PREMIUM_KEY],
};

/** What a presented key entitles to. */
export type KeyAccess = 'full' | 'premium' | 'inactive' | 'unknown';

/** The plan a key's prefix names, as the service reads it from the secret itself. */
export function planOfPrefix(key: string): 'full' | 'premium' {
  return key.startsWith('sk_prem_') ? 'premium' : 'full';
}

/** Classifies a key against a key set; fields left out of `keys` fall back to the defaults. */
export function keyAccess(key: string, keys: SandboxKeys = DEFAULT_SANDBOX_KEYS): KeyAccess {
  const inactive = keys.inactive ?? DEFAULT_SANDBOX_KEYS.inactive;
  const dailyOnly = keys.dailyOnly ?? DEFAULT_SANDBOX_KEYS.dailyOnly;
  const valid = keys.valid ?? DEFAULT_SANDBOX_KEYS.valid;
  if (inactive.includes(key)) return 'inactive';
  if (dailyOnly.includes(key)) return 'premium';
  if (valid.includes(key)) return planOfPrefix(key);
  return 'unknown';
}
