/** Clean-up of temporary files that a killed run of gpumkt left next to its -o target. */
import { readdir, stat, unlink } from 'node:fs/promises';
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
