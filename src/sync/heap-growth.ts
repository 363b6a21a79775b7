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
 * fetches less (a next day's) never changes it. Its young generation stops growing too, as a single
 * large body's does (api/body/row-pieces.ts): a sync asks in windows that each stay below that body's
 * threshold, and Node 24's V8 had grown the young generation to 2 × 64 MiB by the write (a first
 * hourly sync of six models 265–270 → ~170 MiB on Node 24; Node 20's stops at 2 × 16 MiB). The flags
 * are put back when the dataset ends (the young generation's only if no large body froze it for the
 * rest of the run meanwhile): V8's code cache carries the flags it was made under, and bin/ writes it
 * at exit (a changed flag would make the next run compile everything again).
 */
import { setFlagsFromString } from 'node:v8';
import { youngGenerationFrozenForRun } from '../api/body/row-pieces.js';

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
      setFlagsFromString('--semi-space-growth-factor=1');
    },
    end() {
      if (!bounded) return;
      bounded = false;
      // V8's defaults (Node 20 and 24 alike): 0, its own growth factor; and a young generation that doubles.
      setFlagsFromString('--heap-growing-percent=0');
      if (!youngGenerationFrozenForRun()) setFlagsFromString('--semi-space-growth-factor=2');
    },
  };
}
