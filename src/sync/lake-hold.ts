/**
 * One writer at a time per lake, before anything is written. A local folder: the folder is created
 * and the lake's lock file taken (store/lock/). Object storage: the store is first probed for
 * conditional writes (store/probe.ts; every run, three requests: a store behind a new proxy or
 * gateway is caught the day it changes) unless --unsafe-single-writer says only one writer ever runs,
 * then the lease object `.gpumkt-sync.lease` is taken (store/lease.ts), renewed while the run goes
 * on and released at its end; a lease whose holder was a process of this machine that no longer runs
 * (kill -9) is taken over at once, else a killed run's lease frees the lake when it expires. Correctness rests on the commits (put-if-absent); the lease only keeps
 * a second run from fetching the same data (docs/object-storage.md).
 */
import { hostname } from 'node:os';
import path from 'node:path';
import type { Context } from '../context.js';
import { sleep } from '../domain/time/sleep.js';
import { outputError } from '../store/file-sink.js';
import { takeLease, LeaseHeldError, type Lease } from '../store/lease.js';
import { acquireLock } from '../store/lock/lock.js';
import { makeFolder } from '../store/paths.js';
import { probeConditionalWrites } from '../store/probe.js';
import { isAlive } from '../store/stale-temp.js';
import type { LakeLocation } from './open-lake.js';
import { LOCK_NAME } from './state.js';

/** The lease object's key in a lake on object storage (starts with LOCK_NAME: a lake holding it alone is still new). */
export const LEASE_KEY = `${LOCK_NAME}.lease`;

/** How long a lease lasts without renewal: a killed run's lease frees the lake after this. */
export const LEASE_TTL_MS = 10 * 60 * 1000;

/** How the lake is held. */
export interface HoldOptions {
  /** Seconds to wait for another run (--lock-timeout); 0 fails at once (exit 8). */
  readonly lockTimeoutS: number;
  /** --unsafe-single-writer: skip the probe (object storage). */
  readonly unsafeSingleWriter?: boolean;
}

/**
 * True when the lease's holder is a process of this machine that no longer runs (a run killed with
 * SIGKILL): its lease is taken over at once, as the local lock takes over a dead process's lock.
 */
function heldByTheDead(err: LeaseHeldError): boolean {
  const m = /^(.*) pid (\d+)$/.exec(err.holder?.holder ?? '');
  const pid = Number(m?.[2]);
  return m?.[1] === hostname() && pid !== process.pid && pid > 0 && !isAlive(pid);
}

/** Takes the lease, waiting up to timeoutS for another run's to end or expire. */
async function leaseWithin(ctx: Context, lake: LakeLocation, timeoutS: number): Promise<Lease> {
  const until = Date.now() + timeoutS * 1000;
  const holder = `${hostname()} pid ${process.pid}`;
  let tookOver = false;
  for (;;) {
    try {
      return await takeLease(lake.store, LEASE_KEY, holder, LEASE_TTL_MS);
    } catch (err) {
      if (err instanceof LeaseHeldError && !tookOver && heldByTheDead(err)) {
        tookOver = true;
        ctx.log.verbose(`${lake.location}/${LEASE_KEY}: ${err.holder?.holder ?? ''} no longer runs; its lease is taken over`);
        await lake.store.delete(LEASE_KEY);
        continue;
      }
      if (!(err instanceof LeaseHeldError) || Date.now() >= until) throw err;
      await sleep(Math.min(1000, Math.max(0, until - Date.now())), ctx.signal);
    }
  }
}

/** Holds the lake for this run (see the module comment); the release runs with the run's clean-ups. */
export async function holdLake(ctx: Context, lake: LakeLocation, opts: HoldOptions): Promise<void> {
  if (lake.folder !== undefined) {
    const folder = lake.folder;
    await makeFolder(folder).catch((err: unknown) => {
      throw outputError(folder, err);
    });
    const lock = await acquireLock(path.join(folder, LOCK_NAME), {
      timeoutS: opts.lockTimeoutS,
      signal: ctx.signal,
      now: () => new Date(),
    });
    ctx.onCleanup(() => lock.release());
    return;
  }
  if (opts.unsafeSingleWriter === true)
    ctx.log.warn(
      `--unsafe-single-writer: ${lake.location} was not probed for conditional writes; two writers at once could lose each other's commits`,
    );
  else await probeConditionalWrites(lake.store);
  const lease = await leaseWithin(ctx, lake, opts.lockTimeoutS);
  let lost = false;
  const timer = setInterval(() => {
    lease.renew().catch((err: unknown) => {
      if (lost) return;
      lost = true;
      ctx.log.warn(`${err instanceof Error ? err.message : String(err)}; the commits stay safe, another run may fetch the same data`);
    });
  }, LEASE_TTL_MS / 3);
  timer.unref();
  ctx.onCleanup(async () => {
    clearInterval(timer);
    await lease.release();
  });
}
