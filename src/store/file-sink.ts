/** Atomic file output for --output: temporary file in the same folder, fsync, rename. */
import { constants, type Stats } from 'node:fs';
import { access, open, realpath, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { OutputError } from '../errors.js';
import { describeFsError, errorCode, syncFolder, tempPathFor } from './files.js';
import type { Sink } from './sink.js';
import { sweepStale } from './stale-temp.js';

/** An OutputError naming `target`, with a friendly reason for the usual system error codes. */
export function outputError(target: string, err: unknown): OutputError {
  if (err instanceof OutputError) return err;
  return new OutputError(`cannot write ${target}: ${describeFsError(err)}`);
}

async function statOrUndefined(p: string): Promise<Stats | undefined> {
  try {
    return await stat(p);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}

/** Checks that `dir` (the folder `target` goes into) exists, is a folder and is writable; an OutputError otherwise. */
export async function checkFolder(target: string, dir: string): Promise<void> {
  const st = await statOrUndefined(dir);
  if (st === undefined) throw new OutputError(`cannot write ${target}: folder ${dir} does not exist`);
  if (!st.isDirectory()) throw new OutputError(`cannot write ${target}: ${dir} is not a folder`);
  try {
    await access(dir, constants.W_OK);
  } catch {
    throw new OutputError(`cannot write ${target}: folder ${dir} is not writable`);
  }
}

/** Where a target really is: a non-regular existing file (written directly), or a regular destination in a checked folder. */
type Resolved = { kind: 'direct'; abs: string } | { kind: 'atomic'; dest: string; dir: string; st: Stats | undefined };

// Checked before anything is created, so a typo in --output leaves no trace and costs no request.
async function resolveTarget(target: string): Promise<Resolved> {
  // path.resolve drops a trailing slash: `new.csv/` would silently become the file `new.csv`.
  if (target.endsWith('/') || target.endsWith(path.sep))
    throw new OutputError(`cannot write ${target}: a name ending in / is a folder, not a file`);
  const abs = path.resolve(target);
  let st: Stats | undefined;
  try {
    st = await statOrUndefined(abs);
  } catch (err) {
    throw outputError(target, err);
  }
  if (st?.isDirectory() === true) throw new OutputError(`cannot write ${target}: it is a folder`);
  if (st !== undefined && !st.isFile()) return { kind: 'direct', abs };
  const dest = st === undefined ? abs : await realpath(abs).catch(() => abs);
  const dir = path.dirname(dest);
  await checkFolder(target, dir);
  return { kind: 'atomic', dest, dir, st };
}

/** Checks that `target` can be written (its folder exists and is writable; it is not a folder), creating nothing. */
export async function checkOutputTarget(target: string): Promise<void> {
  await resolveTarget(target);
}

/**
 * A sink on a file, replaced atomically: the text goes to `.<name>.<pid>.<random>.tmp` in the same
 * folder, which end() fsyncs and renames over the target; until then the old file is untouched. The
 * target keeps its mode; a symlinked target stays a symlink (its destination is replaced). An existing
 * non-regular target (/dev/null, /dev/stdout, a FIFO) is written directly: renaming over it would be wrong.
 */
export async function fileSink(target: string): Promise<Sink> {
  const resolved = await resolveTarget(target);
  if (resolved.kind === 'direct') return directSink(target, resolved.abs);
  const { dest, dir, st } = resolved;
  const mode = st === undefined ? undefined : st.mode & 0o7777;
  await sweepStale(dir, path.basename(dest));
  const tmp = await tempPathFor(dest);
  let fh: FileHandle;
  try {
    // 'wx': never follow or reuse something already at the temporary name.
    fh = await open(tmp, 'wx', mode ?? 0o666);
  } catch (err) {
    throw outputError(target, err);
  }
  const sink = new AtomicFileSink(target, tmp, dest, fh);
  if (mode !== undefined) {
    // open() applies the umask; the replaced file must keep exactly the old mode (e.g. 0600 stays 0600).
    await fh.chmod(mode).catch(async (err: unknown) => {
      await sink.abort();
      throw outputError(target, err);
    });
  }
  return sink;
}

// Write all of `buf`: a single write() may take only part of it.
async function writeFully(fh: FileHandle, buf: Uint8Array): Promise<void> {
  let off = 0;
  while (off < buf.length) off += (await fh.write(buf, off, buf.length - off)).bytesWritten;
}

class AtomicFileSink implements Sink {
  readonly closed = false;
  // Writes are chained: FileHandle.write must not run concurrently on one file.
  private chain: Promise<void> = Promise.resolve();
  private state: 'open' | 'ending' | 'done' | 'aborted' = 'open';
  private handleClosed = false;
  private aborting: Promise<void> | undefined;

  constructor(
    private readonly target: string,
    private readonly tmp: string,
    private readonly dest: string,
    private readonly fh: FileHandle,
  ) {}

  write(chunk: string | Uint8Array): Promise<void> {
    if (this.state !== 'open') return Promise.reject(new OutputError(`cannot write ${this.target}: already closed`));
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.chain = this.chain
      .then(() => writeFully(this.fh, buf))
      .catch((err: unknown) => {
        throw outputError(this.target, err);
      });
    return this.chain;
  }

  async end(): Promise<void> {
    if (this.state !== 'open') throw new OutputError(`cannot write ${this.target}: already closed`);
    this.state = 'ending';
    try {
      await this.chain;
      await this.fh.sync();
      await this.closeHandle();
      // An abort (Ctrl-C) that arrived while flushing wins: the old file stays.
      if (this.isAborted()) throw new OutputError(`cannot write ${this.target}: interrupted`);
      await rename(this.tmp, this.dest);
      this.state = 'done';
    } catch (err) {
      await this.cleanup();
      throw outputError(this.target, err);
    }
    await syncFolder(path.dirname(this.dest));
  }

  abort(): Promise<void> {
    if (this.state === 'done') return Promise.resolve();
    this.state = 'aborted';
    this.aborting ??= this.cleanup();
    return this.aborting;
  }

  private isAborted(): boolean {
    return this.state === 'aborted';
  }

  private async closeHandle(): Promise<void> {
    if (this.handleClosed) return;
    this.handleClosed = true;
    await this.fh.close();
  }

  private async cleanup(): Promise<void> {
    await this.chain.catch(() => undefined);
    await this.closeHandle().catch(() => undefined);
    await unlink(this.tmp).catch(() => undefined);
  }
}

/** A sink that writes straight into an existing device or FIFO (`-o /dev/stdout`): nothing to replace. */
async function directSink(target: string, abs: string): Promise<Sink> {
  let fh: FileHandle;
  try {
    fh = await open(abs, 'w');
  } catch (err) {
    throw outputError(target, err);
  }
  let chain: Promise<void> = Promise.resolve();
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => (closing ??= chain.catch(() => undefined).then(() => fh.close()));
  const sink = {
    closed: false,
    write(chunk: string | Uint8Array): Promise<void> {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      chain = chain
        .then(() => (sink.closed ? undefined : writeFully(fh, buf)))
        .catch((err: unknown) => {
          // A FIFO whose reader left is a broken pipe, as on stdout: stop quietly.
          if (errorCode(err) === 'EPIPE') sink.closed = true;
          else throw outputError(target, err);
        });
      return chain;
    },
    async end() {
      await chain;
      await close().catch((err: unknown) => {
        throw outputError(target, err);
      });
    },
    async abort() {
      await close().catch(() => undefined);
    },
  };
  return sink;
}
