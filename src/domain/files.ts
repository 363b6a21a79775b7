/**
 * File-system basics every writer shares: errno codes and their plain words, the temporary name an
 * atomic write uses (the stale-file sweep in output/stale-temp.ts relies on exactly this pattern),
 * and a small atomic write for whole files (config).
 */
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/** The `code` of a Node system error, if any. */
export function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a parent of it is not a folder',
  ENOENT: 'folder does not exist',
  EFBIG: 'file too large (a file size limit is set)',
};

/** A file-system error in plain words (the first line of Node's message when the code is not a common one). */
export function describeFsError(err: unknown): string {
  const code = errorCode(err);
  const known = code === undefined ? undefined : REASONS[code];
  if (known !== undefined) return known;
  return err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
}

/** The temporary sibling of `dest` for an atomic replace: `.<name>.<pid>.<random>.tmp` in the same folder. */
export async function tempPathFor(dest: string): Promise<string> {
  // node:crypto is loaded here, not at start-up: stdout-only runs never need it.
  const { randomBytes } = await import('node:crypto');
  return path.join(path.dirname(dest), `.${path.basename(dest)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Best-effort fsync of a folder, so a rename in it survives a crash; not every platform allows it. */
export async function syncFolder(dir: string): Promise<void> {
  const fh = await open(dir, 'r').catch(() => undefined);
  if (fh === undefined) return;
  await fh.sync().catch(() => undefined);
  await fh.close().catch(() => undefined);
}

/**
 * Replaces `dest` with `data` atomically: a temporary file in the same folder (never an existing one),
 * fsynced, then renamed over it. `mode` is applied exactly (open() filters it through the umask).
 * On failure the temporary file is removed and `dest` is untouched.
 */
export async function writeFileAtomic(dest: string, data: string, mode: number): Promise<void> {
  const temp = await tempPathFor(dest);
  try {
    const fh = await open(temp, 'wx', mode);
    try {
      await fh.chmod(mode);
      await fh.writeFile(data, 'utf8');
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(temp, dest);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  await syncFolder(path.dirname(dest));
}
