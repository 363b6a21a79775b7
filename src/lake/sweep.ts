/**
 * Clearing a table of what no commit names: the data files of a run killed before its commit (or a
 * stray copy), and, in the hive layout, the files a commit removed that a killed run left behind.
 */
import type { Store } from '../store/store.js';
import { readTable } from './table.js';

/** How sweepTable chooses. */
export interface SweepOptions {
  /** Keep the files the log removed (the Delta layout); else a removed file still there is deleted too. */
  readonly keepRemoved?: boolean;
  /**
   * Remove only untracked files older than this (ms): on a lake other writers share, a file no commit
   * lists yet may be another run's, written before its commit. 0 (the default): every one.
   */
  readonly minAgeMs?: number;
  readonly now?: () => number;
}

/**
 * Removes the data files no commit lists (a killed run's, a stray copy) from a table that has a log,
 * and (hive layout) the files a commit removed that a killed run left; resolves to their paths relative to the table.
 */
export async function sweepTable(store: Store, table: string, format: string, opts: SweepOptions = {}): Promise<string[]> {
  const snap = await readTable(store, table, { format });
  if (snap === undefined || snap.version < 0) return [];
  let untracked = snap.untracked;
  const minAge = opts.minAgeMs ?? 0;
  if (minAge > 0 && untracked.length > 0) {
    const now = (opts.now ?? Date.now)();
    const modified = new Map((await store.list(`${table}/`)).map((o) => [o.key, o.modifiedMs]));
    untracked = untracked.filter((rel) => now - (modified.get(`${table}/${rel}`) ?? now) >= minAge);
  }
  const gone = [...untracked, ...(opts.keepRemoved === true ? [] : snap.removedPresent)].sort();
  for (const rel of gone) await store.delete(`${table}/${rel}`);
  return gone;
}
