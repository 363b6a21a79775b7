/** The undici dispatcher of a run: per-attempt timeouts, keep-alive, and the proxy the environment names. */
import { Agent, buildConnector, EnvHttpProxyAgent, Pool, type Dispatcher } from 'undici';
import type { Logger } from '../../context.js';
import { UsageError } from '../../errors.js';
import { ConnectGate, type Connector } from './connect-gate.js';
import { socksConnector } from './socks-connector.js';
import { redactUrl } from '../../domain/secrets/redact.js';

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
  if (!['http:', 'https:', 'socks5:', 'socks5h:', 'socks:'].includes(url.protocol)) {
    throw new UsageError(`${name} has an unsupported scheme ${url.protocol}`, 'use http://, https://, socks5:// or socks5h://');
  }
  // A proxy is a host and port; undici fails on anything more deep inside a request (an "internal error").
  if ((url.pathname !== '' && url.pathname !== '/') || url.search !== '' || url.hash !== '' || /[?#]/.test(withScheme)) {
    throw new UsageError(`${name} must be a proxy address without a path, query or fragment`, 'use http://[user:password@]host:port');
  }
  if (url.hostname === '') throw new UsageError(`${name} has no host`, 'use http://[user:password@]host:port');
  return withScheme;
}

/** Whether NO_PROXY exempts `url` (undici's rules: `*`, exact host, domain suffix, optional :port). */
export function bypassesProxy(url: URL, noProxy: string | undefined): boolean {
  if (noProxy === undefined || noProxy.trim() === '') return false;
  if (noProxy.trim() === '*') return true;
  const host = url.hostname.toLowerCase();
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  return noProxy
    .split(/[,\s]/)
    .filter((e) => e !== '')
    .some((entry) => {
      const m = /^(.+):(\d+)$/.exec(entry);
      if (m && Number(m[2]) !== port) return false;
      const name = (m ? (m[1] as string) : entry).replace(/^\*?\./, '').toLowerCase();
      return host === name || host.endsWith(`.${name}`);
    });
}

/** The run's dispatcher, the proxy (credentials hidden) its requests to the API go through, if any, and its connection gate. */
export interface Connection {
  readonly dispatcher: Dispatcher;
  readonly via: string | undefined;
  /** Every request attempt opens the gate for one connection (src/api/transport/connect-gate.ts). */
  readonly gate: ConnectGate;
}

/**
 * The pools of every origin, direct or through a tunnel, with their connector behind the gate. undici
 * hands a pool either its tunnel connector (a function) or connect options, which become undici's own
 * connector exactly as a pool would build it.
 */
function gatedPools(gate: ConnectGate, own?: Connector) {
  return (origin: string | URL, options: Record<string, unknown>): Dispatcher => {
    const given = options.connect;
    const connector = own ?? ((typeof given === 'function' ? given : buildConnector({ ...(given as object | undefined) })) as Connector);
    return new Pool(origin, { ...options, connect: gate.wrap(connector) as unknown as buildConnector.connector });
  };
}

/** One dispatcher for the whole run; `proxy: false` connects directly. */
export function makeDispatcher(timeoutMs: number, proxy: ProxySettings | false, baseUrl: string, log: Logger): Connection {
  const gate = new ConnectGate();
  const common = {
    connect: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 10_000,
    connections: 8,
    // Node's default (http.maxHeaderSize), given here so undici does not load node:http to read it.
    maxHeaderSize: 16 * 1024,
    factory: gatedPools(gate),
  };
  if (proxy === false) return { dispatcher: new Agent(common), via: undefined, gate };
  const httpsProxy = normaliseProxy('HTTPS_PROXY', proxy.httpsProxy);
  const httpProxy = normaliseProxy('HTTP_PROXY', proxy.httpProxy);
  const base = new URL(baseUrl);
  // undici's rule: https:// goes through HTTPS_PROXY, else HTTP_PROXY; http:// through HTTP_PROXY.
  const used = base.protocol === 'https:' ? (httpsProxy ?? httpProxy) : httpProxy;
  const via = used !== undefined && !bypassesProxy(base, proxy.noProxy) ? redactUrl(used) : undefined;
  // No proxy at all: undici's EnvHttpProxyAgent would be this Agent behind a check of every request's
  // origin against NO_PROXY; the Agent alone spares a run that work.
  if (httpsProxy === undefined && httpProxy === undefined) return { dispatcher: new Agent(common), via: undefined, gate };
  if (via !== undefined) log.verbose(`proxy ${via}`);
  // SOCKS: our own connector opens the tunnel, behind the same gate and the per-attempt timeout. Every
  // request of a run goes to the base URL's origin, so one rule picks the route for all of them.
  if (via !== undefined && used !== undefined && /^socks/i.test(used)) {
    return { dispatcher: new Agent({ ...common, factory: gatedPools(gate, socksConnector(new URL(used), timeoutMs)) }), via, gate };
  }
  // Explicit values (empty string = none) so undici never reads process.env behind our back.
  const dispatcher = new EnvHttpProxyAgent({
    ...common,
    httpsProxy: httpsProxy ?? httpProxy ?? '',
    httpProxy: httpProxy ?? '',
    noProxy: proxy.noProxy ?? '',
  });
  return { dispatcher, via, gate };
}
