/** Shared pieces of the cron-export e2e tests: a sandbox per "today", runs, and external readers (python3, mlr). */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { assertNoCanary, BIN, CANARY_KEY, isolatedHome, runCli, type RunResult } from '../helpers/cli.js';
import { makeTempDir, removeTempDir, tempEnv } from '../helpers/temp.js';

/** A fresh folder for one test's files (removed when the test file ends). */
export function workDir(): string {
  return makeTempDir('cron');
}

/** Runs `gpumkt args…` against a sandbox whose last day is `today`, with the CLI's clock on the same day. */
export async function runOn(today: string, args: readonly string[], opts: Partial<SandboxOptions> = {}): Promise<RunResult> {
  const sb = await startSandbox({ today, keys: { valid: [CANARY_KEY] }, ...opts });
  try {
    return await runCli(args, { env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY, GPUMKT_TODAY: today } });
  } finally {
    await sb.close();
  }
}

/** A run started in the background, for tests that kill it or race it. */
export interface Background {
  readonly done: Promise<RunResult>;
  kill(signal: NodeJS.Signals): void;
}

/** Spawns the CLI without waiting (same isolation and canary checks as runCli). */
export function spawnCli(args: readonly string[], env: Record<string, string>): Background {
  const home = isolatedHome();
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...tempEnv(), HOME: home, GPUMKT_CONFIG: join(home, 'none.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.on('data', (b: Buffer) => err.push(b));
  const started = Date.now();
  const done = new Promise<RunResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      removeTempDir(home);
      const r = {
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        ms: Date.now() - started,
      };
      assertNoCanary(r.stdout, 'stdout');
      assertNoCanary(r.stderr, 'stderr');
      resolve(r);
    });
  });
  return { done, kill: (s) => void child.kill(s) };
}

/** Polls `cond` every 20 ms until it holds (the test's own timeout bounds the wait). */
export async function waitFor(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 20));
}

/** Reads a CSV file with Python's csv module (a test calling it declares needs('python3')). */
export function pythonCsv(file: string, delimiter = ','): string[][] {
  const script = [
    'import csv, json, sys',
    "with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:",
    '    print(json.dumps(list(csv.reader(f, delimiter=sys.argv[2]))))',
  ].join('\n');
  const r = spawnSync('python3', ['-c', script, file, delimiter], { encoding: 'utf8' });
  expect(r.error, 'python3 runs').toBeUndefined();
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as string[][];
}

/** Reads a CSV/TSV file with Miller, as pandas-style tooling would (a test calling it declares needs('mlr')). */
export function mlrRecords(file: string, input: '--icsv' | '--itsv' = '--icsv'): Record<string, string | number>[] {
  const r = spawnSync('mlr', [input, '--ojson', 'cat', file], { encoding: 'utf8' });
  expect(r.error, 'mlr runs').toBeUndefined();
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, string | number>[];
}
