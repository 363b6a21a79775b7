/** Cron runs that die or overlap: a SIGKILLed append changes nothing, a second run on a locked file exits 8. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { CANARY_KEY } from '../helpers/cli.js';
import { runOn, spawnCli, waitFor, workDir } from './cron-helpers.js';

const ARGS = ['util-index', '--gpu', 'h100', '--from', '2026-09-01'];
const DAY1 = '2026-10-10';
const DAY2 = '2026-11-20';

let slow: Sandbox | undefined;
afterEach(async () => {
  await slow?.close();
  slow = undefined;
});

/** A sandbox that takes `ms` to answer each request: runs against it hold their lock that long. */
async function slowSandbox(today: string, ms: number): Promise<{ sb: Sandbox; env: Record<string, string> }> {
  slow = await startSandbox({ today, keys: { valid: [CANARY_KEY] }, latencyMs: ms });
  return { sb: slow, env: { GPUMKT_BASE_URL: slow.url, GPUMKT_API_KEY: CANARY_KEY, GPUMKT_TODAY: today } };
}

/**
 * Seeds an append export on DAY1, then starts a DAY2 append against a sandbox answering after `ms`
 * and resolves once that run holds the lock with its request in flight.
 */
async function heldAppend(ms: number) {
  const dir = workDir();
  const file = join(dir, 'u.csv');
  expect((await runOn(DAY1, [...ARGS, '--append', file])).code).toBe(0);
  const before = readFileSync(file);
  const { sb, env } = await slowSandbox(DAY2, ms);
  const run = spawnCli([...ARGS, '--append', file], env);
  await waitFor(() => sb.requests.length > 0 && existsSync(`${file}.lock`));
  return { dir, file, before, sb, env, run };
}

describe('locking and interrupted runs', () => {
  it('a run killed mid-way (SIGKILL) leaves the file byte-identical; the next run takes over the stale lock and completes it', async () => {
    // Killed while its request is in flight: it holds the lock and has read the old file.
    const { dir, file, before, run } = await heldAppend(60_000);
    run.kill('SIGKILL');
    expect((await run.done).signal).toBe('SIGKILL');
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(`${file}.lock`)).toBe(true); // nobody removed it: the next run must cope

    const next = await runOn(DAY2, [...ARGS, '--append', file]);
    expect(next.code, next.stderr).toBe(0);
    expect(existsSync(`${file}.lock`)).toBe(false);
    const full = join(dir, 'full.csv');
    expect((await runOn(DAY2, [...ARGS, '-o', full])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(full, 'utf8'));
  });

  it('Ctrl-C (SIGINT) mid-run exits 130, leaves the file byte-identical and removes its lock', async () => {
    const { file, before, run } = await heldAppend(60_000);
    run.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('two overlapping runs: the second exits 8 at once (default --lock-timeout 0), the first ends with a correct file', async () => {
    const { dir, file, sb, env, run: first } = await heldAppend(4000);
    const second = spawnCli([...ARGS, '--append', file], env);
    const b = await second.done;
    expect(b.code).toBe(8);
    expect(b.stderr).toMatch(/^gpumkt: error: .*u\.csv is locked by another run \(pid \d+ on .+, since .+\)/m);
    const a = await first.done;
    expect(a.code, a.stderr).toBe(0);
    expect(sb.requests).toHaveLength(1); // the locked-out run sent nothing
    const full = join(dir, 'full.csv');
    expect((await runOn(DAY2, [...ARGS, '-o', full])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(full, 'utf8'));
  });

  it('with --lock-timeout the second run waits for the first, then finds nothing new (exit 9 with --fail-empty)', async () => {
    const { file, sb, env, run: first } = await heldAppend(1000);
    const second = spawnCli([...ARGS, '--append', file, '--lock-timeout', '25', '--fail-empty'], env);
    const [a, b] = await Promise.all([first.done, second.done]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(9);
    expect(b.stderr).toContain('no new rows after 2026-11-20');
    expect(sb.requests).toHaveLength(2);
  });
});
