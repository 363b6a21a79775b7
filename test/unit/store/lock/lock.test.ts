/** The output lock: exclusive creation, waiting and timing out (exit 8), stale-lock takeover, release. */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../helpers/temp.js';
import { LockedError } from '../../../../src/errors.js';
import {
  acquireLock,
  isStale,
  lockPath,
  lockTarget,
  parseLock,
  processStartTime,
  removeDeadTemps,
} from '../../../../src/store/lock/lock.js';

const target = (): string => join(makeTempDir('lock'), 'out.csv');

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('acquireLock', () => {
  it('writes pid, hostname and start time, and removes the lock on release', async () => {
    const t = target();
    const lock = await acquireLock(t, { timeoutS: 0, now: () => new Date('2026-11-20T01:02:03Z') });
    expect(parseLock(readFileSync(lockPath(t), 'utf8'))).toEqual({
      pid: process.pid,
      hostname: hostname(),
      startedAt: '2026-11-20T01:02:03.000Z',
      procStart: processStartTime(process.pid),
    });
    await lock.release();
    expect(existsSync(lockPath(t))).toBe(false);
  });

  it('a held lock makes a second taker fail with LockedError (exit 8) after the timeout', async () => {
    const t = target();
    const lock = await acquireLock(t, { timeoutS: 0 });
    const second = acquireLock(t, { timeoutS: 0.3, pollMs: 50 });
    await expect(second).rejects.toBeInstanceOf(LockedError);
    await expect(second).rejects.toMatchObject({ exitCode: 8 });
    await lock.release();
  });

  it('a waiting taker gets the lock once it is released', async () => {
    const t = target();
    const lock = await acquireLock(t, { timeoutS: 0 });
    const waiting = acquireLock(t, { timeoutS: 10, pollMs: 20 });
    setTimeout(() => void lock.release(), 150);
    const next = await waiting;
    expect(parseLock(readFileSync(lockPath(t), 'utf8'))?.pid).toBe(process.pid);
    await next.release();
  });

  it('takes over the lock of a dead local process, never one of another host or a live process', async () => {
    const t = target();
    const dead = { pid: deadPid(), hostname: hostname(), startedAt: '2026-01-01T00:00:00.000Z' };
    expect(isStale(dead)).toBe(true);
    writeFileSync(lockPath(t), JSON.stringify(dead));
    const lock = await acquireLock(t, { timeoutS: 0 });
    expect(parseLock(readFileSync(lockPath(t), 'utf8'))?.pid).toBe(process.pid);
    await lock.release();

    expect(isStale({ ...dead, hostname: `${hostname()}-elsewhere` })).toBe(false);
    expect(isStale({ ...dead, pid: process.pid })).toBe(false);
    writeFileSync(lockPath(t), JSON.stringify({ ...dead, hostname: `${hostname()}-elsewhere` }));
    await expect(acquireLock(t, { timeoutS: 0 })).rejects.toThrow(/locked by another run \(pid \d+ on .*-elsewhere/);
  });

  it('release leaves alone a lock that is no longer ours', async () => {
    const t = target();
    const lock = await acquireLock(t, { timeoutS: 0 });
    writeFileSync(lockPath(t), JSON.stringify({ pid: 1, hostname: 'other', startedAt: 'x' }));
    await lock.release();
    expect(existsSync(lockPath(t))).toBe(true);
  });
});

describe('locks that cannot be judged', () => {
  it('a lock that is a folder fails at once (exit 8), naming why, whatever the timeout', async () => {
    const t = target();
    mkdirSync(lockPath(t));
    const t0 = Date.now();
    await expect(acquireLock(t, { timeoutS: 30, pollMs: 10 })).rejects.toMatchObject({
      exitCode: 8,
      message: expect.stringMatching(/cannot be read: it is a folder$/),
    });
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('an empty lock is stale once it is older than a moment, and never left by a failed run of ours', async () => {
    const t = target();
    writeFileSync(lockPath(t), '');
    await expect(acquireLock(t, { timeoutS: 0 })).rejects.toThrow(/a lock with no owner in it, written moments ago/);
    const old = new Date(Date.now() - 10_000);
    utimesSync(lockPath(t), old, old);
    const lock = await acquireLock(t, { timeoutS: 0 });
    expect(parseLock(readFileSync(lockPath(t), 'utf8'))?.pid).toBe(process.pid);
    await lock.release();
    expect(readdirSync(dirname(t))).toEqual([]);
  });

  it("an aborted wait rejects with the signal's reason", async () => {
    const t = target();
    writeFileSync(lockPath(t), JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: 'x' }));
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('stop')), 50);
    await expect(acquireLock(t, { timeoutS: 30, pollMs: 10, signal: ac.signal })).rejects.toThrow('stop');
  });
});

describe('lockTarget', () => {
  it('resolves symbolic links, also for a file not created yet', async () => {
    const t = target();
    const dir = realpathSync(dirname(t));
    writeFileSync(t, 'x');
    symlinkSync('out.csv', join(dir, 'link.csv'));
    symlinkSync(dir, join(dir, 'here'));
    expect(await lockTarget(join(dir, 'link.csv'))).toBe(join(dir, 'out.csv'));
    expect(await lockTarget(join(dir, 'here', 'new.csv'))).toBe(join(dir, 'new.csv'));
  });
});

describe('removeDeadTemps', () => {
  it("removes only the target's temporary files whose writer process is gone", async () => {
    const t = target();
    const dir = dirname(t);
    const dead = deadPid();
    const names = [
      `.out.csv.${dead}.0123456789ab.tmp`,
      `.out.csv.${process.pid}.0123456789ab.tmp`,
      `.other.csv.${dead}.0123456789ab.tmp`,
      'out.csv',
    ];
    for (const n of names) writeFileSync(join(dir, n), 'x');
    expect(await removeDeadTemps(t)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(names.slice(1).sort());
  });

  it('also removes the private copy of a lock that a killed run left before linking it', async () => {
    const t = target();
    const dir = dirname(t);
    const names = [`.out.csv.lock.${deadPid()}.0123456789ab.tmp`, `.out.csv.lock.${process.pid}.0123456789ab.tmp`];
    for (const n of names) writeFileSync(join(dir, n), 'x');
    expect(await removeDeadTemps(t)).toBe(1);
    expect(readdirSync(dir)).toEqual([names[1]]);
  });
});
