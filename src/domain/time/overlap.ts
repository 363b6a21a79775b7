/**
 * How far a util-index request reaches back before the days it keeps: the descriptor's fetch plan
 * (src/datasets/util-index.ts) and the window splitter (src/run/fetch/util-index-chunks.ts) share it.
 * Apart from the descriptor, so that a run of another command does not evaluate util-index's.
 */

/** Days each later chunk (and an append) reaches back, so its first row keeps its decomposition. */
export const UTIL_INDEX_OVERLAP_DAYS = 14;
