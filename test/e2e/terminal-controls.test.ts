/**
 * Machine formats typed at a terminal show a hostile server string's control characters visibly instead
 * of letting them act on the terminal; into a pipe or a file every byte stays exactly as served. And two
 * small agreements: `api --csv-safe -o x.csv` names what is really wrong, `-o new.csv/` is exit 2 always.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { CANARY_KEY, runCli } from '../helpers/cli.js';
import { ok, startFaultServer, type FaultServer } from '../helpers/fault-server.js';
import { makeTempDir } from '../helpers/temp.js';

// A title change (OSC), a screen clear (CSI), an 8-bit CSI, a carriage return and a bidi override.
const HOSTILE = 'DDR5\x1b]0;pwned\x07 \x1b[2J\x9b31m x\ry \u202eevil';
const body = JSON.stringify({
  success: true,
  date: '2026-11-20T00:00:00Z',
  count: 1,
  data: [
    {
      id: 'mem_0',
      memoryType: HOSTILE,
      category: 'dram',
      price: 1.5,
      changePct: -1.25,
      weeklyHigh: 2,
      weeklyLow: 0.5,
      sourceUpdatedAt: '2026-11-20T00:00:00Z',
    },
  ],
});

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer([ok(body)]);
});
afterAll(() => server.close());
const env = () => ({ GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: CANARY_KEY, GPUMKT_TODAY: '2026-11-20', PATH: process.env.PATH ?? '' });

/** Runs main() with stdout as a terminal (no pager), keeping every byte written to it. */
async function atTerminal(args: readonly string[]): Promise<{ code: number; stdout: string }> {
  const chunks: Buffer[] = [];
  const sink = () =>
    new Writable({
      write(chunk: Buffer | string, _enc, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
  const stdout = sink();
  const code = await main([...args, '--no-pager'], {
    env: env(),
    io: {
      stdout,
      stderr: new Writable({ write: (_c, _e, d) => d() }),
      stdin: Readable.from([]),
      stdoutIsTTY: true,
      stderrIsTTY: true,
      stdinIsTTY: true,
      columns: 200,
      rows: 50,
    },
  });
  return { code, stdout: Buffer.concat(chunks).toString('utf8') };
}

const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

describe('machine formats at a terminal', () => {
  it.each(['csv', 'tsv', 'ndjson', 'json'])('-f %s: control characters are shown, never sent to the terminal', async (format) => {
    const r = await atTerminal(['memory', '-f', format]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(UNSAFE);
    // Shown, not dropped: each one leaves a visible mark (JSON already spells C0 controls as \u escapes).
    expect(r.stdout).toContain(format.includes('json') ? '\\u001b]0;pwned\\u0007' : '^[]0;pwned^G');
    expect(r.stdout).toContain('<U+009B>31m');
    expect(r.stdout).toContain('<U+202E>evil');
  });

  it.each(['csv', 'tsv', 'ndjson'])('-f %s into a pipe or a file keeps every byte', async (format) => {
    const piped = await runCli(['memory', '-f', format], { env: env() });
    expect(piped.code).toBe(0);
    const file = join(makeTempDir('controls'), `m.${format}`);
    expect((await runCli(['memory', '-o', file], { env: env() })).code).toBe(0);
    for (const text of [piped.stdout, readFileSync(file, 'utf8')]) {
      if (format === 'ndjson') expect((JSON.parse(text) as { memoryType: string }).memoryType).toBe(HOSTILE);
      else expect(text).toContain('\x1b]0;pwned\x07');
      expect(text).toContain('\x9b31m');
      expect(text).toContain('\u202eevil');
    }
  });
});

describe('small agreements', () => {
  it('api --csv-safe -o x.csv without -f: exit 2 naming --csv-safe, not an -f json never typed, before any request', async () => {
    const before = server.requests.length;
    const file = join(makeTempDir('controls'), 'x.csv');
    const r = await runCli(['api', '/api/memory-index', '--csv-safe', '-o', file], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/-f json/);
    expect(r.stderr).toMatch(/--csv-safe .*-f csv/);
    expect(server.requests.length).toBe(before);
  });

  it('api -o x.csv without -f: exit 2 saying the body is JSON, before any request', async () => {
    const before = server.requests.length;
    const r = await runCli(['api', '/api/memory-index', '-o', join(makeTempDir('controls'), 'x.csv')], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/-f json/);
    expect(r.stderr).toMatch(/without -f, api writes the JSON body as received/);
    expect(server.requests.length).toBe(before);
  });

  it.each([[[] as string[]], [['-f', 'csv']]])('-o new.csv/ %j: exit 2, as README says', async (extra) => {
    const r = await runCli(['memory', ...extra, '-o', join(makeTempDir('controls'), 'new.csv/')], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/a name ending in \/ is a folder, not a file/);
  });
});
