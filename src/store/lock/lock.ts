/**
 * `<file>.lock`: one run at a time per output file. Created whole and exclusively (lock-fs.ts), it holds
 * the owner's pid, hostname and start time; a lock left by a dead process on this host (a run killed
 * with SIGKILL, a crashed machine) or holding no owner is taken over, one held by a live process or
 * another host is waited for, and one that cannot be read ends the run (exit 8). Pids are reused (after
 * a reboot, or a busy machine's wrap-around): where the kernel tells a process's start time (Linux:
 * /proc/<pid>/stat), the lock records it, and a live pid that started at another time is another
 * process, so the lock is stale.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { link, lstat, readFile, realpath, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { LockedError } from '../../errors.js';
import { describeFsError, errorCode } from '../files.js';
import { sleep } from '../../domain/time/sleep.js';
import { isAlive, sweepStale } from '../stale-temp.js';
import { lockWriter, unreadable, type LockWriter } from './lock-fs.js';

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

/**
 * The file a lock guards: `target` with every symbolic link resolved (for a file not created yet, its
 * folder's), so `--append link.csv` and `--append real.csv` share one lock, next to the real file.
 */
export async function lockTarget(target: string): Promise<string> {
  const abs = path.resolve(target);
  try {
    return await realpath(abs);
  } catch {
    const dir = await realpath(path.dirname(abs)).catch(() => path.dirname(abs));
    return path.join(dir, path.basename(abs));
  }
}

/** Parses a lock file's text; undefined when it is not one of ours (empty, half-written, foreign). */
export function parseLock(text: string): LockInfo | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockInfo>;
    if (
      typeof v.pid === 'number' &&
      typeof v.hostname === 'string' &&
      typeof v.startedAt === 'string' &&
      (v.procStart === undefined || typeof v.procStart === 'string')
    )
      return v as LockInfo;
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
    throw new LockedError(`cannot take over the stale lock ${file}: ${describeFsError(err)}`, `remove ${file} if no run is active`);
  }
  const moved = await readFile(aside, 'utf8').catch(() => '');
  if (moved !== staleText) await link(aside, file).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

// A lock with no owner in it was written by a run that failed before it could say who it was (or by
// an older gpumkt, between creating and writing it). Once it is this old, nobody is writing it.
const OWNERLESS_GRACE_MS = 2_000;

// Tries without a sleep in between, when the lock changed under us (released, taken over).
const QUICK_RETRIES = 3;

/**
 * Takes `<target>.lock`, waiting up to `timeoutS` for a live holder; throws LockedError (exit 8) after,
 * or at once when the lock cannot be read (a folder, a dangling symlink, another user's private file).
 * Every wait sleeps and ends on the signal: no state of the lock makes this spin or hang.
 */
export async function acquireLock(target: string, opts: LockOptions): Promise<Lock> {
  const file = lockPath(target);
  const procStart = processStartTime(process.pid);
  const info: LockInfo = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: (opts.now?.() ?? new Date()).toISOString(),
    ...(procStart ? { procStart } : {}),
  };
  const text = `${JSON.stringify(info)}\n`;
  if (opts.signal?.aborted) throw opts.signal.reason;
  const writer = await lockWriter(file, text);
  try {
    await takeWhenFree(target, writer, opts);
  } finally {
    await writer.dispose();
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

/** The wait of acquireLock: resolves once `writer` has put our lock in place. */
async function takeWhenFree(target: string, writer: LockWriter, opts: LockOptions): Promise<void> {
  const file = lockPath(target);
  const deadline = Date.now() + opts.timeoutS * 1000;
  const hint = `remove ${file} if no run is active`;
  let quick = QUICK_RETRIES;
  for (;;) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (await writer.create()) return;
    const seen = await inspect(file);
    if (seen.state === 'unreadable') throw new LockedError(`${target} is locked, and the lock ${file} cannot be read: ${seen.why}`, hint);
    if (seen.state === 'stale') await takeOver(file, seen.text);
    if (seen.state === 'held') quick = QUICK_RETRIES;
    // Released or taken over just now: try again at once, a few times in a row; otherwise wait.
    else if (quick-- > 0) continue;
    if (Date.now() >= deadline) throw timedOut(target, seen, hint);
    await sleep(Math.min(opts.pollMs ?? 200, Math.max(1, deadline - Date.now())), opts.signal);
  }
}

/** The error of a wait that ran out; a lock whose holder is alive on this host is never called removable. */
function timedOut(target: string, seen: Seen, hint: string): LockedError {
  const held = seen.state === 'held' ? seen.owner : undefined;
  const who = held
    ? `pid ${held.pid} on ${held.hostname}, since ${held.startedAt}`
    : seen.state === 'held'
      ? 'a lock with no owner in it, written moments ago'
      : 'the lock keeps changing';
  const live = held !== undefined && held.hostname === hostname();
  return new LockedError(
    `${target} is locked by another run (${who})`,
    live ? 'wait for it, or raise --lock-timeout' : `wait for it, raise --lock-timeout, or ${hint}`,
  );
}

/** What is at the lock's path: nothing any more, something unreadable, a stale lock, or a lock held (by `owner` when it names one). */
type Seen =
  | { readonly state: 'gone' }
  | { readonly state: 'unreadable'; readonly why: string }
  | { readonly state: 'stale'; readonly text: string }
  | { readonly state: 'held'; readonly owner?: LockInfo };

async function inspect(file: string): Promise<Seen> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const why = await unreadable(file, err);
    return why === undefined ? { state: 'gone' } : { state: 'unreadable', why };
  }
  const owner = parseLock(text);
  if (owner !== undefined) return isStale(owner) ? { state: 'stale', text } : { state: 'held', owner };
  // No owner in it: stale once old enough that nobody can still be writing it.
  return (await ownerlessAndOld(file)) ? { state: 'stale', text } : { state: 'held' };
}

/**
 * True when the lock at `file` was written longer ago than the grace period (it holds no owner to ask),
 * or is dated further ahead than that: the clock was set back, and "moments ago" would hold forever.
 */
async function ownerlessAndOld(file: string): Promise<boolean> {
  const st = await lstat(file).catch(() => undefined);
  return st !== undefined && Math.abs(Date.now() - st.mtimeMs) >= OWNERLESS_GRACE_MS;
}

/**
 * Removes temporary files that killed runs left next to `target` (of the data file, and of its lock):
 * under the lock nobody else writes them, so no age is required.
 */
export async function removeDeadTemps(target: string): Promise<number> {
  const dest = await realpath(target).catch(() => path.resolve(target));
  const dir = path.dirname(dest);
  return (await sweepStale(dir, path.basename(dest), 0)) + (await sweepStale(dir, path.basename(lockPath(dest)), 0));
}
