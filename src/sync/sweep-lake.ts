/** What a killed run left in a lake, cleared by the next run before it writes (docs/sync.md). */
import type { Context } from '../context.js';
import { sweepStaleDirs } from '../store/dir-swap.js';
import { sweepStale, sweepTree } from '../store/stale-temp.js';
import { sweepTable } from '../lake/sweep.js';
import { STATE_FILE } from './state.js';
import type { SyncSettings } from './targets.js';

/** On a lake other writers share, a data file no commit lists is another run's in-flight file until it is this old. */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Clears what a killed run left in the lake: data files no commit lists (written by a run killed
 * before its commit, or a stray copy: said) and, in the hive layout, files a commit removed. On a local
 * folder this run holds the lake's lock, so no writer is alive there: temporary dataset folders, a
 * dataset set aside mid-swap (restored), temporary files and the folders left empty go too. On object
 * storage another machine may be writing: only untracked files older than ORPHAN_AGE_MS are removed.
 */
export async function sweepLake(
  ctx: Context,
  s: Pick<SyncSettings, 'lake' | 'store' | 'format' | 'folder' | 'tableFormat'>,
  datasets: ReadonlyArray<{ name: string; kind: string }>,
): Promise<void> {
  const folder = s.folder;
  if (folder !== undefined) await sweepStale(folder, STATE_FILE, 0);
  for (const { name } of datasets) {
    if (folder !== undefined) {
      await sweepStaleDirs(folder, name);
      await sweepTree(joinKeyPath(folder, name));
    }
    const untracked = await sweepTable(s.store, name, s.format, {
      keepRemoved: s.tableFormat === 'delta',
      // Judged by this machine's real clock against the store's LastModified (not the pinned GPUMKT_TODAY).
      minAgeMs: folder === undefined ? ORPHAN_AGE_MS : 0,
    }).catch(() => []);
    // A run killed before its commit leaves files of gpumkt's naming: removed without a word.
    const stray = untracked.filter((rel) => !/(^|\/)part-\d{5}-[0-9a-f]{8}\.[a-z]+$/.test(rel));
    if (stray.length > 0)
      ctx.log.warn(
        `${name}: removed ${stray.slice(0, 3).join(', ')}${stray.length > 3 ? ` (and ${stray.length - 3} more)` : ''}, not among the files its log lists`,
      );
    if (untracked.length > 0 && folder !== undefined) await sweepTree(joinKeyPath(folder, name));
  }
}

/** A dataset's folder in a local lake. */
function joinKeyPath(folder: string, name: string): string {
  return `${folder}/${name}`;
}
