/**
 * Waiting appends wait: a lock that vanishes or changes while being inspected is "held, wait", never
 * "cannot be read … remove it"; no message tells anyone to delete a live lock; an empty lock dated in
 * the future (a clock set back) is taken over like an old one, not "written moments ago" forever.
 */
import { utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { acquireLock, lockPath } from '../../../../src/store/lock/lock.js';
import { unreadable } from '../../../../src/store/lock/lock-fs.js';
import { LockedError } from '../../../../src/errors.js';
import { makeTempDir } from '../../../helpers/temp.js';

let target: string;
beforeEach(() => {
  target = path.join(makeTempDir('lock-races'), 'h.parquet');
});

const enoent = (): Error => Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' });

describe('a lock that changes while being inspected', () => {
  it('read failed with ENOENT, and by the lstat a new holder has written its lock: not unreadable', async () => {
    writeFileSync(lockPath(target), JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() }));
    expect(await unreadable(lockPath(target), enoent())).toBeUndefined();
  });

  it('20 runs taking and releasing one lock, each waiting for the others: all get it, none is told to delete it', async () => {
    let holders = 0;
    let peak = 0;
    const one = async (): Promise<void> => {
      const lock = await acquireLock(target, { timeoutS: 120, pollMs: 5 });
      holders += 1;
      peak = Math.max(peak, holders);
      await new Promise((r) => setImmediate(r));
      holders -= 1;
      await lock.release();
    };
    const results = await Promise.allSettled(Array.from({ length: 20 }, one));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
    expect(peak).toBe(1);
  }, 120_000);
});

describe('messages and clocks', () => {
  it('a live holder on this host: the timeout message never says to remove the lock', async () => {
    writeFileSync(lockPath(target), JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: '2026-11-20T00:00:00.000Z' }));
    const err = await acquireLock(target, { timeoutS: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LockedError);
    expect(`${(err as LockedError).message} ${(err as LockedError).hint ?? ''}`).not.toMatch(/remove/);
    expect((err as LockedError).message).toMatch(/is locked by another run \(pid \d+ on .+, since 2026-11-20T00:00:00\.000Z\)/);
  });

  it('an empty lock dated an hour in the future (the clock was set back) is taken over', async () => {
    writeFileSync(lockPath(target), '');
    const future = new Date(Date.now() + 3600_000);
    utimesSync(lockPath(target), future, future);
    const lock = await acquireLock(target, { timeoutS: 0 });
    await lock.release();
  });
});
