/**
 * Plans, as the service's documentation describes them: the key's prefix is the plan.
 * - `sk_live_` (and any other valid key): full — daily and hourly data, full history, all six models;
 * - `sk_prem_` (or a key configured as daily-only): premium — daily data only, full history, all six
 *   models; a ranged endpoint asked for `hourly` or `auto` serves daily rows and says so, while a
 *   route that exists only for sub-daily data answers 403;
 * - no key: the free window, on public routes only — the five free models (not RTX PRO 6000 WS),
 *   the trailing 3 months, daily; outside it 401. The seed's five routes all need a key.
 * Responses report the plan served as `access`: `full`, `premium` or `public-3mo`.
 */
import { GPU_MODELS, type GpuModel } from '../domain/catalogues/gpus.js';
import { subtractMonths } from '../domain/time/dates.js';
import { ApiError, AUTH_MESSAGES, DAILY_ONLY_MESSAGE, unauthorized } from './http.js';
import { keyAccess, type SandboxKeys } from './keys.js';
import type { Grain } from './models/series-model.js';

/** Who is asking: a full or premium key, or nobody (the public free window). */
export type Plan = 'full' | 'premium' | 'public';

/** The `access` value a response reports for a plan. */
export type Access = 'full' | 'premium' | 'public-3mo';

/** Models in the free window: every model but RTX PRO 6000 WS. */
export const FREE_GPU_MODELS: readonly GpuModel[] = GPU_MODELS.filter((g) => g !== 'RTX PRO 6000 WS');

/** Months of history the free window reaches back from today. */
export const FREE_WINDOW_MONTHS = 3;

/**
 * The caller's plan from the Authorization header: none (or not a bearer token) is the public plan;
 * an unknown key is 401 `Invalid API key` and a revoked one 401 `API key is inactive`, on every route.
 */
export function identifyCaller(authorization: string | undefined, keys: SandboxKeys): Plan {
  const m = authorization === undefined ? null : /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  if (!m) return 'public';
  const access = keyAccess(m[1] as string, keys);
  if (access === 'inactive') throw unauthorized(AUTH_MESSAGES.inactive);
  if (access === 'unknown') throw unauthorized(AUTH_MESSAGES.invalid);
  return access;
}

/** Routes that need a key: 401 `API key required` for the public plan. */
export function requireKey(plan: Plan): void {
  if (plan === 'public') throw unauthorized(AUTH_MESSAGES.missing);
}

/** Routes that exist only for sub-daily data: full plan only; premium gets the documented 403. */
export function requireSubDaily(plan: Plan): void {
  requireKey(plan);
  if (plan === 'premium') throw new ApiError(403, 'Forbidden', DAILY_ONLY_MESSAGE);
}

/** The `access` field of a response served on `plan`. */
export function accessOf(plan: Plan): Access {
  return plan === 'public' ? 'public-3mo' : plan;
}

/** First day of the free window on `today`: the same day 3 months back (clamped to the month's end). */
export function freeWindowStart(today: string): string {
  return subtractMonths(today, FREE_WINDOW_MONTHS);
}

/** A windowed GPU request: its model, first day, the grain it resolved to, and the clock's date. */
export interface WindowedRequest {
  readonly gpu?: GpuModel;
  readonly from: string;
  readonly today: string;
  /** The grain the request asked for, `auto` already resolved by the window's length. */
  readonly grain: Grain;
}

/**
 * What a plan is served on a windowed GPU route: daily rows unless the plan is full (never a 403),
 * and the `access` to report. The public plan outside the free window (a model not in it, or a window
 * starting before it) gets 401, as the service answers.
 */
export function windowedAccess(plan: Plan, req: WindowedRequest): { access: Access; grain: Grain } {
  if (plan === 'public' && ((req.gpu !== undefined && !FREE_GPU_MODELS.includes(req.gpu)) || req.from < freeWindowStart(req.today))) {
    throw unauthorized(AUTH_MESSAGES.missing);
  }
  return { access: accessOf(plan), grain: plan === 'full' ? req.grain : 'daily' };
}
