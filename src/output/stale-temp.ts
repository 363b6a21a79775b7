/** Clean-up of temporary files that a killed run of gpumkt left next to its -o target. */
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

// Left behind only by a run killed with SIGKILL (or a crash): old enough, and its process is gone.
const STALE_AFTER_MS = 10 * 60 * 1000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errorCode(err) === 'EPERM';
  }
}

/**
 * Removes `.name.<pid>.<random>.tmp` files of earlier runs whose process no longer exists and that
 * were last written over 10 minutes ago (a process in another PID namespace writing the same folder
 * must not lose its file). Best effort: a failure here never stops the export.
 */
export async function sweepStale(dir: string, base: string): Promise<void> {
  const prefix = `.${base}.`;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const m = /^(\d+)\.[0-9a-f]{12}\.tmp$/.exec(name.slice(prefix.length));
    if (!m) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || isAlive(pid)) continue;
    const p = path.join(dir, name);
    const st = await stat(p).catch(() => undefined);
    if (st?.isFile() !== true || Date.now() - st.mtimeMs < STALE_AFTER_MS) continue;
    await unlink(p).catch(() => undefined);
  }
}

