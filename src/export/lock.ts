/**
 * `<file>.lock`: one run at a time per output file. Created with O_EXCL, it holds the owner's pid,
 * hostname and start time; a lock left by a dead process on this host (a run killed with SIGKILL, a
 * crashed machine) is taken over, one held by a live process or another host is waited for. Pids are
 * reused (after a reboot, or a busy machine's wrap-around): where the kernel tells a process's start
 * time (Linux: /proc/<pid>/stat), the lock records it, and a live pid that started at another time is
 * another process, so the lock is stale.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { link, open, readFile, realpath, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { LockedError, OutputError } from '../errors.js';
import { errorCode } from '../domain/files.js';
import { sleep } from '../domain/sleep.js';
import { isAlive, sweepStale } from '../output/stale-temp.js';

/** What a lock file holds. */
export interface LockInfo {
  readonly pid: number;
  readonly hostname: string;
  readonly startedAt: string;
  /** The owner's start time as the kernel counts it (clock ticks since boot), where known. */
  readonly procStart?: string;
}

/** A held lock. */
export interface Lock {
  readonly path: string;
  /** Removes the lock file if it is still ours; idempotent. */
  release(): Promise<void>;
}

/** How acquireLock is set up. */
export interface LockOptions {
  /** Seconds to wait for a live holder; 0 fails at once. */
  readonly timeoutS: number;
  readonly signal?: AbortSignal;
  /** Poll interval while waiting (ms). */
  readonly pollMs?: number;
  /** The start time written into the lock. */
  readonly now?: () => Date;
}

/** The lock file's path for an output file. */
export function lockPath(target: string): string {
  return `${target}.lock`;
}

/** Parses a lock file's text; undefined when it is not one of ours (empty, half-written, foreign). */
export function parseLock(text: string): LockInfo | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockInfo>;
    if (typeof v.pid === 'number' && typeof v.hostname === 'string' && typeof v.startedAt === 'string' && (v.procStart === undefined || typeof v.procStart === 'string')) return v as LockInfo;
  } catch {
    // fall through: not a lock we can judge
  }
  return undefined;
}

/**
 * A process's start time in clock ticks since boot: field 22 of /proc/<pid>/stat (Linux). The command
 * name (field 2) may hold spaces and parentheses, so fields are counted after its last `)`.
 * Undefined where there is no /proc or no such process.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // rest[0] is field 3 (state), so field 22 is rest[19].
    const v = rest[19];
    return v !== undefined && /^\d+$/.test(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** True when `info` names a process on this host that no longer exists (or whose pid now belongs to another process). */
export function isStale(info: LockInfo): boolean {
  if (info.hostname !== hostname()) return false;
  if (!isAlive(info.pid)) return true;
  if (info.procStart === undefined) return false;
  const now = processStartTime(info.pid);
  return now !== undefined && now !== info.procStart;
}

async function tryCreate(file: string, text: string): Promise<boolean> {
  try {
    const fh = await open(file, 'wx', 0o644);
    try {
      await fh.writeFile(text);
      await fh.sync();
    } finally {
      await fh.close();
    }
    return true;
  } catch (err) {
    if (errorCode(err) === 'EEXIST') return false;
    throw new OutputError(`cannot create lock ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * Moves a stale lock aside. The rename is atomic, but between reading the stale lock and renaming it
 * another run may have taken it over and written its own: then the moved file is not the stale one
 * and is linked back (link fails rather than overwrite a newer lock).
 */
async function takeOver(file: string, staleText: string): Promise<void> {
  const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await rename(file, aside);
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return;
    throw err;
  }
  const moved = await readFile(aside, 'utf8').catch(() => '');
  if (moved !== staleText) await link(aside, file).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

/** Takes `<target>.lock`, waiting up to `timeoutS` for a live holder; throws LockedError (exit 8) after. */
export async function acquireLock(target: string, opts: LockOptions): Promise<Lock> {
  const file = lockPath(target);
  const procStart = processStartTime(process.pid);
  const info: LockInfo = { pid: process.pid, hostname: hostname(), startedAt: (opts.now?.() ?? new Date()).toISOString(), ...(procStart ? { procStart } : {}) };
  const text = `${JSON.stringify(info)}\n`;
  const deadline = Date.now() + opts.timeoutS * 1000;
  for (;;) {
    if (await tryCreate(file, text)) break;
    const heldText = await readFile(file, 'utf8').catch(() => undefined);
    if (heldText === undefined) continue; // released between our two calls: try again at once
    const held = parseLock(heldText);
    if (held !== undefined && isStale(held)) {
      await takeOver(file, heldText);
      continue;
    }
    if (Date.now() >= deadline) {
      const who = held ? `pid ${held.pid} on ${held.hostname}, since ${held.startedAt}` : 'an unreadable lock';
      throw new LockedError(
        `${target} is locked by another run (${who})`,
        `wait for it, raise --lock-timeout, or remove ${file} if no run is active`,
      );
    }
    await sleep(Math.min(opts.pollMs ?? 200, Math.max(1, deadline - Date.now())), opts.signal);
  }
  let released = false;
  return {
    path: file,
    async release() {
      if (released) return;
      released = true;
      // Only remove what is still ours (a lock that someone removed by hand and another run re-took stays).
      const now = await readFile(file, 'utf8').catch(() => undefined);
      if (now === text) await unlink(file).catch(() => undefined);
    },
  };
}

/** Removes temporary files that killed runs left next to `target`: under the lock nobody else writes them, so no age is required. */
export async function removeDeadTemps(target: string): Promise<number> {
  const dest = await realpath(target).catch(() => path.resolve(target));
  return sweepStale(path.dirname(dest), path.basename(dest), 0);
}
