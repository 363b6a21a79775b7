/**
 * The file-system steps of `<file>.lock` (lock.ts): creating it whole, and saying why one cannot be
 * read. Apart from the locking rules so that each stays short.
 */
import { randomBytes } from 'node:crypto';
import { link, lstat, open, unlink } from 'node:fs/promises';
import { OutputError } from '../../errors.js';
import { describeFsError, errorCode, tempStem } from '../files.js';

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
  const temp = `${tempStem(file, randomBytes(6).toString('hex'))}.tmp`;
  const failed = (err: unknown) => new OutputError(`cannot create lock ${file}: ${describeFsError(err)}`);
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
  return describeFsError(err);
}
