/**
 * The local file system for the callers that still name files by path (an export's -o target, an
 * --append file, a partitioned folder): what is at a path, a folder's names, a file's bytes as a
 * stream. Apart from the Store (store.ts) so that every import of node:fs stays in store/ (lint rule
 * `fs-in-store-only`); new code takes a Store and keys instead.
 */
import { accessSync, constants, createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';

/** What is at a path. */
export interface PathInfo {
  readonly kind: 'file' | 'folder' | 'other';
  readonly size: number;
  readonly modifiedMs: number;
}

/**
 * What is at `p` (symbolic links followed); undefined when nothing is (ENOENT), or that error thrown
 * with `missing: 'throw'`. Other errors are thrown as they come.
 */
export async function pathInfo(p: string, opts: { missing?: 'undefined' | 'throw' } = {}): Promise<PathInfo | undefined> {
  try {
    const st = await stat(p);
    return { kind: st.isFile() ? 'file' : st.isDirectory() ? 'folder' : 'other', size: st.size, modifiedMs: st.mtimeMs };
  } catch (err) {
    if (opts.missing !== 'throw' && (err as { code?: unknown } | null)?.code === 'ENOENT') return undefined;
    throw err;
  }
}

/** One entry of a folder. */
export interface FolderEntry {
  readonly name: string;
  readonly kind: 'file' | 'folder' | 'other';
}

/** The names in folder `dir` with their kinds (symbolic links not followed: 'other'), unsorted. Errors are thrown as they come. */
export async function folderEntries(dir: string): Promise<FolderEntry[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.map((e) => ({ name: e.name, kind: e.isFile() ? 'file' : e.isDirectory() ? 'folder' : 'other' }));
}

/** The names in folder `dir`, unsorted. Errors are thrown as they come. */
export async function folderNames(dir: string): Promise<string[]> {
  return readdir(dir);
}

/** Makes folder `dir` and its parents where missing (with `mode` where given: 0o700 for a private cache). */
export async function makeFolder(dir: string, mode?: number): Promise<void> {
  await mkdir(dir, { recursive: true, ...(mode === undefined ? {} : { mode }) });
}

/** The whole of `file`'s bytes (a Parquet file an append rewrites: read whole anyway, and kept for its row groups). */
export function fileBytes(file: string): Promise<Buffer> {
  return readFile(file);
}

/** The bytes of `file` from `start` to `end` (inclusive, as createReadStream counts), in chunks of up to `chunk` bytes. */
export function fileChunks(file: string, opts: { start?: number; end?: number; chunk?: number } = {}): AsyncIterable<Buffer> {
  return createReadStream(file, {
    ...(opts.start !== undefined ? { start: opts.start } : {}),
    ...(opts.end !== undefined ? { end: opts.end } : {}),
    ...(opts.chunk !== undefined ? { highWaterMark: opts.chunk } : {}),
  }) as AsyncIterable<Buffer>;
}

/** undefined when `file` is executable by this process; else the error code (ENOENT: no such file). */
export function notExecutable(file: string): string | undefined {
  try {
    accessSync(file, constants.X_OK);
    return undefined;
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : 'EACCES';
  }
}
