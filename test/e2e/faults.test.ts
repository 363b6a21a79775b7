/**
 * The fault matrix: the built binary against a server that misbehaves in every way the network and
 * proxies do. Each case checks the exit code, the attempts the server saw, stdout, the -o file (old
 * content byte-identical on failure, no temporary file left), and a single clean line on stderr.
 * With GPUMKT_FAULT_MATRIX=<file.md> in the environment, the matrix as measured is written there.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CANARY_KEY, CANARY_KEY_SPECIAL, parseCsv, runCli, type RunResult } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';
import {
  hugeDeclared,
  html502,
  memoryBody,
  ok,
  redirect,
  resetMidBody,
  resetMidChunkedBody,
  shortContentLength,
  stallBeforeHeaders,
  stallMidBody,
  startFaultServer,
  status,
  trickle,
  type Behaviour,
  type FaultServer,
} from '../helpers/fault-server.js';

const OLD = 'id,price\nold,1\n';
const httpDate = (msFromNow: number) => new Date(Date.now() + msFromNow).toUTCString();
// The matrix runs with a key whose percent-encoded and base64 forms differ from it; runCli searches
// every output for all of them.
const KEY = CANARY_KEY_SPECIAL;
const hostile = JSON.stringify({
  error: 'Unauthorized',
  message: `\u001b]0;pwned-title\u0007Invalid API key ${KEY}\u001b[2J\u001b[31m red\u009b1m`,
});
// A server that echoes what it was sent in the forms a framework might: percent-encoded (either hex
// case), base64, base64url.
const echoed = JSON.stringify({
  error: 'Unauthorized',
  message: `bad key ${encodeURIComponent(KEY)} / ${encodeURIComponent(KEY).toLowerCase()} / ${Buffer.from(KEY).toString('base64')} / ${Buffer.from(KEY).toString('base64url')}`,
});
/** A memory row with an extra field nested `levels` deep. */
const nested = (levels: number): string =>
  `{"success":true,"data":[{"id":"a","memoryType":"t","category":"dram","price":1,"changePct":0,"extra":${'['.repeat(levels)}1${']'.repeat(levels)}}],"count":1}`;

interface Case {
  readonly name: string;
  /** The server's script; a function gets the other server (for redirects across origins). */
  readonly script: readonly Behaviour[] | ((other: FaultServer) => Behaviour[]);
  readonly retries?: number;
  readonly env?: Record<string, string>;
  readonly code: number;
  readonly attempts: number;
  /** Seconds between the first and the last request the server saw, at least. */
  readonly minGapS?: number;
  /** The whole run took less than this (a behaviour check: "fails at once", not a speed target). */
  readonly underS?: number;
  readonly stderr?: RegExp;
  readonly notInStderr?: RegExp;
  /** CSV lines of a successful run, header included (default: the 60-row memory body). */
  readonly rows?: number;
}

const CASES: Case[] = [
  { name: 'healthy 200', script: [ok()], code: 0, attempts: 1 },
  { name: 'reset mid-body, then 200', script: [resetMidBody(), ok()], code: 0, attempts: 2 },
  {
    name: 'reset mid-body, every time',
    script: [resetMidBody()],
    retries: 2,
    code: 5,
    attempts: 3,
    stderr: /closed before the response was complete \(after 3 attempts\)/,
  },
  { name: 'reset mid chunked body', script: [resetMidChunkedBody()], retries: 1, code: 5, attempts: 2 },
  { name: 'body shorter than Content-Length', script: [shortContentLength()], retries: 1, code: 5, attempts: 2, stderr: /response/ },
  {
    name: 'stall before headers',
    script: [stallBeforeHeaders()],
    retries: 1,
    code: 5,
    attempts: 2,
    stderr: /timed out waiting for the response headers/,
    minGapS: 0.9,
  },
  {
    name: 'stall mid-body',
    script: [stallMidBody()],
    retries: 0,
    code: 5,
    attempts: 1,
    stderr: /timed out waiting for the rest of the response body/,
  },
  {
    name: 'trickle past the time budget',
    script: [trickle(300)],
    retries: 0,
    env: { GPUMKT_MAX_TIME: '2' },
    code: 5,
    attempts: 1,
    stderr: /time budget of 2 s/,
    underS: 10,
  },
  {
    name: '503 storm',
    script: [status(503, '{"error":"Service Unavailable"}')],
    retries: 3,
    code: 5,
    attempts: 4,
    stderr: /HTTP 503: Service Unavailable \(after 4 attempts\)/,
  },
  { name: '503 storm, --retries 0', script: [status(503)], retries: 0, code: 5, attempts: 1 },
  { name: '500, then 200', script: [status(500), ok()], code: 0, attempts: 2 },
  { name: '429 Retry-After: 2 (seconds)', script: [status(429, '', { 'retry-after': '2' }), ok()], code: 0, attempts: 2, minGapS: 1.9 },
  {
    name: '429 Retry-After: HTTP date',
    script: [(q, s) => status(429, '', { 'retry-after': httpDate(3000) })(q, s), ok()],
    code: 0,
    attempts: 2,
    minGapS: 1.5,
  },
  // V8 would read "later 2099" as a date 70 years away; it is garbage, so backoff applies.
  { name: '429 Retry-After: garbage', script: [status(429, '', { 'retry-after': 'later 2099' }), ok()], code: 0, attempts: 2, underS: 10 },
  {
    name: '429 Retry-After beyond budget',
    script: [status(429, '', { 'retry-after': '3600' })],
    code: 5,
    attempts: 1,
    underS: 10,
    stderr: /retry after 3600 s \(at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\).*try again after/,
  },
  {
    name: 'HTML 502 from a proxy',
    script: [html502()],
    retries: 1,
    code: 5,
    attempts: 2,
    stderr: /answered HTTP 502 \(text\/html, \d+ bytes\) \(after 2 attempts\)/,
    notInStderr: /<|Bad Gateway/,
  },
  {
    name: 'JSON of the wrong shape',
    script: [ok('{"success":true,"data":[{"memoryType":"x","price":"1.5"}]}')],
    code: 6,
    attempts: 1,
    stderr: /documented shape: data\.0\.price: Invalid input: expected number, received string$/m,
  },
  {
    name: '200 that is not JSON',
    script: [ok('<html>maintenance</html>', { 'content-type': 'text/html' })],
    code: 6,
    attempts: 1,
    stderr: /not JSON/,
  },
  {
    name: '200 that is not UTF-8',
    script: [
      ok(
        Buffer.concat(
          memoryBody(3)
            .split('Type 1')
            .map((part) => Buffer.from(part))
            .flatMap((b, i) => (i === 0 ? [b] : [Buffer.from([0xff]), b])),
        ),
      ),
    ],
    code: 6,
    attempts: 1,
    stderr: /not valid UTF-8/,
  },
  {
    name: '302 to another origin',
    script: (other) => [redirect(`${other.url}/api/memory-index`)],
    code: 5,
    attempts: 1,
    stderr: /redirected \(HTTP 302\) to http:\/\/127\.0\.0\.1:\d+\/api\/memory-index; not followed/,
  },
  { name: 'huge declared body', script: [hugeDeclared()], code: 6, attempts: 1, underS: 10, stderr: /larger than 256 MiB/ },
  {
    name: '401 with escapes and the key echoed',
    script: [status(401, hostile)],
    code: 3,
    attempts: 1,
    stderr: /refused the key \(401\): Invalid API key \*\*\* red/,
    notInStderr: /pwned|\u001b|\u009b/,
  },
  {
    name: '401 echoing the key percent-encoded and in base64',
    script: [status(401, echoed)],
    code: 3,
    attempts: 1,
    stderr: /refused the key \(401\): bad key \*\*\* \/ \*\*\* \/ \*\*\* \/ \*\*\* \(check/,
  },
  // Beyond what a Date can hold: the wait cannot be given a time, and the run still fails cleanly.
  {
    name: '429 Retry-After: 999999999999999999999999',
    script: [status(429, '', { 'retry-after': '999999999999999999999999' })],
    retries: 1,
    code: 5,
    attempts: 1,
    underS: 10,
    stderr: /the server asks to retry after 1e\+24 s, beyond the time budget of/,
  },
  {
    name: 'a row nested 20,000 levels deep',
    script: [ok(nested(20_000))],
    code: 6,
    attempts: 1,
    stderr: /memory-index: row 0 nests deeper than 64 levels$/m,
  },
  { name: 'a row nested 60 levels deep (kept)', script: [ok(nested(60))], code: 0, attempts: 1, rows: 2 },
  { name: '400', script: [status(400, '{"error":"Bad request","message":"Invalid type"}')], code: 2, attempts: 1 },
  { name: '403', script: [status(403, '{"error":"Forbidden","message":"daily-grain only"}')], code: 3, attempts: 1 },
  { name: '404', script: [status(404, '{"error":"No data available","message":"none"}')], code: 4, attempts: 1 },
];

const matrix: string[] = [];

afterAll(() => {
  // Only on request: a run of the suite leaves nothing behind.
  const file = process.env.GPUMKT_FAULT_MATRIX;
  if (!file) return;
  writeFileSync(file, ['| case | exit | attempts | time (s) | stderr |', '|---|---|---|---|---|', ...matrix].join('\n') + '\n');
});

function expectCleanStderr(r: RunResult): void {
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^gpumkt: error: /);
  expect(r.stderr).not.toMatch(/\n\s+at |Error:|undici|node:internal/);
}

describe('fault matrix (built binary, -o file)', () => {
  for (const c of CASES) {
    it(`${c.name} → exit ${c.code}, ${c.attempts} attempt(s)`, async () => {
      const other = await startFaultServer([ok()]);
      const server = await startFaultServer(typeof c.script === 'function' ? c.script(other) : c.script);
      const dir = makeTempDir('fault');
      const out = join(dir, 'out.csv');
      writeFileSync(out, OLD);
      try {
        const r = await runCli(['memory', '-f', 'csv', '-o', out, '--timeout', '1', '--retries', String(c.retries ?? 3)], {
          // The matrix is of the built binary: exit codes, time budgets and files as a real run sees them.
          spawn: true,
          env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: KEY, ...c.env },
          files: [dir],
        });
        matrix.push(
          `| ${c.name} | ${r.code} | ${server.requests.length} | ${(r.ms / 1000).toFixed(1)} | ${r.stderr.trim().replace(/\|/g, '\\|') || '—'} |`,
        );
        expect(r.code, r.stderr).toBe(c.code);
        expect(server.requests).toHaveLength(c.attempts);
        expect(server.requests.every((q) => q.method === 'GET' && q.authorization === `Bearer ${KEY}`)).toBe(true);
        expect(other.requests, 'nothing may be sent to another origin').toHaveLength(0);
        expect(r.stdout).toBe('');
        expect(readdirSync(dir), 'no temporary file is left').toEqual(['out.csv']);
        if (c.code === 0 && c.rows !== undefined) {
          expect(parseCsv(readFileSync(out, 'utf8'))).toHaveLength(c.rows);
        } else if (c.code === 0) {
          const rows = parseCsv(readFileSync(out, 'utf8'));
          expect(rows).toHaveLength(61);
          expect(rows.at(-1)?.[0]).toBe('mem_59');
        } else {
          expect(readFileSync(out, 'utf8'), 'the old file is byte-identical').toBe(OLD);
          expectCleanStderr(r);
        }
        if (c.stderr) expect(r.stderr).toMatch(c.stderr);
        if (c.notInStderr) expect(r.stderr).not.toMatch(c.notInStderr);
        if (c.minGapS !== undefined) {
          const first = server.requests[0]?.at ?? 0;
          expect((server.requests.at(-1)?.at ?? 0) - first).toBeGreaterThanOrEqual(c.minGapS * 1000);
        }
        if (c.underS !== undefined) expect(r.ms).toBeLessThan(c.underS * 1000);
      } finally {
        await server.close();
        await other.close();
      }
    });
  }

  it('connection refused → exit 5 after the retries, nothing written', async () => {
    const gone = await startFaultServer([ok()]);
    await gone.close();
    const dir = makeTempDir('fault');
    const out = join(dir, 'out.csv');
    writeFileSync(out, OLD);
    const r = await runCli(['memory', '-o', out, '--timeout', '1', '--retries', '1'], {
      env: { GPUMKT_BASE_URL: gone.url, GPUMKT_API_KEY: CANARY_KEY },
      files: [dir],
    });
    matrix.push(`| connection refused | ${r.code} | — | ${(r.ms / 1000).toFixed(1)} | ${r.stderr.trim()} |`);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED.* \(after 2 attempts\)/);
    expectCleanStderr(r);
    expect(readFileSync(out, 'utf8')).toBe(OLD);
    expect(readdirSync(dir)).toEqual(['out.csv']);
  });
});

describe('no partial table on stdout', () => {
  const cases: Array<[string, Behaviour]> = [
    ['reset mid-body', resetMidBody()],
    ['short Content-Length', shortContentLength()],
    ['stall mid-body', stallMidBody()],
    ['HTML 502', html502()],
  ];
  for (const [name, behaviour] of cases) {
    it(`${name}: stdout stays empty`, async () => {
      const server = await startFaultServer([behaviour]);
      try {
        const r = await runCli(['memory', '-f', 'table', '--timeout', '1', '--retries', '0'], {
          env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: CANARY_KEY },
        });
        expect(r.code).toBe(5);
        expect(r.stdout).toBe('');
        expectCleanStderr(r);
      } finally {
        await server.close();
      }
    });
  }

  it('a fault then a good answer prints the whole table once', async () => {
    const server = await startFaultServer([resetMidBody(), ok()]);
    try {
      const r = await runCli(['memory', '-f', 'csv', '--timeout', '1', '-v'], {
        env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: CANARY_KEY },
      });
      expect(r.code).toBe(0);
      const rows = parseCsv(r.stdout);
      expect(rows).toHaveLength(61);
      expect(new Set(rows.map((row) => row[0])).size).toBe(61);
      expect(r.stderr).toMatch(/retrying in \d+ ms \(attempt 2 of 4\)/);
    } finally {
      await server.close();
    }
  });
});

describe('hostile strings from the server', () => {
  const evil = '\u001b]0;pwned\u0007Evil\u001b[2J\u009b31m DDR5';
  const formula = '=HYPERLINK("http://x.example","click")';
  const body = JSON.stringify({
    success: true,
    data: [
      { id: 'a', memoryType: evil, category: 'dram', price: 1.5, changePct: -1.25 },
      { id: 'b', memoryType: formula, category: '-cmd', price: 2, changePct: 0.5 },
      { id: 'c', memoryType: 'Ünïcødé ✓ 漢字 🙂, "quoted"\nline', category: '@x', price: 3, changePct: -0.001 },
    ],
  });
  const run = async (args: string[]) => {
    const server = await startFaultServer([ok(body)]);
    try {
      const r = await runCli(['memory', ...args], { env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: CANARY_KEY } });
      expect(r.code, r.stderr).toBe(0);
      return r.stdout;
    } finally {
      await server.close();
    }
  };
  const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

  it('table and markdown: escape sequences and controls removed, the text kept', async () => {
    for (const f of ['table', 'markdown']) {
      const out = await run(['-f', f]);
      expect(out, f).not.toMatch(CONTROLS);
      expect(out, f).not.toContain('pwned');
      expect(out, f).toContain('Evil DDR5');
    }
  });

  it('json and csv carry every string exactly as received', async () => {
    const json = JSON.parse(await run(['-f', 'json'])) as Array<{ memoryType: string }>;
    expect(json.map((r) => r.memoryType)).toEqual([evil, formula, 'Ünïcødé ✓ 漢字 🙂, "quoted"\nline']);
    const csv = parseCsv(await run(['-f', 'csv', '--columns', 'memoryType,category,changePct']));
    expect(csv).toEqual([
      ['memoryType', 'category', 'changePct'],
      [evil, 'dram', '-1.25'],
      [formula, '-cmd', '0.5'],
      ['Ünïcødé ✓ 漢字 🙂, "quoted"\nline', '@x', '-0.001'],
    ]);
  });

  it('--csv-safe guards text cells that start like a formula, never numbers such as -1.25', async () => {
    const csv = parseCsv(await run(['-f', 'csv', '--csv-safe', '--columns', 'memoryType,category,changePct']));
    expect(csv.slice(1)).toEqual([
      [evil, 'dram', '-1.25'],
      [`'${formula}`, "'-cmd", '0.5'],
      ['Ünïcødé ✓ 漢字 🙂, "quoted"\nline', "'@x", '-0.001'],
    ]);
  });
});

describe('fan-out', () => {
  it('one model failing ends the run at once: the stalled siblings are cancelled, one error line', async () => {
    const byModel: Behaviour = (req, res) => {
      if ((req.url ?? '').includes('H100')) status(404, '{"error":"No data available","message":"No data for H100 SXM"}')(req, res);
      else stallBeforeHeaders()(req, res);
    };
    const server = await startFaultServer([byModel]);
    try {
      // A real process: its exit must not wait for the stalled sockets.
      const r = await runCli(['history', 'all', '-f', 'csv', '--timeout', '30'], {
        spawn: true,
        env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: CANARY_KEY },
      });
      expect(r.code).toBe(4);
      expect(r.stderr).toBe('gpumkt: error: no data (404): No data for H100 SXM\n');
      expect(r.stdout).toBe('');
      expect(server.requests).toHaveLength(6);
      expect(r.ms, 'did not wait for the stalled requests (30 s timeout)').toBeLessThan(15_000);
    } finally {
      await server.close();
    }
  });
});

describe('numbers beyond float64 precision (README, "Numbers")', () => {
  // JSON numbers become IEEE 754 doubles: 17 significant digits survive, and each value prints as the
  // shortest text that reads back as the same double. This pins the documented behaviour.
  it('are carried as the nearest double, in csv and json alike', async () => {
    const body =
      '{"success":true,"data":[{"id":"a","memoryType":"t","category":"dram","price":0.12345678901234567890,"changePct":12345678901234567890,"weeklyHigh":1.5}],"count":1}';
    const server = await startFaultServer([ok(body)]);
    try {
      const env = { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: KEY };
      const csv = await runCli(['memory', '-f', 'csv', '--columns', 'price,changePct,weeklyHigh'], { env });
      expect(csv.code, csv.stderr).toBe(0);
      expect(csv.stdout).toBe('price,changePct,weeklyHigh\n0.12345678901234568,12345678901234567000,1.5\n');
      const json = await runCli(['memory', '-f', 'json', '--columns', 'price,changePct'], { env });
      expect(json.stdout).toBe('[\n{"price":0.12345678901234568,"changePct":12345678901234567000}\n]\n');
    } finally {
      await server.close();
    }
  });
});
