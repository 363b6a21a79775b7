/**
 * Runs the built `gpumkt` binary as a user would (a child process), and checks every captured byte
 * for the canary key: no test may ever see the key in stdout, stderr or a written file.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';

/** The binary under test. */
export const BIN = resolve(import.meta.dirname, '../../bin/gpumkt.js');

/** A key that must never be printed: every run's output is searched for it. */
export const CANARY_KEY = 'canary-KEY-7f3e9a1b-never-print-me';

/** A pinned "today" so runs are reproducible. */
export const TODAY = '2026-11-20';

/** What a run produced. */
export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/** Options of one run. */
export interface RunOptions {
  readonly env?: Record<string, string | undefined>;
  readonly input?: string;
  readonly cwd?: string;
  readonly timeoutMs?: number;
}

/** A fresh HOME with no config, so no developer's real config leaks into a test. */
export function isolatedHome(): string {
  return mkdtempSync(join(tmpdir(), 'gpumkt-home-'));
}

/** Spawns `gpumkt args…` and resolves with its exit code and output; fails the test if the canary leaks. */
export function runCli(args: readonly string[], opts: RunOptions = {}): Promise<RunResult> {
  const home = isolatedHome();
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: home, GPUMKT_CONFIG: join(home, 'none.json'), GPUMKT_TODAY: TODAY };
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const result = { code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), ms: Date.now() - started };
      assertNoCanary(result.stdout, 'stdout');
      assertNoCanary(result.stderr, 'stderr');
      resolvePromise(result);
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** Fails when `text` contains the canary key. */
export function assertNoCanary(text: string, where: string): void {
  expect(text.includes(CANARY_KEY), `the API key appeared in ${where}`).toBe(false);
}

/** Fails when any file below `dir` contains the canary key. */
export function assertNoCanaryInFiles(dir: string): void {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) assertNoCanaryInFiles(p);
    else assertNoCanary(readFileSync(p, 'utf8'), p);
  }
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) into rows of strings. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += c;
  }
  if (field !== '' || row.length > 0) row.push(field), rows.push(row);
  return rows;
}
