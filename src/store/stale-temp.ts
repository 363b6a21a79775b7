/** Clean-up of temporary files that a killed run of gpumkt left next to its -o target. */
import { readdir, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { parseTempName } from './files.js';

// Left behind only by a run killed with SIGKILL (or a crash): old enough, and its process is gone.
const STALE_AFTER_MS = 10 * 60 * 1000;

/** True when a local process with this pid exists (EPERM: it exists but is not ours). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: unknown } | null)?.code === 'EPERM';
  }
}

/**
 * Removes `.name.<pid>.<random>.tmp` files of earlier runs whose process no longer exists and that
 * were last written at least `minAgeMs` ago (default 10 minutes: a process in another PID namespace
 * writing the same folder must not lose its file; a run holding the output's lock may pass 0).
 * Best effort: a failure here never stops the export. Resolves to the number of files removed.
 */
export async function sweepStale(dir: string, base: string, minAgeMs = STALE_AFTER_MS): Promise<number> {
  let names: string[];
  let removed = 0;
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const m = parseTempName(name, base);
    if (m?.suffix !== 'tmp') continue;
    const pid = m.pid;
    if (pid === process.pid || isAlive(pid)) continue;
    const p = path.join(dir, name);
    const st = await stat(p).catch(() => undefined);
    if (st?.isFile() !== true || Date.now() - st.mtimeMs < minAgeMs) continue;
    await unlink(p).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}

/**
 * In each folder directly under `dir` (a snapshot dataset's `snapshot_date=<day>` folders): removes the
 * temporary files of `base` whose process is gone (any age: the caller holds the lock of what `dir`
 * belongs to), then the folder itself when nothing is left in it (a snapshot that failed or was killed
 * before its file was in place). Best effort. Resolves to the number of files and folders removed.
 */
export async function sweepSubfolders(dir: string, base: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let removed = 0;
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const sub = path.join(dir, e.name);
    removed += await sweepStale(sub, base, 0);
    if ((await readdir(sub).catch(() => ['?'])).length === 0) {
      await rmdir(sub).then(
        () => removed++,
        () => undefined,
      );
    }
  }
  return removed;
}

/**
 * Under `dir` (a lake table's folder; the caller holds the lock of what it belongs to): removes every
 * temporary file (`.<name>.<pid>.<hex>.tmp`, any name) whose process is gone, then each folder below
 * `dir` left with nothing in it (a partition whose files a commit removed, a snapshot that failed).
 * Best effort. Resolves to the number of files and folders removed.
 */
export async function sweepTree(dir: string, top = true): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let removed = 0;
  const bases = new Set<string>();
  for (const e of entries) {
    if (e.isDirectory()) removed += await sweepTree(path.join(dir, e.name), false);
    else {
      const m = /^\.(.+)\.\d+\.[0-9a-f]+\.tmp$/.exec(e.name);
      if (m?.[1] !== undefined) bases.add(m[1]);
    }
  }
  for (const base of bases) removed += await sweepStale(dir, base, 0);
  if (!top && (await readdir(dir).catch(() => ['?'])).length === 0) {
    await rmdir(dir).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}
