/**
 * The local file system's Store (store.ts): a folder, keys as paths below it. put writes a temporary
 * sibling (`.<name>.<pid>.<hex>.tmp`, files.ts), fsyncs it and renames it over the key; putIfAbsent
 * hard-links a fully written temporary file to the key (link fails when the name exists), or creates
 * it exclusively where hard links are not supported; list skips temporary files. Folders are made as
 * keys need them.
 */
import { link, mkdir, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { OutputError } from '../errors.js';
import { describeFsError, errorCode, syncFolder, tempPathFor } from './files.js';
import { KeyExistsError, isKey, type Body, type ByteRange, type Store, type StoredObject } from './store.js';

/** How a local store is set up. */
export interface LocalStoreOptions {
  /** The mode of the files it creates (exactly: the umask does not apply); 0644 by default, readable by a team sharing the folder. */
  readonly mode?: number;
}

// A temporary sibling of files.ts's naming rule: `.<name>.<pid>.<12 hex>.<suffix>`.
const TEMP = /^\..+\.\d+\.[0-9a-f]{12}\.[a-z]+$/;

/** A Store on the folder `root` (made when the first object is put). */
export function localStore(root: string, opts: LocalStoreOptions = {}): Store {
  return new LocalStore(path.resolve(root), opts.mode ?? 0o644);
}

class LocalStore implements Store {
  constructor(
    readonly name: string,
    private readonly mode: number,
  ) {}

  private fileOf(key: string): string {
    if (!isKey(key)) throw new OutputError(`cannot use ${JSON.stringify(key)} as a name in ${this.name}`);
    return path.join(this.name, ...key.split('/'));
  }

  private failed(key: string, err: unknown): OutputError {
    return err instanceof OutputError ? err : new OutputError(`cannot write ${this.fileOf(key)}: ${describeFsError(err)}`);
  }

  async list(prefix: string, opts: { readonly limit?: number } = {}): Promise<StoredObject[]> {
    // Start from the deepest folder the prefix names whole; filter the rest by key.
    const cut = prefix.lastIndexOf('/');
    const dir = cut < 0 ? '' : prefix.slice(0, cut);
    const out: StoredObject[] = [];
    await walk(this.name, dir, prefix, out, opts.limit ?? Infinity);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async read(key: string, range?: ByteRange): Promise<Uint8Array | undefined> {
    const file = this.fileOf(key);
    let fh: FileHandle;
    try {
      fh = await open(file, 'r');
    } catch (err) {
      if (errorCode(err) === 'ENOENT' || errorCode(err) === 'ENOTDIR') return undefined;
      throw new OutputError(`cannot read ${file}: ${describeFsError(err)}`);
    }
    try {
      return await readRange(fh, range);
    } catch (err) {
      throw new OutputError(`cannot read ${file}: ${describeFsError(err)}`);
    } finally {
      await fh.close().catch(() => undefined);
    }
  }

  async put(key: string, body: Body): Promise<void> {
    const file = this.fileOf(key);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await replaceFile(file, body, this.mode);
    } catch (err) {
      throw this.failed(key, err);
    }
  }

  async putIfAbsent(key: string, body: string | Uint8Array): Promise<void> {
    const file = this.fileOf(key);
    let created: boolean;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      created = await createFile(file, body, this.mode);
    } catch (err) {
      throw this.failed(key, err);
    }
    if (!created) throw new KeyExistsError(key);
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    try {
      await unlink(file);
    } catch (err) {
      if (errorCode(err) === 'ENOENT' || errorCode(err) === 'ENOTDIR') return;
      throw new OutputError(`cannot remove ${file}: ${describeFsError(err)}`);
    }
    await syncFolder(path.dirname(file));
  }
}

/** Adds the objects under `root/dir` whose key starts with `prefix` to `out`, until it holds `limit`. */
async function walk(root: string, dir: string, prefix: string, out: StoredObject[], limit: number): Promise<void> {
  const entries = await readdir(path.join(root, ...dir.split('/').filter(Boolean)), { withFileTypes: true }).catch((err: unknown) => {
    // The store's own folder being a file is an error; a key prefix naming a file just matches nothing below it.
    if (errorCode(err) === 'ENOTDIR' && dir === '') throw new OutputError(`${root} is not a folder`);
    if (errorCode(err) === 'ENOENT' || errorCode(err) === 'ENOTDIR') return [];
    throw new OutputError(`cannot list ${path.join(root, dir)}: ${describeFsError(err)}`);
  });
  for (const e of entries) {
    if (out.length >= limit) return;
    const key = dir === '' ? e.name : `${dir}/${e.name}`;
    if (TEMP.test(e.name)) continue;
    if (e.isDirectory()) {
      // A folder whose key is a prefix of `prefix`, or that `prefix` is a prefix of, may hold matches.
      if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(root, key, prefix, out, limit);
    } else if (e.isFile() && key.startsWith(prefix)) {
      const st = await stat(path.join(root, ...key.split('/'))).catch(() => undefined);
      if (st !== undefined) out.push({ key, size: st.size, modifiedMs: st.mtimeMs });
    }
  }
}

async function readRange(fh: FileHandle, range: ByteRange | undefined): Promise<Uint8Array> {
  if (range === undefined) return new Uint8Array(await fh.readFile());
  const size = (await fh.stat()).size;
  const start = Math.min(Math.max(0, range.start), size);
  const end = Math.min(Math.max(start, range.end ?? size), size);
  const buf = Buffer.alloc(end - start);
  let off = 0;
  while (off < buf.length) {
    const { bytesRead } = await fh.read(buf, off, buf.length - off, start + off);
    if (bytesRead === 0) break;
    off += bytesRead;
  }
  return new Uint8Array(buf.buffer, buf.byteOffset, off);
}

/** Writes all of `chunk` at the handle's position: one write() may take only part of it. */
async function writeAll(fh: FileHandle, chunk: string | Uint8Array): Promise<void> {
  const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  let off = 0;
  while (off < buf.length) off += (await fh.write(buf, off, buf.length - off)).bytesWritten;
}

/** Writes `body` to the new file `file` ('wx', exactly `mode`) and fsyncs it; a failed write removes it. */
async function writeNew(file: string, body: Body, mode: number): Promise<void> {
  const fh = await open(file, 'wx', mode);
  try {
    await fh.chmod(mode);
    if (typeof body === 'string' || body instanceof Uint8Array) await writeAll(fh, body);
    else for await (const chunk of body) await writeAll(fh, chunk);
    await fh.sync();
  } catch (err) {
    await fh.close().catch(() => undefined);
    await unlink(file).catch(() => undefined);
    throw err;
  }
  await fh.close();
}

/** Replaces `file` with `body` atomically: a temporary sibling, fsynced, renamed over it. */
async function replaceFile(file: string, body: Body, mode: number): Promise<void> {
  const temp = await tempPathFor(file);
  await writeNew(temp, body, mode);
  try {
    await rename(temp, file);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  await syncFolder(path.dirname(file));
}

// link() errors of file systems without hard links (FAT, some network shares).
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK']);

/**
 * Creates `file` with `body` only when nothing is at its name: false when something is. A fully
 * written temporary file is hard-linked to the name, so the object is never seen half-written.
 */
async function createFile(file: string, body: string | Uint8Array, mode: number): Promise<boolean> {
  const temp = await tempPathFor(file);
  await writeNew(temp, body, mode);
  try {
    await link(temp, file);
    await syncFolder(path.dirname(file));
    return true;
  } catch (err) {
    if (errorCode(err) === 'EEXIST') return false;
    if (!NO_HARD_LINKS.has(errorCode(err) ?? '')) throw err;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  try {
    await writeNew(file, body, mode);
  } catch (err) {
    if (errorCode(err) === 'EEXIST') return false;
    throw err;
  }
  await syncFolder(path.dirname(file));
  return true;
}
