/** Bad input exits 2 before any request; API statuses map to their exit codes with the server's message. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, SANDBOX_DAILY_ONLY_KEY, SANDBOX_INACTIVE_KEY, type InterceptReply } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli, TODAY } from '../helpers/cli.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sb: Sandbox;
let intercept: InterceptReply | undefined;

beforeAll(async () => {
  sb = await startSandbox({
    today: TODAY,
    keys: { valid: [CANARY_KEY], dailyOnly: [SANDBOX_DAILY_ONLY_KEY], inactive: [SANDBOX_INACTIVE_KEY] },
    intercept: () => intercept,
  });
});
afterAll(() => sb.close());

const env = (key = CANARY_KEY) => ({ GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: key });

describe('bad input: exit 2, one line naming the value and the choices, no data request', () => {
  const cases: Array<[string, string[], RegExp]> = [
    [
      'unknown GPU',
      ['history', 'h900'],
      /unknown GPU model 'h900'; did you mean 'h100'\? valid models: H100 SXM, H200, A100 SXM4, B200, RTX 5090, RTX PRO 6000 WS/,
    ],
    ['GPU typed short', ['history', 'h10'], /unknown GPU model 'h10'; did you mean 'h100'\?/],
    ['GPU in a comma list', ['history', 'h100,h2OO'], /unknown GPU model 'h2OO'; did you mean 'h200'\?/],
    [
      'column typed wrong',
      ['util-index', '--columns', 'date,ocupancy'],
      /unknown column 'ocupancy'; did you mean 'occupancy'\? valid columns: date, occupancy/,
    ],
    [
      'format typed wrong',
      ['memory', '-f', 'jsn'],
      /argument 'jsn' is invalid\. Allowed choices are table, csv, tsv, json, ndjson, markdown, parquet, chart\. Did you mean 'json'\?/,
    ],
    ['category typed wrong', ['memory', '--category', 'flsh'], /Did you mean 'flash'\?/],
    ['granularity typed wrong', ['history', 'h100', '--granularity', 'dayly'], /Did you mean 'daily'\?/],
    [
      'a model as an argument of util-index',
      ['util-index', 'h100'],
      /^gpumkt: error: util-index takes no arguments, got 'h100' \(did you mean --gpu h100\?\)$/m,
    ],
    [
      'a type as an argument of memory',
      ['memory', 'mem_ddr5_16gb'],
      /memory takes no arguments, got 'mem_ddr5_16gb' \(did you mean --type mem_ddr5_16gb\?\)/,
    ],
    [
      '-o json (a format where a file goes)',
      ['memory', '-o', 'json'],
      /-o takes a file name, and 'json' has no extension; the format is -f json \(e\.g\. -f json -o out\.json; for a file really called json, write \.\/json\)/,
    ],
    ['impossible date', ['history', 'h100', '--from', '2026-02-30'], /invalid --from '2026-02-30': is not a calendar date; use YYYY-MM-DD/],
    ['malformed date', ['util-index', '--to', '20261101'], /invalid --to '20261101'/],
    ['--from after --to', ['volume', 'h200', '--from', '2026-11-10', '--to', '2026-11-01'], /--from 2026-11-10 is after --to 2026-11-01/],
    ['unknown format', ['memory', '-f', 'xml'], /argument 'xml' is invalid\. Allowed choices are table, csv, tsv, json, ndjson, markdown/],
    [
      'unknown column',
      ['range', 'b200', '--columns', 'recorded_at,price'],
      /unknown column 'price'; valid columns: recorded_at, exact_timestamp, index_value, data_type, gpu/,
    ],
    [
      '--limit 0',
      ['history', 'h100', '--limit', '0'],
      /'--limit <n>' argument '0' is invalid\. must be a whole number from 1 to 10000000, or 'all'/,
    ],
    ['unknown memory category', ['memory', '--category', 'ssd'], /argument 'ssd' is invalid\. Allowed choices are dram, flash, module/],
    ['unknown option', ['history', 'h100', '--form', '7d'], /unknown option '--form'/],
    ['--raw with several models', ['history', 'h100', 'h200', '--raw'], /--raw prints one response body/],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const before = sb.requests.length;
    const r = await runCli(args, { env: env() });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    // No data request: a name the offline list lacks (a GPU model) asks the service's catalogue alone (docs/names.md).
    expect(sb.requests.slice(before).map((q) => q.path)).toEqual(/GPU/.test(_name) ? ['/api/gpu-types'] : []);
  });

  it('a malformed GPUMKT_TODAY is exit 2 before any request, not a silent switch to the real date', async () => {
    const before = sb.requests.length;
    const r = await runCli(['history', 'h100'], { env: { ...env(), GPUMKT_TODAY: '2026-11-31' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('gpumkt: error: GPUMKT_TODAY must be a date YYYY-MM-DD or an instant YYYY-MM-DDTHH:MM:SSZ (got "2026-11-31")\n');
    expect(sb.requests.length).toBe(before);
  });

  it('warns that the key travels unencrypted over plain http:// to another host, not to loopback', async () => {
    const remote = await runCli(['--dry-run', 'memory'], {
      env: { GPUMKT_BASE_URL: 'http://api.example.com', GPUMKT_API_KEY: CANARY_KEY },
    });
    expect(remote.code).toBe(0);
    expect(remote.stderr).toBe(
      'gpumkt: warning: the base URL http://api.example.com is plain http://: the API key and the data travel unencrypted (use https://)\n',
    );
    const local = await runCli(['--dry-run', 'memory'], { env: { GPUMKT_BASE_URL: 'http://127.0.0.1:8787', GPUMKT_API_KEY: CANARY_KEY } });
    expect(local.stderr).toBe('');
    const tls = await runCli(['--dry-run', 'memory'], { env: { GPUMKT_BASE_URL: 'https://api.example.com', GPUMKT_API_KEY: CANARY_KEY } });
    expect(tls.stderr).toBe('');
  });

  it('a memory type neither list knows is exit 2 before any data request, with the closest one', async () => {
    const before = sb.requests.length;
    const r = await runCli(['memory', '--type', 'mem_ddr5_16g'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^gpumkt: error: unknown memory type 'mem_ddr5_16g'; did you mean mem_ddr5_16gb/);
    // Only the service's catalogue was asked (docs/names.md).
    expect(sb.requests.slice(before).map((q) => q.path)).toEqual(['/api/memory-types']);
  });

  it('an -o into a missing folder exits 7 before any request', async () => {
    const before = sb.requests.length;
    const r = await runCli(['memory', '-o', '/nonexistent-folder/m.csv'], { env: env() });
    expect(r.code).toBe(7);
    expect(r.stderr).toBe('gpumkt: error: cannot write /nonexistent-folder/m.csv: folder /nonexistent-folder does not exist\n');
    expect(sb.requests.length).toBe(before);
  });
});

describe('API statuses → exit codes, with the server message', () => {
  it('401 for an unknown key → 3', async () => {
    const r = await runCli(['memory'], { env: env('some-other-key') });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^gpumkt: error: the API refused the key \(401\): Invalid API key/);
  });

  it('401 for an inactive key → 3', async () => {
    const r = await runCli(['memory'], { env: env(SANDBOX_INACTIVE_KEY) });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('API key is inactive');
  });

  it('403 from the API → 3 with its message', async () => {
    intercept = {
      status: 403,
      body: { error: 'Forbidden', message: 'Premium access is daily-grain only. Hourly and real-time data require a full subscription.' },
    };
    try {
      const r = await runCli(['history', 'h100', '--granularity', 'hourly', '--from', '2d'], { env: env() });
      expect(r.code).toBe(3);
      expect(r.stderr).toContain('Premium access is daily-grain only. Hourly and real-time data require a full subscription.');
    } finally {
      intercept = undefined;
    }
  });

  it('a daily-only (premium) key asking for hourly data is served daily rows, not refused', async () => {
    const r = await runCli(['history', 'h100', '--granularity', 'hourly', '--from', '2d', '-f', 'csv'], {
      env: env(SANDBOX_DAILY_ONLY_KEY),
    });
    expect(r.code).toBe(0);
    const stamps = r.stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(stamps).toHaveLength(3);
    for (const t of stamps) expect(t).toMatch(/T00:00:00\.000Z$/);
  });

  it('404 for a window before the history starts → 4', async () => {
    const r = await runCli(['util-index', '--gpu', 'h100', '--from', '2020-01-01', '--to', '2020-01-31'], { env: env() });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe('gpumkt: error: no data (404): No daily index data found for H100 SXM\n');
  });

  it('an unknown memory type → 2, found offline (test/e2e/memory-offline.test.ts shows no request goes out)', async () => {
    const r = await runCli(['memory', '--type', 'mem_hbm3'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown memory type 'mem_hbm3'");
  });

  it('400 from the API → 2 with its message', async () => {
    intercept = {
      status: 400,
      body: { error: 'Bad request', message: 'Invalid GPU type. Allowed: H100 SXM, H200, A100 SXM4, RTX 5090, B200, RTX PRO 6000 WS' },
    };
    try {
      const r = await runCli(['history', 'h100'], { env: env() });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        'gpumkt: error: the API rejected the request: Invalid GPU type. Allowed: H100 SXM, H200, A100 SXM4, RTX 5090, B200, RTX PRO 6000 WS\n',
      );
    } finally {
      intercept = undefined;
    }
  });

  it('a body of the wrong shape → 6', async () => {
    intercept = { status: 200, body: { success: true, data: [{ timestamp: '2026-11-01T00:00:00.000Z', index_value: 'high' }] } };
    try {
      const r = await runCli(['history', 'h100', '-f', 'csv'], { env: env() });
      expect(r.code).toBe(6);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/history-simple: the response does not have the documented shape: data\.0\.index_value/);
    } finally {
      intercept = undefined;
    }
  });
});

describe('the key', () => {
  it('a missing key exits 3 naming GPUMKT_API_KEY, config set api-key and --sandbox', async () => {
    const r = await runCli(['util-index'], { env: { GPUMKT_BASE_URL: sb.url } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('GPUMKT_API_KEY');
    expect(r.stderr).toContain('gpumkt config set api-key');
    expect(r.stderr).toContain('--sandbox');
  });

  it('-v logs each request without the key', async () => {
    const r = await runCli(['-v', 'history', 'h100', 'a100', '--from', '1d'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/gpu\/H100%20SXM\/history-simple\?startDate=2026-11-19&endDate=2026-11-20&granularity=auto&limit=48 → 200 \(\d+ ms, \d+ bytes\)/,
    );
    expect(r.stderr).toMatch(/A100%20SXM4/);
  });

  it('--dry-run prints curl commands that run as printed, the key taken from $GPUMKT_API_KEY, and sends nothing', async () => {
    const before = sb.requests.length;
    const r = await runCli(['--dry-run', 'util-index', '--gpu', 'b200', '--from', '2026-11-01', '--to', '2026-11-02'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `curl -sS -H "Authorization: Bearer $GPUMKT_API_KEY" '${sb.url}/api/utilization-index/history?gpuType=B200&region=global&startDate=2026-10-18&endDate=2026-11-02&baseDate=2026-01-01'\n`,
    );
    expect(sb.requests.length).toBe(before);
    // Pasted into a shell that has the key in its environment, it gets the data.
    // (Asynchronously: the sandbox answering it runs in this process.)
    const ran = await promisify(execFile)('sh', ['-c', r.stdout], {
      env: { PATH: process.env.PATH, GPUMKT_API_KEY: CANARY_KEY },
      timeout: 10_000,
    });
    expect(JSON.parse(ran.stdout).data).toHaveLength(16);
  });

  it('--dry-run --sandbox says the sandbox is gone after the run, and how to run the commands', async () => {
    const r = await runCli(['--dry-run', '--sandbox', 'memory']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^curl -sS -H "Authorization: Bearer \$GPUMKT_API_KEY" 'http:\/\/127\.0\.0\.1:\d+\/api\/memory-index'\n$/);
    expect(r.stderr).toMatch(
      /^gpumkt: the sandbox at http:\/\/127\.0\.0\.1:\d+ stops when this run ends; to run these commands, start 'gpumkt sandbox' and use its URL \(--base-url\) and key \(GPUMKT_API_KEY=sk_live_sandbox\)\n$/,
    );
  });
});
