/**
 * Whether a store refuses a second conditional write. The lake's commits are safe with many writers
 * only because putIfAbsent fails for the loser; a store that quietly overwrites (an S3-compatible
 * server without `If-None-Match: *`, or one that answers NotImplemented) would let two writers both
 * "win" one version. So before writing, gpumkt writes a probe object twice under a reserved key and
 * requires the second write to fail with KeyExistsError; then removes it.
 */
import { randomBytes } from 'node:crypto';
import { OutputError } from '../errors.js';
import { KeyExistsError, type Store } from './store.js';

/** Where probes are written: reserved, outside every table. */
export const PROBE_PREFIX = '_gpumkt/probe/';

/** The store does not refuse a second conditional write: gpumkt will not write a lake to it (exit 7). */
export class UnsafeStoreError extends OutputError {
  constructor(
    readonly store: string,
    why: string,
  ) {
    super(
      `${store} ${why}: two writers could overwrite each other's commits, so gpumkt will not write a lake there`,
      'use a store that honours If-None-Match: * (AWS S3, a recent MinIO, R2…), or, when only one writer ever runs, --unsafe-single-writer',
    );
  }
}

const unsupported = (err: unknown): boolean => {
  const e = err as { code?: unknown; status?: unknown };
  return e.code === 'NotImplemented' || e.status === 501;
};

/** Resolves when `store` refuses a second putIfAbsent of one key; UnsafeStoreError when it does not. */
export async function probeConditionalWrites(store: Store): Promise<void> {
  const key = `${PROBE_PREFIX}${randomBytes(8).toString('hex')}`;
  const body = `{"probe":"gpumkt","key":"${key}"}\n`;
  try {
    try {
      await store.putIfAbsent(key, body);
    } catch (err) {
      if (err instanceof KeyExistsError) throw new UnsafeStoreError(store.name, 'refused a conditional write of a new object');
      if (unsupported(err)) throw new UnsafeStoreError(store.name, 'does not implement conditional writes (If-None-Match: *)');
      throw err;
    }
    try {
      await store.putIfAbsent(key, body);
    } catch (err) {
      if (err instanceof KeyExistsError) return;
      if (unsupported(err)) throw new UnsafeStoreError(store.name, 'does not implement conditional writes (If-None-Match: *)');
      throw err;
    }
    throw new UnsafeStoreError(store.name, 'accepted a second conditional write of one object (If-None-Match: * is ignored)');
  } finally {
    await store.delete(key).catch(() => undefined);
  }
}
