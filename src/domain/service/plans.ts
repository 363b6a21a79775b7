/**
 * The service's plans as a client can know them: the key's prefix is the plan (docs/api-contract.md),
 * and callers without a key get the free tier of the public routes.
 */
import { GPU_MODELS, type GpuModel } from '../catalogues/gpus.js';

/** Models the public (no-key) tier serves: every model but RTX PRO 6000 WS. */
export const FREE_GPU_MODELS: readonly GpuModel[] = GPU_MODELS.filter((m) => m !== 'RTX PRO 6000 WS');

/**
 * The notice of a keyless run over every model (no model named, or `all`): which models only a key
 * shows. Undefined when the run names its models (a locked one is then the service's 401).
 */
export function keylessModelsNote(args: readonly string[]): string | undefined {
  if (args.length > 0 && !args.some((a) => a.trim().toLowerCase() === 'all')) return undefined;
  const locked = GPU_MODELS.filter((m) => !FREE_GPU_MODELS.includes(m));
  return `${locked.join(', ')} needs an API key: without one the service shows ${FREE_GPU_MODELS.length} of the ${GPU_MODELS.length} models`;
}

/** A plan, as read from a key's prefix; `none` when no key is configured. */
export interface KeyPlan {
  readonly plan: 'full' | 'premium' | 'none';
  /** The documented prefix that says so, or undefined when the prefix is not a documented one. */
  readonly prefix?: 'sk_live_' | 'sk_prem_';
  /** What the plan covers, in a few words. */
  readonly covers: string;
}

/** The plan of a key by its prefix (an unknown prefix is treated as full, as the service does); never returns the key. */
export function planOfKey(key: string | undefined): KeyPlan {
  if (key === undefined || key === '') return { plan: 'none', covers: 'public routes only: five models, trailing 3 months, daily' };
  if (key.startsWith('sk_prem_')) return { plan: 'premium', prefix: 'sk_prem_', covers: 'daily data, full history, all six models' };
  if (key.startsWith('sk_live_'))
    return { plan: 'full', prefix: 'sk_live_', covers: 'daily and hourly data, full history, all six models' };
  return { plan: 'full', covers: 'treated as full (prefix not sk_live_ or sk_prem_)' };
}

/**
 * The lowest plan that reads a dataset (docs/api-contract.md): `free`, public routes that answer without
 * a key; `premium`, any key (`sk_prem_` or `sk_live_`); `full`, `sk_live_` keys only (a premium key gets 403).
 */
export type RequiredPlan = 'free' | 'premium' | 'full';

const RANK: Readonly<Record<KeyPlan['plan'] | RequiredPlan, number>> = { none: 0, free: 0, premium: 1, full: 2 };

/** True when a key of plan `have` can read a dataset that needs `need`. */
export function planReads(have: KeyPlan['plan'], need: RequiredPlan): boolean {
  return RANK[have] >= RANK[need];
}

/**
 * How to give a key: said by every refusal for want of a key or of a plan (the variable, the config
 * command, and the sandbox's demo data to try the command without one).
 */
export const KEY_HINT = "set GPUMKT_API_KEY, or run 'gpumkt config set api-key', or add --sandbox to try built-in demo data";

/** The words for what a dataset needs, for messages and `status`. */
export function describeNeed(need: RequiredPlan): string {
  if (need === 'free') return 'no key (public)';
  if (need === 'premium') return 'a premium or full key (sk_prem_ or sk_live_)';
  return 'a full key (sk_live_)';
}
