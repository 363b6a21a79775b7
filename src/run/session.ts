/**
 * Where requests go for this run: the real API with the resolved key, the in-process sandbox
 * (--sandbox), or nowhere (--dry-run prints curl commands instead).
 */
import type { Context } from '../context.js';
import { AuthError, GpumktError, UsageError } from '../errors.js';
import { ApiClient, requestUrl, type ApiResponse } from '../api/client.js';
import { RateLimiter, SERVICE_LIMIT, type Hold } from '../api/rate-limit.js';
import { normaliseProxy, proxyFromEnv } from '../api/transport/dispatcher.js';
import { redactUrl } from '../domain/secrets/redact.js';
import { describeNeed, KEY_HINT, planOfKey, planReads, type RequiredPlan } from '../domain/service/plans.js';
import { BOUNDS } from '../config/settings.js';
import type { Endpoint } from '../api/endpoint.js';
import { VERSION } from '../version.js';
import type { ExportSource, RequestLogEntry } from '../append/manifest.js';

/** A run's connection to the API. */
export interface Session extends ExportSource {
  /** GETs one endpoint (never called in a dry run). */
  get<P, B>(endpoint: Endpoint<P, B>, params: P): Promise<ApiResponse<B>>;
  /** The curl command of a request, key redacted. */
  curl<P, B>(endpoint: Endpoint<P, B>, params: P): string;
  /** Milliseconds the client's rate limiter has held requests back so far (none in a dry run). */
  pacedMs?(): number;
  /** Calls `fn` as each wait for the rate limit begins (a progress line says so); returns the way to stop. */
  onHold?(fn: (hold: Hold) => void): () => void;
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** What a run needs from flags, environment and config before it sends anything. */
export interface RunSettings {
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly timeoutS: number;
  readonly retries: number;
  /** The profile's default output format, if any. */
  readonly format?: string;
  /** Where the key and the base URL came from, and the config behind a `profile` source (for `status`). */
  readonly sources: {
    readonly apiKey?: 'env' | 'profile';
    readonly baseUrl: 'flag' | 'env' | 'profile' | 'default';
    readonly profile: string;
    readonly configPath: string;
  };
}

/** Resolves flag > env > profile > default (local files only; nothing is sent). */
export async function loadSettings(ctx: Context): Promise<RunSettings> {
  const g = ctx.globals();
  const { resolveSettings } = await import('../config/resolve.js');
  const s = await resolveSettings({
    flags: { baseUrl: g.baseUrl, profile: g.profile, config: g.config, timeout: g.timeout, retries: g.retries },
    env: ctx.env,
    warn: ctx.log.warn,
  });
  // The configured key joins the run's secrets as soon as it is read, --sandbox or not: every message and
  // every file the run writes masks it. (The sandbox's own key is public and never joins.)
  if (s.apiKey) ctx.secrets.add(s.apiKey.value);
  return {
    baseUrl: s.baseUrl.value,
    apiKey: s.apiKey?.value,
    timeoutS: s.timeout.value,
    retries: s.retries.value,
    format: s.format?.value,
    sources: {
      apiKey: s.apiKey?.source as 'env' | 'profile' | undefined,
      baseUrl: s.baseUrl.source,
      profile: s.profile,
      configPath: s.configPath,
    },
  };
}

/** How a run uses the key. */
export interface SessionOptions {
  /** Public routes: run without a key when none is configured (one that is configured is still sent). */
  readonly keyOptional?: boolean;
  /** The lowest plan the run's routes need: a key below it exits 3 before any request (default: any key). */
  readonly plan?: RequiredPlan;
  /** The command, for the message that names the plan it needs. */
  readonly command?: string;
  /** Keep response texts (--raw, api); default true. Without, bodies are parsed as they arrive (ApiResponse.text is ''). */
  readonly keepText?: boolean;
}

/** Opens the session the global flags ask for; fails with exit 3 when no key is to be had and the routes need one. */
export async function openSession(ctx: Context, settings: RunSettings, options: SessionOptions = {}): Promise<Session> {
  const g = ctx.globals();
  const { baseUrl, apiKey } = g.sandbox ? await startSandboxFor(ctx) : settings;
  checkKey(ctx, apiKey, options);
  if (!g.sandbox) warnPlainHttp(ctx, baseUrl);
  const proxy = g.sandbox ? false : proxyFromEnv(ctx.env);
  // Checked up front, dry run included: a bad proxy URL is bad input (exit 2), whatever is sent.
  if (proxy !== false) {
    normaliseProxy('HTTPS_PROXY', proxy.httpsProxy);
    normaliseProxy('HTTP_PROXY', proxy.httpProxy);
  }
  const deadlineMs = maxTimeMs(ctx.env);
  // Runnable as printed: the shell fills in the key from the environment, so the text holds no secret,
  // and a password in the base URL shows as ***. A public route asked without a key goes without the
  // header, as the request itself would; so does a dry run with no key configured (it shows what would
  // be sent, and nothing would be).
  const auth = apiKey ? '-H "Authorization: Bearer $GPUMKT_API_KEY" ' : '';
  const curl = <P, B>(endpoint: Endpoint<P, B>, params: P): string =>
    `curl -sS ${auth}${shellQuote(redactUrl(requestUrl(baseUrl, endpoint.path(params), endpoint.query(params))))}`;
  if (g.dryRun) {
    if (g.sandbox) {
      ctx.log.info(
        `the sandbox at ${baseUrl} stops when this run ends; to run these commands, start 'gpumkt sandbox' and use its URL (--base-url) and key (GPUMKT_API_KEY=${SANDBOX_KEY_HINT})`,
      );
    }
    return { baseUrl, dryRun: true, requests: [], curl, get: () => Promise.reject(new Error('dry run sends nothing')) };
  }
  const client = new ApiClient({
    baseUrl,
    apiKey,
    timeoutMs: Math.ceil(settings.timeoutS * 1000),
    retries: settings.retries,
    userAgent: `gpumkt/${VERSION}`,
    log: ctx.log,
    signal: ctx.signal,
    deadlineMs,
    // The sandbox is in-process on loopback: a corporate proxy must not carry its requests.
    proxy,
    keepText: options.keepText,
    // Nor is it paced like the service: it is local, has no limit, and a sync of it ends in seconds.
    limiter: g.sandbox ? new RateLimiter(Number.MAX_SAFE_INTEGER, SERVICE_LIMIT.windowMs) : undefined,
  });
  ctx.onCleanup(() => client.close());
  const requests: RequestLogEntry[] = [];
  return {
    baseUrl,
    dryRun: false,
    requests,
    curl,
    get: loggedGet(client, baseUrl, requests),
    pacedMs: () => client.pacedMs,
    onHold: (fn) => client.onHold(fn),
  };
}

/** Starts the in-process sandbox for --sandbox: its URL and its public full-plan key replace the settings'. */
async function startSandboxFor(ctx: Context): Promise<{ baseUrl: string; apiKey: string }> {
  const { startSandbox, SANDBOX_DEMO_KEY } = await import('../sandbox/index.js');
  const today = ctx.env.GPUMKT_TODAY ? ctx.today() : undefined;
  const sb = await startSandbox({ today });
  ctx.onCleanup(() => sb.close());
  // For the person at the terminal; a pipeline's stderr (`2>>log`, `| head`) stays clean, and the
  // flag itself already says what the data is.
  if (ctx.io.stderrIsTTY) ctx.log.info('--sandbox: synthetic demo data from a local server, not market data');
  return { baseUrl: sb.url, apiKey: SANDBOX_DEMO_KEY };
}

/** Exit 3 before any request: no key where the routes need one, or a key whose plan is below theirs. */
function checkKey(ctx: Context, apiKey: string | undefined, options: SessionOptions): void {
  const g = ctx.globals();
  if (!g.sandbox && !apiKey && !g.dryRun && options.keyOptional !== true) {
    const needs = options.plan && options.command ? ` ('${options.command}' needs ${describeNeed(options.plan)})` : '';
    throw new AuthError(`no API key${needs}: ${KEY_HINT}`);
  }
  if (apiKey && options.plan && !planReads(planOfKey(apiKey).plan, options.plan)) {
    // The prefix is the plan (docs/api-contract.md): the service would answer 403, so nothing is sent.
    throw new AuthError(
      `'${options.command ?? 'this command'}' needs ${describeNeed(options.plan)}; the configured key's plan is ${planOfKey(apiKey).plan}`,
      KEY_HINT,
    );
  }
}

/** The client's GET, logged for --manifest: each request's URL, start, duration and outcome (the call itself untouched). */
function loggedGet(client: ApiClient, baseUrl: string, requests: RequestLogEntry[]): Session['get'] {
  // The log wraps the client's call and rethrows as is: retries, errors and results are untouched.
  return async <P, B>(endpoint: Endpoint<P, B>, params: P): Promise<ApiResponse<B>> => {
    const started = Date.now();
    const entry = { url: requestUrl(baseUrl, endpoint.path(params), endpoint.query(params)), at: new Date(started).toISOString() };
    // The slot is taken when the request starts, so the log keeps start order under fan-out.
    const slot = requests.push({ ...entry, outcome: { exitCode: 1, message: 'unfinished' }, ms: 0 }) - 1;
    try {
      const res = await client.get(endpoint, params);
      requests[slot] = { ...entry, outcome: 'ok', ms: Date.now() - started };
      return res;
    } catch (err) {
      const outcome = err instanceof GpumktError ? { exitCode: err.exitCode, message: err.message } : { exitCode: 1, message: String(err) };
      requests[slot] = { ...entry, outcome, ms: Date.now() - started };
      throw err;
    }
  };
}

// The sandbox's full-plan key (src/sandbox/keys.ts), named here so a dry run's note needs no sandbox import.
const SANDBOX_KEY_HINT = 'sk_live_sandbox';

// URL lower-cases an http: host name, so no /i (a case-insensitive pattern costs ~0.3 M instructions to compile).
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/;

/** Warns when the key would travel in clear text: plain http:// to a host that is not this machine. */
function warnPlainHttp(ctx: Context, baseUrl: string): void {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return;
  }
  if (url.protocol !== 'http:' || LOOPBACK.test(url.hostname)) return;
  ctx.log.warn(`the base URL ${url.origin} is plain http://: the API key and the data travel unencrypted (use https://)`);
}

/** GPUMKT_MAX_TIME: the time budget of one request in seconds (BOUNDS.maxTime), attempts and waits included. */
function maxTimeMs(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const v = env.GPUMKT_MAX_TIME;
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  const { min, max } = BOUNDS.maxTime;
  if (!Number.isFinite(n) || n < min || n > max) throw new UsageError(`GPUMKT_MAX_TIME must be a number of seconds from ${min} to ${max}`);
  return Math.ceil(n * 1000);
}
