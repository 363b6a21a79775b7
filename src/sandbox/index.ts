/** The sandbox bundle entry: server, foreground serving, keys and the synthetic market model. */
export { startSandbox } from './server.js';
export type { Sandbox, SandboxOptions, RecordedRequest, InterceptReply } from './server.js';
export { serveSandbox, isLoopback } from './serve.js';
export type { ServeOptions } from './serve.js';
export {
  SANDBOX_DEMO_KEY,
  SANDBOX_PREMIUM_KEY,
  SANDBOX_INACTIVE_KEY,
  SANDBOX_DAILY_ONLY_KEY,
  DEFAULT_SANDBOX_KEYS,
  keyAccess,
  planOfPrefix,
} from './keys.js';
export type { SandboxKeys, KeyAccess } from './keys.js';
export { respond } from './routes.js';
export type { RouteConfig, SandboxRequest } from './routes.js';
export {
  identifyCaller,
  requireKey,
  requireSubDaily,
  windowedAccess,
  accessOf,
  freeWindowStart,
  FREE_GPU_MODELS,
  FREE_WINDOW_MONTHS,
} from './plans.js';
export type { Plan, Access, WindowedRequest } from './plans.js';
export { sandboxClock, endOfDayMs, dayStatsAsOf, readingsAsOf } from './models/clock.js';
export type { ClockOption } from './models/clock.js';
export { createRateLimiter } from './rate-limit.js';
export type { RateLimit, RateLimiter } from './rate-limit.js';
export { DEFAULT_BASE_DATE, DEFAULT_LIMIT, MAX_WINDOW_DAYS } from './handlers/seed.js';
export { INVALID_GPU_MESSAGE, AUTH_MESSAGES, DAILY_ONLY_MESSAGE } from './http.js';
export * from './models/market.js';
