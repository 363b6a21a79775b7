/**
 * The file-system steps of `<file>.lock` (lock.ts): creating it whole, and saying why one cannot be
 * read. Apart from the locking rules so that each stays short.
 */
import { randomBytes } from 'node:crypto';
import { link, lstat, open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { OutputError } from '../errors.js';
import { errorCode } from '../domain/files.js';

/** Puts a lock file in place, or reports that one is there. */
export interface LockWriter {
  /** True once the lock is ours; false when a lock file already exists. */
  create(): Promise<boolean>;
  /** Removes the private copy (the lock itself, once created, stays); idempotent. */
  dispose(): Promise<void>;
}

/**
 * Prepares `file` with `text`, written once under a private name (`.<name>.<pid>.<hex>.tmp`, which
 * lock.ts sweeps should a killed run leave it), so that create() only has to hard-link it to the lock's
 * name — link fails if the name exists. A lock is never seen empty or half-written, and a write that
 * fails (disk full) leaves nothing behind. Where hard links are not supported, exclusive creation is
 * the fallback, and a failed write removes the file it created.
 */
export async function lockWriter(file: string, text: string): Promise<LockWriter> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const failed = (err: unknown) => new OutputError(`cannot create lock ${file}: ${fsReason(err)}`);
  try {
    await writeSynced(temp, text);
  } catch (err) {
    throw failed(err);
  }
  let linkable = true;
  return {
    async create() {
      try {
        if (linkable) {
          try {
            await link(temp, file);
            return true;
          } catch (err) {
            if (!NO_HARD_LINKS.has(errorCode(err) ?? '')) throw err;
            linkable = false;
          }
        }
        await writeSynced(file, text);
        return true;
      } catch (err) {
        if (errorCode(err) === 'EEXIST') return false;
        throw failed(err);
      }
    },
    async dispose() {
      await unlink(temp).catch(() => undefined);
    },
  };
}

// link() errors of file systems without hard links (FAT, some network shares).
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK']);

/** Writes `text` to a new file ('wx') and fsyncs it; a failed write removes the file it created. */
async function writeSynced(file: string, text: string): Promise<void> {
  const fh = await open(file, 'wx', 0o644);
  try {
    await fh.writeFile(text);
    await fh.sync();
  } catch (err) {
    await fh.close().catch(() => undefined);
    await unlink(file).catch(() => undefined);
    throw err;
  }
  await fh.close();
}

const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large (a file size limit is set)',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  EISDIR: 'it is a folder',
  ELOOP: 'too many levels of symbolic links',
};

/** A file-system error in a few words ("no space left on device"). */
export function fsReason(err: unknown): string {
  const code = errorCode(err);
  return (code !== undefined ? REASONS[code] : undefined) ?? (err instanceof Error ? err.message : String(err));
}

/**
 * What is at the lock's path when it cannot be read: undefined when nothing is there any more, or when
 * the read found nothing and a regular file is there now (the holder released it between the two
 * calls and a new holder took it: a live lock, to wait for, not one to report as broken).
 */
export async function unreadable(file: string, err: unknown): Promise<string | undefined> {
  const st = await lstat(file).catch(() => undefined);
  if (st === undefined) return undefined;
  if (st.isSymbolicLink() && errorCode(err) === 'ENOENT') return 'it is a symbolic link to nothing';
  if (st.isFile() && errorCode(err) === 'ENOENT') return undefined;
  if (st.isDirectory()) return 'it is a folder';
  return fsReason(err);
}
