/**
 * status, api and the live catalogues, against the sandbox and against small loopback fakes: what
 * each prints, its exit codes, that the key never shows, and that `api` never leaves the base URL's origin.
 * The new data commands against fakes: any service order comes out oldest first, a bad shape is exit 6.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CANARY_KEY, runCli } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { startFaultServer, type FaultServer } from '../helpers/fault-server.js';

const sb = useSandbox();
const dir = mkdtempSync(join(tmpdir(), 'gpumkt-status-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fake: FaultServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const json = (status: number, body: unknown) => (_req: unknown, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

/** A fake answering by path; unknown paths 404. */
async function fakeByPath(routes: Record<string, [number, unknown]>): Promise<FaultServer> {
  fake = await startFaultServer([
    (req, res) => {
      const path = (req.url ?? '').split('?')[0] as string;
      const [status, body] = routes[path] ?? [404, { error: 'Not found', message: 'no such path' }];
      json(status, body)(req, res);
    },
  ]);
  return fake;
}

describe('status', () => {
  it('healthy with the key from the environment: exit 0, the plan by prefix, never the key', async () => {
    const r = await runCli(['status'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `service  ${sb.current.url} (GPUMKT_BASE_URL): healthy\nkey      GPUMKT_API_KEY (environment): plan full (prefix not sk_live_ or sk_prem_: treated as full), accepted\nreads    every command\n`,
    );
    const j = await runCli(['status', '-f', 'json'], { env: sandboxEnv(sb.current) });
    const report = JSON.parse(j.stdout) as { exitCode: number; service: { healthy: boolean }; key: Record<string, unknown> };
    expect(report.exitCode).toBe(0);
    expect(report.service.healthy).toBe(true);
    expect(report.key).toMatchObject({ configured: true, from: 'env', plan: 'full', prefix: null, accepted: true });
  });

  it('names a premium key by its prefix and a key from the config profile by its file; the key is not printed', async () => {
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ profiles: { work: { 'api-key': 'sk_prem_sandbox' } } }), { mode: 0o600 });
    const r = await runCli(['status', '--profile', 'work'], { env: { GPUMKT_BASE_URL: sb.current.url, GPUMKT_CONFIG: config } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`key      config profile "work" (${config}): plan premium (sk_prem_ prefix), accepted`);
    expect(r.stdout + r.stderr).not.toContain('sk_prem_sandbox');
  });

  it("no key: the report, then exit 3; a refused key: exit 3 with the service's reason", async () => {
    const none = await runCli(['status'], { env: { GPUMKT_BASE_URL: sb.current.url } });
    expect(none.code).toBe(3);
    expect(none.stdout).toContain(': healthy\n');
    expect(none.stdout).toContain('key      none');
    expect(none.stderr).toContain('no API key');
    const bad = await runCli(['status', '-f', 'json'], {
      env: { GPUMKT_BASE_URL: sb.current.url, GPUMKT_API_KEY: 'sk_live_sandbox_revoked' },
    });
    expect(bad.code).toBe(3);
    expect(JSON.parse(bad.stdout).key).toMatchObject({ accepted: false, message: expect.stringContaining('API key is inactive') });
    expect(bad.stdout + bad.stderr).not.toContain('sk_live_sandbox_revoked');
  });

  it('an unhealthy service (503) or none at all: exit 5; /health without JSON: exit 6', async () => {
    await fakeByPath({ '/health': [503, { status: 'error', database: 'down' }] });
    const down = await runCli(['status'], { env: { GPUMKT_BASE_URL: fake?.url, GPUMKT_API_KEY: CANARY_KEY } });
    expect(down.code).toBe(5);
    expect(down.stdout).toContain('not healthy');
    expect(fake?.requests.map((q) => q.url)).toEqual(['/health']);
    await fake?.close();
    const port = fake?.port;
    fake = undefined;
    const gone = await runCli(['status'], { env: { GPUMKT_BASE_URL: `http://127.0.0.1:${port}`, GPUMKT_API_KEY: CANARY_KEY } });
    expect(gone.code).toBe(5);
    const text = await fakeByPath({ '/health': [200, 'OK'] });
    const odd = await runCli(['status'], { env: { GPUMKT_BASE_URL: text.url } });
    expect(odd.code).toBe(6);
  });

  it('--dry-run prints the two requests, the key redacted', async () => {
    const r = await runCli(['--dry-run', 'status'], { env: { GPUMKT_API_KEY: CANARY_KEY } });
    expect(r.stdout).toBe(
      'curl -sS -H "Authorization: Bearer $GPUMKT_API_KEY" \'https://api.ornnai.com/health\'\ncurl -sS -H "Authorization: Bearer $GPUMKT_API_KEY" \'https://api.ornnai.com/api/daily-index?gpuType=RTX%20PRO%206000%20WS\'\n',
    );
  });
});

describe('api', () => {
  const otpi = {
    success: true,
    access: 'full',
    startDate: '2026-11-18',
    endDate: '2026-11-19',
    data: [
      { date: '2026-11-18', lab: 'openai', indexPerMtok: 1.2345678901234567, computedAt: '2026-11-19T01:00:00.000Z' },
      { date: '2026-11-19', lab: 'openai', indexPerMtok: 1.25, computedAt: '2026-11-20T01:00:00.000Z' },
    ],
  };

  it('api /api/otpi -q lab=openai -f csv: the data rows as CSV, with the key sent and the query encoded', async () => {
    await fakeByPath({ '/api/otpi': [200, otpi] });
    const r = await runCli(['api', '/api/otpi', '-q', 'lab=openai', '-q', 'note=a b&c', '-f', 'csv'], {
      env: { GPUMKT_BASE_URL: fake?.url, GPUMKT_API_KEY: CANARY_KEY },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'date,lab,indexPerMtok,computedAt\n2026-11-18,openai,1.2345678901234567,2026-11-19T01:00:00.000Z\n2026-11-19,openai,1.25,2026-11-20T01:00:00.000Z\n',
    );
    expect(fake?.requests[0]?.url).toBe('/api/otpi?lab=openai&note=a%20b%26c');
    expect(fake?.requests[0]?.authorization).toBe(`Bearer ${CANARY_KEY}`);
  });

  it('prints the body as received by default; retries a 503; -q still works beside --quiet', async () => {
    fake = await startFaultServer([json(503, { error: 'Service unavailable' }), json(200, otpi)]);
    const r = await runCli(['--quiet', 'api', '/api/otpi', '-q', 'lab=openai'], {
      env: { GPUMKT_BASE_URL: fake.url, GPUMKT_API_KEY: CANARY_KEY },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${JSON.stringify(otpi)}\n`);
    expect(fake.requests).toHaveLength(2);
  });

  it('refuses other origins and bad paths (exit 2) without sending anything', async () => {
    await fakeByPath({});
    for (const path of [
      '//evil.example/x',
      'http://evil.example/x',
      `${fake?.url ?? ''}/health`,
      'api/otpi',
      '/\\evil.example',
      '/a b',
      '/x#y',
    ]) {
      const r = await runCli(['api', path], { env: { GPUMKT_BASE_URL: fake?.url, GPUMKT_API_KEY: CANARY_KEY } });
      expect(r.code, path).toBe(2);
    }
    expect(fake?.requests).toHaveLength(0);
  });

  it("maps the service's errors as every command does; no data rows for -f is exit 6", async () => {
    await fakeByPath({
      '/private': [401, { error: 'Unauthorized', message: 'API key required. Use Authorization: Bearer YOUR_API_KEY' }],
      '/text': [200, 'not json'],
      '/health': [200, { status: 'ok' }],
    });
    const env = { GPUMKT_BASE_URL: fake?.url };
    expect((await runCli(['api', '/private'], { env })).code).toBe(3);
    expect((await runCli(['api', '/missing'], { env })).code).toBe(4);
    expect((await runCli(['api', '/text'], { env })).code).toBe(6);
    const rows = await runCli(['api', '/health', '-f', 'csv'], { env });
    expect(rows.code).toBe(6);
    expect(rows.stderr).toContain("no 'data' rows");
    // Without a key nothing is sent as Authorization.
    expect(fake?.requests.every((q) => q.authorization === undefined)).toBe(true);
  });

  it('--dry-run redacts the key; on the sandbox any documented route answers', async () => {
    const dry = await runCli(['--dry-run', 'api', '/api/otpi', '-q', 'lab=openai'], { env: { GPUMKT_API_KEY: CANARY_KEY } });
    expect(dry.stdout).toBe('curl -sS -H "Authorization: Bearer $GPUMKT_API_KEY" \'https://api.ornnai.com/api/otpi?lab=openai\'\n');
    const r = await runCli(['api', '/api/memory-types', '-f', 'tsv', '--columns', 'id', '--no-header'], { env: sandboxEnv(sb.current) });
    expect(r.stdout.split('\n')).toHaveLength(15);
  });
});

describe('gpus --live, memory-types --live', () => {
  it("list the service's catalogue without a key, in the offline layout", async () => {
    const env = { GPUMKT_BASE_URL: sb.current.url };
    const [live, offline] = await Promise.all([runCli(['gpus', '--live'], { env }), runCli(['gpus'], { env })]);
    expect(live.code).toBe(0);
    expect(live.stdout).toBe(offline.stdout);
    const [mlive, moffline] = await Promise.all([
      runCli(['memory-types', '--live', '--category', 'dram'], { env }),
      runCli(['memory-types', '--category', 'dram'], { env }),
    ]);
    expect(mlive.stdout).toBe(moffline.stdout);
  });

  it('show what the service lists, and exit 6 on a catalogue without names', async () => {
    await fakeByPath({
      '/api/gpu-types': [200, { success: true, data: [{ gpu_name: 'H100 SXM' }, { gpu_name: 'B300' }] }],
      '/api/memory-types': [200, { data: [{ id: 'mem_x' }] }],
    });
    const r = await runCli(['gpus', '--live'], { env: { GPUMKT_BASE_URL: fake?.url } });
    expect(r.stdout).toBe('H100 SXM\nB300\n');
    const bad = await runCli(['memory-types', '--live'], { env: { GPUMKT_BASE_URL: fake?.url } });
    expect(bad.code).toBe(6);
  });
});

describe('the new data commands against a fake service', () => {
  const mem = (date: string, price: number) => ({
    date: `${date}T00:00:00.000Z`,
    id: 'mem_ddr5_16gb',
    memoryType: 'DDR5 16Gb (2Gx8) 4800/5600',
    category: 'dram',
    price,
  });
  it('memory history comes out oldest first whatever order the service sends', async () => {
    await fakeByPath({
      '/api/memory/mem_ddr5_16gb/history': [
        200,
        { success: true, id: 'mem_ddr5_16gb', count: 3, data: [mem('2026-11-19', 2), mem('2026-11-20', 3), mem('2026-11-18', 1)] },
      ],
    });
    const r = await runCli(['memory', '--from', '3d', '--type', 'mem_ddr5_16gb', '-f', 'csv', '--columns', 'date,price'], {
      env: { GPUMKT_BASE_URL: fake?.url, GPUMKT_API_KEY: CANARY_KEY },
    });
    expect(r.stdout).toBe('date,price\n2026-11-18T00:00:00.000Z,1\n2026-11-19T00:00:00.000Z,2\n2026-11-20T00:00:00.000Z,3\n');
    expect(fake?.requests[0]?.url).toBe('/api/memory/mem_ddr5_16gb/history?startDate=2026-11-17&endDate=2026-11-20&limit=4');
  });

  it.each([
    ['latest', ['latest'], '/api/daily-index/all', { data: [{ gpu_name: 'H100 SXM', index_value: '2.4' }] }],
    ['latest --current', ['latest', '--current', 'h100'], '/api/gpu/H100%20SXM', { data: { gpu_name: 'H100 SXM' } }],
    ['utilization', ['utilization'], '/api/gpu-utilization', { data: [{ gpu_type: 'H100 SXM', utilization_ratio: 'high' }] }],
    [
      'volatility',
      ['volatility', 'h100'],
      '/api/gpu/H100%20SXM/volatility',
      { data: [{ recorded_at: '2026-11-20T00:00:00.000Z', gpu_type: 'H100 SXM' }] },
    ],
    [
      'memory history',
      ['memory', '--from', '7d', '--type', 'mem_ddr5_16gb'],
      '/api/memory/mem_ddr5_16gb/history',
      { data: [{ date: '2026-11-20T00:00:00.000Z', price: 5 }] },
    ],
  ])('%s: a body without the documented shape is exit 6', async (_name, args, path, body) => {
    await fakeByPath({ [decodeURIComponent(path)]: [200, body], [path]: [200, body] });
    const r = await runCli(args, { env: { GPUMKT_BASE_URL: fake?.url, GPUMKT_API_KEY: CANARY_KEY } });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('documented shape');
  });
});
