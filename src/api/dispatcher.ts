/** The undici dispatcher of a run: per-attempt timeouts, keep-alive, and the proxy the environment names. */
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import type { Logger } from '../context.js';
import { UsageError } from '../errors.js';
import { redactUrl } from './errors.js';

/** Proxy settings, read from HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case) by the caller. */
export interface ProxySettings {
  readonly httpsProxy?: string;
  readonly httpProxy?: string;
  readonly noProxy?: string;
}

/** Proxy settings from an environment; lower-case names win, as in curl and undici. */
export function proxyFromEnv(env: Readonly<Record<string, string | undefined>>): ProxySettings {
  const pick = (name: string): string | undefined => {
    const v = env[name.toLowerCase()] ?? env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  return { httpsProxy: pick('HTTPS_PROXY'), httpProxy: pick('HTTP_PROXY'), noProxy: pick('NO_PROXY') };
}

/** Checks a proxy URL (a bare host:port means http://, as in curl); never echoes it, it may hold a password. */
export function normaliseProxy(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new UsageError(`${name} is not a valid proxy URL`, 'use http://[user:password@]host:port');
  }
  if (!['http:', 'https:', 'socks5:', 'socks:'].includes(url.protocol)) {
    throw new UsageError(`${name} has an unsupported scheme ${url.protocol}`, 'use http://, https:// or socks5://');
  }
  return withScheme;
}

/** One dispatcher for the whole run; `proxy: false` connects directly. */
export function makeDispatcher(timeoutMs: number, proxy: ProxySettings | false, baseUrl: string, log: Logger): Dispatcher {
  const common = {
    connect: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 10_000,
    connections: 8,
  };
  if (proxy === false) return new Agent(common);
  const httpsProxy = normaliseProxy('HTTPS_PROXY', proxy.httpsProxy);
  const httpProxy = normaliseProxy('HTTP_PROXY', proxy.httpProxy);
  const isHttps = baseUrl.startsWith('https:');
  const used = isHttps ? (httpsProxy ?? httpProxy) : httpProxy;
  if (used !== undefined) log.verbose(`proxy ${redactUrl(used)}${proxy.noProxy ? ` (NO_PROXY=${proxy.noProxy})` : ''}`);
  // Explicit values (empty string = none) so undici never reads process.env behind our back.
  return new EnvHttpProxyAgent({ ...common, httpsProxy: httpsProxy ?? httpProxy ?? '', httpProxy: httpProxy ?? '', noProxy: proxy.noProxy ?? '' });
}
