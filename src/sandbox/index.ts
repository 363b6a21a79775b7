/** The sandbox bundle entry: server, foreground serving, keys and the synthetic market model. */
export { startSandbox } from './server.js';
export type { Sandbox, SandboxOptions, RecordedRequest, InterceptReply } from './server.js';
export { serveSandbox, isLoopback } from './serve.js';
export type { ServeOptions } from './serve.js';
export { SANDBOX_DEMO_KEY, SANDBOX_INACTIVE_KEY, SANDBOX_DAILY_ONLY_KEY, DEFAULT_SANDBOX_KEYS, keyAccess } from './keys.js';
export type { SandboxKeys, KeyAccess } from './keys.js';
export { respond } from './routes.js';
export { DEFAULT_BASE_DATE, DEFAULT_LIMIT, MAX_WINDOW_DAYS } from './handlers.js';
export { INVALID_GPU_MESSAGE, AUTH_MESSAGES, DAILY_ONLY_MESSAGE } from './http.js';
export * from './market.js';
