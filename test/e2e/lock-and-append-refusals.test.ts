/**
 * No lock state makes an export spin, hang past --lock-timeout or block later runs forever; a symlink
 * and its file share one lock; a file --append cannot read exactly is refused untouched; and a signal
 * that arrives after the new file is in place does not turn a success into 130/143.
 */
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { BIN, CANARY_KEY, runCli, type RunOptions } from '../helpers/cli.js';
import { runOn, spawnCli, waitFor, workDir } from './cron-helpers.js';

const ARGS = ['util-index', '--gpu', 'h100', '--from', '2026-09-01'];
const DAY1 = '2026-10-10';
const DAY2 = '2026-11-20';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ today: DAY2, keys: { valid: [CANARY_KEY] } });
});
const dirs: string[] = [];
afterAll(async () => {
  await sb.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const env = { GPUMKT_API_KEY: CANARY_KEY, GPUMKT_TODAY: DAY2 };
const run = (args: string[], opts: RunOptions = {}) => runCli(args, { ...opts, env: { GPUMKT_BASE_URL: sb.url, ...env, ...opts.env } });

/** A folder with u.csv exported on DAY1 (so a DAY2 append has something to do). */
async function seeded(): Promise<{ dir: string; file: string; before: Buffer }> {
  const dir = workDir();
  dirs.push(dir);
  const file = join(dir, 'u.csv');
  expect((await runOn(DAY1, [...ARGS, '--append', file])).code).toBe(0);
  return { dir, file, before: readFileSync(file) };
}

describe('locks that cannot be read end the run at once with exit 8, naming the lock and why', () => {
  const cases: Array<[string, (lock: string, dir: string) => void, RegExp]> = [
    ['a folder', (lock) => mkdirSync(lock), /the lock .*u\.csv\.lock cannot be read: it is a folder/],
    [
      'a symbolic link to nothing',
      (lock, dir) => symlinkSync(join(dir, 'gone'), lock),
      /the lock .*u\.csv\.lock cannot be read: it is a symbolic link to nothing/,
    ],
  ];
  it.each(cases)('%s, even with --lock-timeout 30', async (_name, make, message) => {
    const { dir, file, before } = await seeded();
    make(`${file}.lock`, dir);
    const requests = sb.requests.length;
    const r = await run([...ARGS, '--append', file, '--lock-timeout', '30'], { timeoutMs: 15_000 });
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/\(remove .*u\.csv\.lock if no run is active\)\n$/);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.ms, 'at once, not after the lock timeout').toBeLessThan(10_000);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(sb.requests.length).toBe(requests);
  });

  it("another user's private (0600) lock: exit 8, permission denied", async () => {
    const seed = await seeded();
    // As root, the run is made another user's (nobody); otherwise the lock is made unreadable to us.
    const root = process.getuid?.() === 0;
    // TMPDIR may sit inside a private (0700) folder that nobody cannot enter: as root, the data and a copy
    // of the CLI (bin/ and dist/; dist is self-contained) go to a 0755 folder of our own outside it.
    const shared = root ? mkdtempSync(join('/tmp', 'gpumkt-test-other-user-')) : undefined;
    try {
      let dir = seed.dir;
      let bin: string | undefined;
      if (shared !== undefined) {
        chmodSync(shared, 0o755);
        dir = join(shared, 'data');
        mkdirSync(dir, { mode: 0o777 });
        chmodSync(dir, 0o777);
        cpSync(seed.file, join(dir, 'u.csv'));
        cpSync(resolve(dirname(BIN), '..', 'bin'), join(shared, 'bin'), { recursive: true });
        cpSync(resolve(dirname(BIN), '..', 'dist'), join(shared, 'dist'), { recursive: true });
        bin = join(shared, 'bin', 'gpumkt.cjs');
      }
      const file = join(dir, 'u.csv');
      const lock = `${file}.lock`;
      writeFileSync(lock, JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: '2026-11-20T00:00:00.000Z' }), {
        mode: 0o600,
      });
      if (!root) chmodSync(lock, 0o000);
      const r = await run([...ARGS, '--append', file, '--lock-timeout', '30'], {
        timeoutMs: 15_000,
        ...(root ? { user: { uid: 65534, gid: 65534 }, bin, env: { HOME: dir, TMPDIR: dir, GPUMKT_CONFIG: join(dir, 'none.json') } } : {}),
      });
      expect(r.code, r.stderr).toBe(8);
      expect(r.stderr).toMatch(/the lock .*u\.csv\.lock cannot be read: permission denied/);
      expect(r.ms).toBeLessThan(10_000);
      expect(readFileSync(file).equals(seed.before)).toBe(true);
    } finally {
      if (shared !== undefined) rmSync(shared, { recursive: true, force: true });
    }
  });
});

describe('waiting for a live holder sleeps, honours --lock-timeout and signals', () => {
  const live = () => JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: '2026-11-20T00:00:00.000Z' });

  it('--lock-timeout 1.5: exit 8 after about 1.5 s, not before', async () => {
    const { file } = await seeded();
    writeFileSync(`${file}.lock`, live());
    const r = await run([...ARGS, '--append', file, '--lock-timeout', '1.5']);
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toMatch(/u\.csv is locked by another run \(pid \d+ on .+, since 2026-11-20T00:00:00\.000Z\)/);
    expect(r.ms).toBeGreaterThanOrEqual(1500);
    expect(r.ms).toBeLessThan(8000);
  });

  it("SIGTERM while waiting: exit 143 at once, the holder's lock left alone", async () => {
    const { file, before } = await seeded();
    writeFileSync(`${file}.lock`, live());
    const r = await run([...ARGS, '--append', file, '--lock-timeout', '60'], {
      onSpawn: (child) => void setTimeout(() => child.kill('SIGTERM'), 1000),
    });
    expect(r.code, r.stderr).toBe(143);
    expect(r.ms).toBeLessThan(8000);
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(live());
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe('a lock with no owner in it', () => {
  it('a run that cannot write its lock (file size limit, as on a full disk) exits 7 and leaves no lock behind; the next run works', async () => {
    const { dir, file, before } = await seeded();
    const full = await run([...ARGS, '--append', file], { fileSizeLimit: 0 });
    expect(full.code, full.stderr).toBe(7);
    expect(full.stderr).toMatch(/^gpumkt: error: cannot create lock .*u\.csv\.lock: file too large/);
    expect(readdirSync(dir).sort(), 'no lock, no temporary file').toEqual(['u.csv']);
    expect(readFileSync(file).equals(before)).toBe(true);
    const next = await run([...ARGS, '--append', file]);
    expect(next.code, next.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['u.csv']);
  });

  it('an empty lock left by an earlier run is stale and taken over', async () => {
    const { dir, file } = await seeded();
    writeFileSync(`${file}.lock`, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    const r = await run([...ARGS, '--append', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['u.csv']);
  });

  it('an empty lock written moments ago is waited for (it may be being written), then taken over', async () => {
    const { file } = await seeded();
    writeFileSync(`${file}.lock`, '');
    const now = await run([...ARGS, '--append', file]);
    expect(now.code).toBe(8);
    expect(now.stderr).toMatch(/locked by another run \(a lock with no owner in it, written moments ago\)/);
    const waited = await run([...ARGS, '--append', file, '--lock-timeout', '10']);
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.ms).toBeLessThan(9000);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

describe('a symlink and its file share one lock', () => {
  let slow: Sandbox | undefined;
  afterEach(async () => {
    await slow?.close();
    slow = undefined;
  });

  it.each([
    ['the file held, the link appended', 'u.csv', 'link.csv'],
    ['the link held, the file appended', 'link.csv', 'u.csv'],
  ])('%s: the second run exits 8, the first completes', async (_name, first, second) => {
    const { dir, file } = await seeded();
    symlinkSync('u.csv', join(dir, 'link.csv'));
    slow = await startSandbox({ today: DAY2, keys: { valid: [CANARY_KEY] }, latencyMs: 3000 });
    const slowEnv = { GPUMKT_BASE_URL: slow.url, ...env };
    const a = spawnCli([...ARGS, '--append', join(dir, first)], slowEnv);
    const sbSlow = slow;
    await waitFor(() => sbSlow.requests.length > 0 && existsSync(`${file}.lock`));
    const b = await spawnCli([...ARGS, '--append', join(dir, second)], slowEnv).done;
    expect(b.code, b.stderr).toBe(8);
    expect(b.stderr).toMatch(/u\.csv is locked by another run/);
    expect((await a.done).code).toBe(0);
    expect(sbSlow.requests).toHaveLength(1);
    expect(statSync(join(dir, 'link.csv')).isFile()).toBe(true);
    const full = join(dir, 'full.csv');
    expect((await run([...ARGS, '-o', full])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(full, 'utf8'));
  });
});

describe('--append refuses a file it cannot read exactly (exit 2, file untouched, nothing sent)', () => {
  const corrupt: Array<[string, (lines: string[]) => string[]]> = [
    ['an unterminated quote mid-file', (l) => l.map((line, i) => (i === 5 ? line.replace(',', ',"') : line))],
    ['an unterminated quote on the last line', (l) => [...l.slice(0, -1), `${l.at(-1)},"open`]],
    ['a quote inside an unquoted field', (l) => l.map((line, i) => (i === 5 ? line.replace(',', ',x"y') : line))],
    ['a row with a missing field', (l) => l.map((line, i) => (i === 5 ? line.slice(0, line.lastIndexOf(',')) : line))],
    ['a last key that is not a date', (l) => [...l, l.at(-1)?.replace(/^2026-\d\d-\d\d/, 'tomorrow') ?? '']],
  ];
  it.each(corrupt)('%s', async (_name, edit) => {
    const { file } = await seeded();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const text = `${edit(lines).join('\n')}\n`;
    writeFileSync(file, text);
    const requests = sb.requests.length;
    const r = await run([...ARGS, '--append', file]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^gpumkt: error: .*u\.csv line \d+.*--append will not extend it\n$/);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(sb.requests.length).toBe(requests);
  });
});

describe('a signal after the commit', () => {
  const PRELOAD = resolve(import.meta.dirname, '../helpers/signal-after-rename.cjs');
  it.each([
    ['SIGINT', '-o'],
    ['SIGTERM', '-o'],
    ['SIGINT', '--append'],
    ['SIGTERM', '--append'],
  ] as const)('%s right after the rename of %s: exit 0, the new file in place, no lock left', async (sig, flag) => {
    const { dir, file, before } = await seeded();
    const target = flag === '-o' ? join(dir, 'out.csv') : file;
    if (flag === '-o') writeFileSync(target, 'old\n');
    const r = await run([...ARGS, flag, target], {
      spawn: true, // the preload acts only in a real process
      env: { NODE_OPTIONS: `--require ${PRELOAD}`, GPUMKT_TEST_RENAME_TARGET: target, GPUMKT_TEST_SIGNAL: sig },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/interrupted/);
    const full = join(dir, 'full.csv');
    expect((await run([...ARGS, '-o', full])).code).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(readFileSync(full, 'utf8'));
    expect(readFileSync(target).equals(before)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.endsWith('.lock') || n.endsWith('.tmp'))).toEqual([]);
  });
});

describe('a signal after main() returned, or before it started', () => {
  const PRELOAD = resolve(import.meta.dirname, '../helpers/signal-after-main.cjs');
  it.each(['SIGINT', 'SIGTERM'] as const)("%s once the run is settled: the run's own exit code (0), the new file in place", async (sig) => {
    const { dir } = await seeded();
    const target = join(dir, 'out.csv');
    writeFileSync(target, 'old\n');
    const r = await run([...ARGS, '-o', target], {
      spawn: true,
      env: { NODE_OPTIONS: `--require ${PRELOAD}`, GPUMKT_TEST_SIGNAL_AFTER_MAIN: sig },
    });
    expect([r.code, r.signal]).toEqual([0, null]);
    expect(r.stderr).toMatch(/^gpumkt: wrote 81 rows to .*out\.csv\n$/);
    expect(readFileSync(target, 'utf8')).not.toBe('old\n');
  });

  it('once settled, the process ends by itself even while a handle holds the event loop: exit 0, stdout whole', async () => {
    const { dir } = await seeded();
    const target = join(dir, 'out.csv');
    expect((await run([...ARGS, '-o', target])).code).toBe(0);
    const r = await run(ARGS, {
      spawn: true,
      timeoutMs: 60_000,
      env: { NODE_OPTIONS: `--require ${PRELOAD}`, GPUMKT_TEST_HOLD_AFTER_MAIN: '1' },
    });
    expect([r.code, r.signal, r.stderr]).toEqual([0, null, '']);
    expect(r.stdout).toBe(readFileSync(target, 'utf8'));
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s while the CLI is still loading: exit %i with the same message, the file unchanged', async (sig, code) => {
    const { dir } = await seeded();
    const target = join(dir, 'out.csv');
    writeFileSync(target, 'old\n');
    const r = await run([...ARGS, '-o', target], {
      spawn: true,
      env: { NODE_OPTIONS: `--require ${PRELOAD}`, GPUMKT_TEST_SIGNAL_AT_START: sig },
    });
    expect([r.code, r.signal, r.stderr]).toEqual([code, null, `gpumkt: interrupted by ${sig}\n`]);
    expect(readFileSync(target, 'utf8')).toBe('old\n');
    expect(readdirSync(dir).filter((n) => n.endsWith('.lock') || n.endsWith('.tmp'))).toEqual([]);
  });
});
