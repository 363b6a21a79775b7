/**
 * Every numeric input is bounded and every URL checked before any request: out-of-range values, URLs
 * with parts gpumkt cannot use, and empty or folder-like output names exit 2 (or 7 for a folder) with
 * one line naming what is wrong — never 1 ("internal error") — and never echo a secret they carry.
 * Run in-process through main(); the one case that exhausted memory before runs in its own process.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_KEY, CANARY_KEY_SPECIAL, runCli } from '../helpers/cli.js';
import { ok, startFaultServer, type FaultServer } from '../helpers/fault-server.js';
import { runMain } from '../helpers/main.js';

let api: FaultServer;
beforeAll(async () => {
  api = await startFaultServer([ok()]);
});
afterAll(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}) => ({ GPUMKT_BASE_URL: api.url, GPUMKT_API_KEY: CANARY_KEY, ...extra });
const dir = mkdtempSync(join(tmpdir(), 'gpumkt-bounds-'));
const config = join(dir, 'config.json');
writeFileSync(config, JSON.stringify({ profiles: { default: { timeout: 1e10 } } }));
const keyInQuery = `?key=${encodeURIComponent(CANARY_KEY_SPECIAL)}`;

interface Case {
  readonly name: string;
  readonly args: string[];
  readonly env?: Record<string, string>;
  readonly code?: number;
  readonly stderr: RegExp;
}

const CASES: Case[] = [
  {
    name: '--timeout 1100000',
    args: ['memory', '--timeout', '1100000'],
    stderr: /'--timeout <seconds>' argument '1100000' is invalid\. must be a number of seconds from 0\.1 to 86400/,
  },
  {
    name: '--timeout 1e10',
    args: ['memory', '--timeout', '1e10'],
    stderr: /argument '1e10' is invalid\. must be a number of seconds from 0\.1 to 86400/,
  },
  { name: '--timeout 0.001', args: ['memory', '--timeout', '0.001'], stderr: /argument '0\.001' is invalid/ },
  {
    name: 'timeout 1e10 in the config file',
    args: ['memory'],
    env: { GPUMKT_CONFIG: config },
    stderr: /invalid config file .*config\.json: profiles\.default\.timeout: must be a number of seconds from 0\.1 to 86400/,
  },
  {
    name: '--retries 1000000',
    args: ['memory', '--retries', '1000000'],
    stderr: /'--retries <n>' argument '1000000' is invalid\. must be a whole number from 0 to 100/,
  },
  {
    name: 'GPUMKT_MAX_TIME=1e12',
    args: ['memory'],
    env: { GPUMKT_MAX_TIME: '1e12' },
    stderr: /GPUMKT_MAX_TIME must be a number of seconds from 0\.1 to 604800/,
  },
  {
    name: 'GPUMKT_MAX_TIME=0.0001',
    args: ['memory'],
    env: { GPUMKT_MAX_TIME: '0.0001' },
    stderr: /GPUMKT_MAX_TIME must be a number of seconds from 0\.1 to 604800/,
  },
  {
    name: '--lock-timeout 1e10',
    args: ['history', 'h100', '--granularity', 'daily', '--append', join(dir, 'h.csv'), '--lock-timeout', '1e10'],
    stderr: /'--lock-timeout <seconds>' argument '1e10' is invalid\. must be a number of seconds from 0 to 86400/,
  },
  {
    name: '--limit 99999999999',
    args: ['history', 'h100', '--limit', '99999999999'],
    stderr: /argument '99999999999' is invalid\. must be a whole number from 1 to 10000000, or 'all'/,
  },
  {
    name: '--from 99999y',
    args: ['util-index', '--from', '99999y'],
    stderr: /invalid --from '99999y': before 2000-01-01 \(dates run from 2000-01-01 to 2099-12-31\)/,
  },
  {
    name: '--from 1999-12-31',
    args: ['history', 'h100', '--from', '1999-12-31'],
    stderr: /invalid --from '1999-12-31': before 2000-01-01/,
  },
  { name: '--to 2206-11-20', args: ['util-index', '--to', '2206-11-20'], stderr: /invalid --to '2206-11-20': after 2099-12-31/ },
  {
    name: 'GPUMKT_TODAY=2026-99-99',
    args: ['history', 'h100'],
    env: { GPUMKT_TODAY: '2026-99-99' },
    stderr: /GPUMKT_TODAY must be a date YYYY-MM-DD or an instant YYYY-MM-DDTHH:MM:SSZ \(got "2026-99-99"\)/,
  },
  {
    name: 'HTTP_PROXY with a path',
    args: ['memory'],
    env: { HTTP_PROXY: 'http://127.0.0.1:9/path' },
    stderr: /HTTP_PROXY must be a proxy address without a path, query or fragment/,
  },
  {
    name: 'HTTP_PROXY with a query',
    args: ['memory'],
    env: { HTTP_PROXY: `http://127.0.0.1:9/${keyInQuery}` },
    stderr: /HTTP_PROXY must be a proxy address without a path, query or fragment/,
  },
  {
    name: 'HTTPS_PROXY with a fragment',
    args: ['memory'],
    env: { HTTPS_PROXY: 'http://127.0.0.1:9/#f' },
    stderr: /HTTPS_PROXY must be a proxy address without a path, query or fragment/,
  },
  {
    name: 'a bad proxy, also in a dry run',
    args: ['--dry-run', 'memory'],
    env: { HTTP_PROXY: 'http://127.0.0.1:9/?q=1' },
    stderr: /HTTP_PROXY must be a proxy address/,
  },
  {
    name: '--base-url with a query holding the key',
    args: ['memory', '--base-url', `http://127.0.0.1:9/${keyInQuery}`],
    stderr: /invalid --base-url "http:\/\/127\.0\.0\.1:9\/"…: a base URL takes no query \(\?…\) or fragment \(#…\)/,
  },
  {
    name: 'GPUMKT_BASE_URL with a fragment',
    args: ['memory'],
    env: { GPUMKT_BASE_URL: 'http://127.0.0.1:9/#x' },
    stderr: /invalid GPUMKT_BASE_URL "http:\/\/127\.0\.0\.1:9\/"…: a base URL takes no query/,
  },
  {
    name: 'config set timeout 1e10',
    args: ['config', 'set', 'timeout', '1e10'],
    env: { GPUMKT_CONFIG: join(dir, 'set.json') },
    stderr: /invalid value for timeout "1e10": expected a number of seconds from 0\.1 to 86400/,
  },
  {
    name: 'config set base-url with a query',
    args: ['config', 'set', 'base-url', 'http://h.example/?x=1'],
    env: { GPUMKT_CONFIG: join(dir, 'set.json') },
    stderr: /invalid value for base-url "http:\/\/h\.example\/"…: a base URL takes no query/,
  },
  { name: '-o with an empty name', args: ['memory', '-o', ''], stderr: /^gpumkt: error: -o needs a file name \(got an empty one\)$/m },
  {
    name: '--append with an empty name',
    args: ['history', 'h100', '--granularity', 'daily', '--append', ''],
    stderr: /--append needs a file name/,
  },
  {
    name: '-o new.csv/',
    args: ['memory', '-f', 'csv', '-o', join(dir, 'new.csv/')],
    code: 2,
    stderr: /cannot write .*new\.csv\/: a name ending in \/ is a folder, not a file/,
  },
  {
    name: 'sandbox --port 99999',
    args: ['sandbox', '--port', '99999'],
    stderr: /'--port <n>' argument '99999' is invalid\. must be a whole number from 0 to 65535/,
  },
];

describe('out-of-range numbers, unusable URLs and names: one line, the right code, nothing sent', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const before = api.requests.length;
    const r = await runMain(c.args, env(c.env));
    expect(r.code, r.stderr).toBe(c.code ?? 2);
    expect(r.stderr).toMatch(c.stderr);
    expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
    expect(r.stdout).toBe('');
    expect(api.requests.length, 'nothing is sent').toBe(before);
    expect(readdirSync(dir).sort(), 'nothing is written').toEqual(['config.json']);
  });
});

describe('values at the bounds still work', () => {
  it('--timeout 86400, --retries 100, GPUMKT_MAX_TIME=604800 and --limit 10000000 are accepted', async () => {
    const r = await runMain(['memory', '-f', 'csv', '--timeout', '86400', '--retries', '100'], env({ GPUMKT_MAX_TIME: '604800' }));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(61);
    const d = await runMain(['--dry-run', 'history', 'h100', '--limit', '10000000'], env());
    expect(d.code, d.stderr).toBe(0);
    expect(d.stdout).toContain('limit=10000000');
  });
});

describe('COLUMNS beyond any terminal', () => {
  // Before: the chart allocated a grid a billion columns wide and the process died out of memory.
  it('COLUMNS=1000000000 is ignored like any invalid COLUMNS: the chart gets its default width', async () => {
    const r = await runCli(['history', 'h100', '--sandbox', '-q', '--from', '2026-11-01', '-f', 'chart'], {
      env: { COLUMNS: '1000000000' },
      timeoutMs: 20_000,
    });
    expect(r.code, r.stderr.slice(0, 300)).toBe(0);
    expect(Math.max(...r.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(80);
  });
});
