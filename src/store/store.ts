/**
 * The storage seam (docs/architecture.md): everything gpumkt keeps — exports, appends, the lake — is
 * objects under keys in a Store. A key is a relative, `/`-separated name (`history/gpu=H100/part-0.parquet`);
 * a store knows no folders, renames, pids or paths, so a backend on object storage is one new file that
 * implements this interface. The local file system's backend is local.ts.
 *
 * The guarantees every backend gives:
 * - put is atomic per object: a reader sees the old object or the new one, never a part of it;
 * - putIfAbsent creates an object only when no object has the key (for locks and commit records) and
 *   fails with KeyExistsError, and nothing else, when one does;
 * - list never shows an object that is still being written.
 */

/** One object as list() sees it. */
export interface StoredObject {
  readonly key: string;
  readonly size: number;
  /** When it was last written (milliseconds since the epoch). */
  readonly modifiedMs: number;
}

/** Bytes to store: text (written as UTF-8), bytes, or a stream of byte chunks. */
export type Body = string | Uint8Array | AsyncIterable<Uint8Array | string>;

/** A byte range of an object: from `start` (inclusive) to `end` (exclusive; the object's end when omitted). */
export interface ByteRange {
  readonly start: number;
  readonly end?: number;
}

/** An object's bytes with its entity tag: an opaque version that every write of the key changes. */
export interface TaggedObject {
  readonly body: Uint8Array;
  readonly etag: string;
}

/** Where gpumkt keeps objects. */
export interface Store {
  /** How the store is named in messages (a folder, a bucket URL). */
  readonly name: string;
  /** Every object whose key starts with `prefix` ('' for all), sorted by key; at most `limit` of them (some, not the first). */
  list(prefix: string, opts?: { readonly limit?: number }): Promise<StoredObject[]>;
  /** An object's bytes (or a range of them); undefined when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Uint8Array | undefined>;
  /** Writes an object whole, replacing any object of that key atomically. */
  put(key: string, body: Body): Promise<void>;
  /** Creates an object only when the key is free; KeyExistsError when it is not. */
  putIfAbsent(key: string, body: string | Uint8Array): Promise<void>;
  /** Removes an object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Optional (object stores): an object with its tag, for a later putIfMatch; undefined when there is none. */
  readTagged?(key: string): Promise<TaggedObject | undefined>;
  /** Optional (object stores): replaces an object only while its tag is still `etag`; ObjectChangedError when it changed or is gone. */
  putIfMatch?(key: string, body: string | Uint8Array, etag: string): Promise<void>;
}

/** putIfAbsent found the key taken: another writer got there first. */
export class KeyExistsError extends Error {
  constructor(readonly key: string) {
    super(`${key} exists`);
    this.name = 'KeyExistsError';
  }
}

/** putIfMatch found the object changed (or gone) since it was read: another writer got there first. */
export class ObjectChangedError extends Error {
  constructor(readonly key: string) {
    super(`${key} changed`);
    this.name = 'ObjectChangedError';
  }
}

/** True when `key` is a valid key: relative, `/`-separated, no empty, `.` or `..` segment, no NUL or backslash. */
export function isKey(key: string): boolean {
  if (key === '' || key.includes('\0') || key.includes('\\')) return false;
  return key.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/** The key of `name` under the prefix `dir` ('' for the top). */
export function joinKey(dir: string, ...names: string[]): string {
  return [dir, ...names].filter((s) => s !== '').join('/');
}
