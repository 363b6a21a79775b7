/**
 * V8's heap growth while a sync writes many rows (a first sync of years of hourly history). The lake's
 * write goes partition by partition (lake/series.ts writeVersions): a partition's rows as its format
 * reads them back, its versions and its encoded files are made and dropped before the next, so what
 * is live at once is the fetched rows and one partition. But what each partition leaves is garbage in
 * old space until V8's next full collection, which V8 sets by the live size at the last one (made
 * while the rows were still arriving) times its own growth factor, ~4 at that size: the next came
 * after the write, and every partition's garbage was in memory at its end. While a dataset whose
 * fetched rows reach LARGE_SYNC_ROWS runs, the old generation grows by at most HEAP_GROWING_PERCENT
 * between full collections (figures in docs/performance.md, `bench/sync-memory.mjs`); a dataset that
 * fetches less (a next day's) never changes it. The flag is put back when the dataset ends: V8's code
 * cache carries the flags it was made under, and bin/ writes it at exit (a changed flag would make the
 * next run compile everything again).
 */
import { setFlagsFromString } from 'node:v8';

/** Rows fetched for one dataset from which its heap growth is bounded. */
export const LARGE_SYNC_ROWS = 10_000;

/** The bound: the old generation may grow by this percentage of what was live at the last full collection. */
export const HEAP_GROWING_PERCENT = 50;

/** A dataset's bound: `see(rows)` after each response (rows fetched so far), `end()` when the dataset ends. */
export function heapGrowthBound(): { see(rows: number): void; end(): void } {
  let bounded = false;
  return {
    see(rows) {
      if (bounded || rows < LARGE_SYNC_ROWS) return;
      bounded = true;
      setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    },
    end() {
      if (!bounded) return;
      bounded = false;
      // 0 is V8's default: its own growth factor.
      setFlagsFromString('--heap-growing-percent=0');
    },
  };
}
