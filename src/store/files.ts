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

// The one errno-to-words table: every file error gpumkt reports (outputs, config, locks) reads it.
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
  ELOOP: 'too many levels of symbolic links',
};

/** A file-system error in plain words (the first line of Node's message when the code is not a common one). */
export function describeFsError(err: unknown): string {
  const code = errorCode(err);
  const known = code === undefined ? undefined : REASONS[code];
  if (known !== undefined) return known;
  return err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
}

/**
 * The one temporary-name rule: the stem of a temporary sibling of `dest` is `.<name>.<pid>.<12 hex>`
 * in the same folder, and a suffix says what it holds (`.tmp` being written, `.old` being replaced).
 * The pid lets a later run tell a dead run's leftovers from a live one's (parseTempName).
 */
export function tempStem(dest: string, hex: string): string {
  return path.join(path.dirname(dest), `.${path.basename(dest)}.${process.pid}.${hex}`);
}

/** The pid and suffix of a temporary sibling of `base` named by tempStem, or undefined for any other name. */
export function parseTempName(name: string, base: string): { readonly pid: number; readonly suffix: string } | undefined {
  const prefix = `.${base}.`;
  if (!name.startsWith(prefix)) return undefined;
  const m = /^(\d+)\.[0-9a-f]{12}\.([a-z]+)$/.exec(name.slice(prefix.length));
  return m ? { pid: Number(m[1]), suffix: m[2] as string } : undefined;
}

/** The temporary sibling of `dest` for an atomic replace: `.<name>.<pid>.<random>.tmp` in the same folder. */
export async function tempPathFor(dest: string): Promise<string> {
  // node:crypto is loaded here, not at start-up: stdout-only runs never need it.
  const { randomBytes } = await import('node:crypto');
  return `${tempStem(dest, randomBytes(6).toString('hex'))}.tmp`;
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
