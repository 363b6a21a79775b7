/** `gpumkt api` paths stay under the base URL's path: dot segments that climb above it are refused (exit 2), literal or encoded. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_KEY, runCli } from '../helpers/cli.js';
import { memoryBody, ok, startFaultServer, type FaultServer } from '../helpers/fault-server.js';

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer([ok(memoryBody(1))]);
});
afterAll(() => server.close());
const env = () => ({ GPUMKT_BASE_URL: `${server.url}/ornn`, GPUMKT_API_KEY: CANARY_KEY });

describe('api paths stay under the base path', () => {
  it.each(['/../../x', '/%2e%2e/%2e%2e/x', '/.%2e/x', '/%2E%2E/x', '/a/../../x', '/%252e%252e/x', '/a%2f..%2f..%2fx', '/./../x'])(
    '%s: exit 2, nothing sent',
    async (path) => {
      const before = server.requests.length;
      const r = await runCli(['api', path], { env: env() });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^gpumkt: error: the path must not climb above the base path/);
      expect(server.requests.length).toBe(before);
    },
  );

  it.each([
    ['/api/memory-index', '/ornn/api/memory-index'],
    ['/a/../api/x', '/ornn/api/x'],
    ['/api/x?y=..', '/ornn/api/x?y=..'],
    ['/api/a..b', '/ornn/api/a..b'],
  ])('%s is sent under the base path', async (path, sent) => {
    const before = server.requests.length;
    const r = await runCli(['api', path], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests.slice(before).map((q) => q.url)).toEqual([sent]);
  });
});
