/**
 * The network around the API: TLS verification and NODE_EXTRA_CA_CERTS, proxies from HTTP(S)_PROXY
 * with credentials that never show, NO_PROXY, and the private config file that holds the key.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { CANARY_KEY, CANARY_KEY_SPECIAL, runCli } from '../helpers/cli.js';
import {
  closedPort,
  memoryBody,
  ok,
  startBodyTunnelProxy,
  startConnectProxy,
  startFaultServer,
  type FaultServer,
} from '../helpers/fault-server.js';
import { needs } from '../helpers/requires.js';
import { makeTempDir } from '../helpers/temp.js';

const PROXY_PASSWORD = 'pr0xy-S3CRET-pw';

describe('TLS', needs('openssl'), () => {
  let server: Server;
  let url: string;
  let certFile: string;
  let handshakes = 0;
  let rejected = 0;
  beforeAll(async () => {
    const dir = makeTempDir('tls');
    certFile = join(dir, 'cert.pem');
    const keyFile = join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    server = createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (_req, res) => {
      const body = memoryBody(5);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    server.on('secureConnection', () => (handshakes += 1));
    server.on('tlsClientError', () => (rejected += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('an untrusted certificate fails at once (exit 5, not retried) and names NODE_EXTRA_CA_CERTS', async () => {
    rejected = 0;
    // Node reads NODE_EXTRA_CA_CERTS once, at process start: only a real process shows it.
    const r = await runCli(['memory', '--retries', '3'], { spawn: true, env: { GPUMKT_BASE_URL: url, GPUMKT_API_KEY: CANARY_KEY } });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^gpumkt: error: cannot reach https:\/\/127\.0\.0\.1:\d+: .*self.signed.*NODE_EXTRA_CA_CERTS/i);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(rejected, 'one handshake: a certificate problem is not retried').toBe(1);
  });

  it('NODE_EXTRA_CA_CERTS makes the same server trusted', async () => {
    handshakes = 0;
    const r = await runCli(['memory', '-f', 'csv'], {
      spawn: true,
      env: { GPUMKT_BASE_URL: url, GPUMKT_API_KEY: CANARY_KEY, NODE_EXTRA_CA_CERTS: certFile },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(6);
    expect(handshakes).toBe(1);
  });
});

describe('proxies', () => {
  let api: FaultServer;
  let proxy: FaultServer;
  beforeAll(async () => {
    api = await startFaultServer([ok(memoryBody(5))]);
    proxy = await startConnectProxy(`user:${PROXY_PASSWORD}`);
  });
  afterAll(async () => {
    await api.close();
    await proxy.close();
  });
  const env = (extra: Record<string, string>) => ({ GPUMKT_BASE_URL: api.url, GPUMKT_API_KEY: CANARY_KEY, ...extra });

  it('HTTP_PROXY with credentials: the request tunnels through the proxy, which gets them; the API gets the key', async () => {
    const before = { proxy: proxy.requests.length, api: api.requests.length };
    const r = await runCli(['memory', '-f', 'csv', '-v'], {
      env: env({ HTTP_PROXY: `http://user:${PROXY_PASSWORD}@127.0.0.1:${proxy.port}` }),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(proxy.requests.slice(before.proxy)).toEqual([
      expect.objectContaining({ method: 'CONNECT', url: `127.0.0.1:${api.port}`, authorization: undefined }),
    ]);
    expect(api.requests.slice(before.api)).toEqual([
      expect.objectContaining({ authorization: `Bearer ${CANARY_KEY}`, proxyAuthorization: undefined }),
    ]);
    expect(r.stderr).toContain(`gpumkt: proxy http://***@127.0.0.1:${proxy.port}`);
    expect(r.stderr).not.toContain(PROXY_PASSWORD);
  });

  it('NO_PROXY bypasses the proxy', async () => {
    const before = proxy.requests.length;
    const r = await runCli(['memory', '-f', 'csv'], {
      env: env({ http_proxy: `http://user:${PROXY_PASSWORD}@127.0.0.1:${proxy.port}`, NO_PROXY: 'localhost,127.0.0.1' }),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(proxy.requests.length).toBe(before);
  });

  it('wrong proxy credentials (407): exit 5 at once, a hint, and the password nowhere', async () => {
    const before = proxy.requests.length;
    const r = await runCli(['memory', '-v', '--retries', '3'], {
      env: env({ HTTP_PROXY: `http://user:wrong-${PROXY_PASSWORD}@127.0.0.1:${proxy.port}` }),
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(
      /gpumkt: error: cannot reach http:\/\/127\.0\.0\.1:\d+ through the proxy http:\/\/\*\*\*@127\.0\.0\.1:\d+: the proxy refused the tunnel \(HTTP 407 to CONNECT\) \(the proxy wants credentials/,
    );
    expect(r.stderr).not.toContain(PROXY_PASSWORD);
    expect(proxy.requests.length - before).toBe(1);
  });

  it('an unreachable proxy with credentials in its URL: exit 5, the password in no message', async () => {
    const gone = await startFaultServer([ok()]);
    await gone.close();
    const r = await runCli(['memory', '-v', '--retries', '1', '--timeout', '1'], {
      env: env({
        HTTPS_PROXY: `http://user:${PROXY_PASSWORD}@127.0.0.1:${gone.port}`,
        HTTP_PROXY: `user:${PROXY_PASSWORD}@127.0.0.1:${gone.port}`,
      }),
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(
      /gpumkt: error: cannot reach http:\/\/127\.0\.0\.1:\d+ through the proxy http:\/\/\*\*\*@127\.0\.0\.1:\d+: connect ECONNREFUSED/,
    );
    expect(r.stderr).not.toContain(PROXY_PASSWORD);
  });

  it('a proxy URL that does not parse is a usage error (exit 2) that does not echo it', async () => {
    const r = await runCli(['memory'], { env: env({ HTTP_PROXY: `http://user:${PROXY_PASSWORD}@[::1` }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('gpumkt: error: HTTP_PROXY is not a valid proxy URL (use http://[user:password@]host:port)\n');
  });
});

describe('a proxy that answers CONNECT with 200 plus a body and hangs up', () => {
  // undici reconnected at once, forever (thousands of tunnels a second), outside every retry count,
  // the budget, the rate limit and SIGTERM. Now each attempt may open one connection.
  let api: FaultServer;
  beforeAll(async () => {
    api = await startFaultServer([ok(memoryBody(5))]);
  });
  afterAll(() => api.close());
  const run = async (args: string[], extra: Record<string, string> = {}, onSpawn?: (child: ChildProcess) => void) => {
    const proxy = await startBodyTunnelProxy();
    try {
      const r = await runCli(['memory', '-v', ...args], {
        env: { GPUMKT_BASE_URL: api.url, GPUMKT_API_KEY: CANARY_KEY, HTTP_PROXY: proxy.url, ...extra },
        onSpawn,
        timeoutMs: 25_000,
      });
      return { r, connections: proxy.connections() };
    } finally {
      await proxy.close();
    }
  };

  it('--retries 0: one connection, exit 5, one error line', async () => {
    const { r, connections } = await run(['--retries', '0']);
    expect(r.code, r.stderr).toBe(5);
    expect(connections).toBe(1);
    expect(r.stderr).toMatch(
      /^gpumkt: error: cannot reach http:\/\/127\.0\.0\.1:\d+ through the proxy http:\/\/127\.0\.0\.1:\d+: the connection closed before the request could be sent$/m,
    );
    expect(r.stderr.split('\n').filter((l) => l.startsWith('gpumkt: error:'))).toHaveLength(1);
    expect(api.requests).toHaveLength(0);
  });

  it('--retries 2: three attempts, three connections, each logged', async () => {
    const { r, connections } = await run(['--retries', '2']);
    expect(r.code, r.stderr).toBe(5);
    expect(connections).toBe(3);
    expect(r.stderr.match(/→ the connection closed before the request could be sent/g)).toHaveLength(3);
    expect(r.stderr).toMatch(/\(after 3 attempts\)\n$/);
  });

  it('many retries: the time budget ends the run, with no more connections than attempts', async () => {
    const { r, connections } = await run(['--retries', '100'], { GPUMKT_MAX_TIME: '3' });
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/time budget of 3 s\n$/);
    const attempts = (r.stderr.match(/^gpumkt: GET /gm) ?? []).length;
    expect(connections).toBeLessThanOrEqual(attempts);
    expect(r.ms).toBeLessThan(10_000);
  });

  it('SIGTERM while retrying: exit 143 at once', async () => {
    const { r } = await run(['--retries', '100'], {}, (child) => setTimeout(() => child.kill('SIGTERM'), 1500));
    expect(r.code, r.stderr).toBe(143);
    expect(r.stderr).toMatch(/gpumkt: interrupted by SIGTERM\n$/);
    expect(r.ms).toBeLessThan(10_000);
  });
});

describe("Node's own warnings", () => {
  // undici's SOCKS5 support emits an ExperimentalWarning, and an https:// proxy given by IP address a
  // DEP0123 deprecation, each two lines of Node's on stderr. A failure is one line, and so is stderr.
  const cases: Array<[string, (port: number) => string]> = [
    ['socks5 proxy', (port) => `socks5://127.0.0.1:${port}`],
    ['https proxy by IP address', (port) => `https://127.0.0.1:${port}`],
  ];
  it.each(cases)('%s that refuses the connection: exactly one line on stderr', async (_name, proxyUrl) => {
    const port = await closedPort();
    const r = await runCli(['memory', '--retries', '0'], {
      env: { GPUMKT_BASE_URL: 'http://127.0.0.1:9', GPUMKT_API_KEY: CANARY_KEY, HTTP_PROXY: proxyUrl(port) },
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(
      /^gpumkt: error: cannot reach http:\/\/127\.0\.0\.1:9 through the proxy [a-z0-9]+:\/\/127\.0\.0\.1:\d+: connect ECONNREFUSED 127\.0\.0\.1:\d+\n$/,
    );
  });
});

describe('secrets at the edges', () => {
  let api: FaultServer;
  beforeAll(async () => {
    api = await startFaultServer([ok(memoryBody(2))]);
  });
  afterAll(() => api.close());
  const key = CANARY_KEY_SPECIAL;

  it('--dry-run hides a password in the base URL, as -v does', async () => {
    const base = `http://user:${PROXY_PASSWORD}@127.0.0.1:${api.port}`;
    const dry = await runCli(['--dry-run', 'memory'], { env: { GPUMKT_BASE_URL: base, GPUMKT_API_KEY: key } });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(`curl -sS -H "Authorization: Bearer $GPUMKT_API_KEY" 'http://***@127.0.0.1:${api.port}/api/memory-index'\n`);
    const verbose = await runCli(['memory', '-v', '-f', 'csv'], { env: { GPUMKT_BASE_URL: base, GPUMKT_API_KEY: key } });
    expect(verbose.code, verbose.stderr).toBe(0);
    expect(verbose.stderr).toContain(`GET http://***@127.0.0.1:${api.port}/api/memory-index → 200`);
    expect(`${dry.stdout}${verbose.stderr}`).not.toContain(PROXY_PASSWORD);
  });

  it('the key in the base URL path is masked in -v, in every encoding', async () => {
    const before = api.requests.length;
    const r = await runCli(['memory', '-v', '-f', 'csv'], {
      env: { GPUMKT_BASE_URL: `http://127.0.0.1:${api.port}/${encodeURIComponent(key)}`, GPUMKT_API_KEY: key },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`GET http://127.0.0.1:${api.port}/***/api/memory-index → 200`);
    expect(api.requests.slice(before).map((q) => q.url)).toEqual([`/${encodeURIComponent(key)}/api/memory-index`]);
  });

  it('the key in the base URL query is refused (exit 2) without being echoed', async () => {
    const before = api.requests.length;
    const r = await runCli(['memory', '-v'], {
      env: { GPUMKT_BASE_URL: `http://127.0.0.1:${api.port}/?key=${encodeURIComponent(key)}`, GPUMKT_API_KEY: key },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^gpumkt: error: invalid GPUMKT_BASE_URL "http:\/\/127\.0\.0\.1:\d+\/"…: a base URL takes no query/);
    expect(api.requests.length).toBe(before);
  });
});

describe('the config file that holds the key', () => {
  it('is created 0600 in a 0700 folder even under umask 000, and the key never shows', async () => {
    const home = makeTempDir('cfg');
    const file = join(home, 'new', 'gpumkt', 'config.json');
    const r = await runCli(['config', 'set', 'api-key'], { env: { GPUMKT_CONFIG: file }, input: `${CANARY_KEY}\n`, umask: 0 });
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, 'new', 'gpumkt')).mode & 0o777).toBe(0o700);
    expect(statSync(join(home, 'new')).mode & 0o777).toBe(0o700);
  });

  it('a key in a file readable by others works but warns, naming the fix', async () => {
    const api = await startFaultServer([ok(memoryBody(2))]);
    const home = makeTempDir('cfg');
    const file = join(home, 'config.json');
    try {
      const set = await runCli(['config', 'set', 'api-key'], { env: { GPUMKT_CONFIG: file }, input: `${CANARY_KEY}\n` });
      expect(set.code).toBe(0);
      chmodSync(file, 0o644);
      const r = await runCli(['memory', '-f', 'csv'], { env: { GPUMKT_CONFIG: file, GPUMKT_BASE_URL: api.url } });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe(`gpumkt: warning: ${file} is readable by others (mode 644); run: chmod 600 ${file}\n`);
      expect(api.requests[0]?.authorization).toBe(`Bearer ${CANARY_KEY}`);
    } finally {
      await api.close();
    }
  });
});
