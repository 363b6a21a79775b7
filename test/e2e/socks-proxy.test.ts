/**
 * SOCKS5 proxies go through the same one-connection-per-attempt gate as HTTP proxies: a SOCKS server that
 * accepts and stalls or resets causes no more connections than attempts. `socks5h://` (the proxy resolves
 * the name, what curl users write) is accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_KEY, runCli } from '../helpers/cli.js';
import { memoryBody, ok, startFaultServer, type FaultServer } from '../helpers/fault-server.js';
import { startSocksServer, type SocksMode } from '../helpers/socks-server.js';

let api: FaultServer;
beforeAll(async () => {
  api = await startFaultServer([ok(memoryBody(3))]);
});
afterAll(() => api.close());

describe('a misbehaving SOCKS5 proxy', () => {
  it.each<[SocksMode, string[]]>([
    ['reset', ['--retries', '2']],
    ['reset-after-greeting', ['--retries', '2']],
    ['stall', ['--retries', '2', '--timeout', '1']],
  ])(
    '%s: no more connections than attempts, exit 5',
    async (mode, args) => {
      const socks = await startSocksServer(mode);
      try {
        const r = await runCli(['memory', '-v', ...args], {
          env: {
            GPUMKT_BASE_URL: api.url,
            GPUMKT_API_KEY: CANARY_KEY,
            HTTP_PROXY: `socks5://127.0.0.1:${socks.port}`,
            GPUMKT_MAX_TIME: '20',
          },
          timeoutMs: 30_000,
        });
        expect(r.code, r.stderr).toBe(5);
        const attempts = (r.stderr.match(/^gpumkt: GET /gm) ?? []).length;
        expect(attempts).toBe(3);
        expect(socks.connections()).toBeGreaterThanOrEqual(1);
        expect(socks.connections()).toBeLessThanOrEqual(attempts);
        expect(api.requests).toHaveLength(0);
      } finally {
        await socks.close();
      }
    },
    40_000,
  );
});

describe('socks5h://', () => {
  it.each(['socks5h', 'socks5'])('%s:// relays through the proxy, which is handed the host name to resolve', async (scheme) => {
    const socks = await startSocksServer('relay');
    try {
      const before = api.requests.length;
      const r = await runCli(['memory', '-f', 'csv'], {
        env: {
          GPUMKT_BASE_URL: `http://localhost:${api.port}`,
          GPUMKT_API_KEY: CANARY_KEY,
          HTTP_PROXY: `${scheme}://127.0.0.1:${socks.port}`,
        },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(4);
      expect(socks.targets).toEqual([`localhost:${api.port}`]);
      expect(api.requests.length - before).toBe(1);
    } finally {
      await socks.close();
    }
  });
});
