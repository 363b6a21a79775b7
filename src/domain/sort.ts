/** Sorting rows without the copy Array.prototype.sort makes when they already come in order. */

/**
 * Sorts `items` in place by `compare`, stably, as `items.sort(compare)` does. Rows usually arrive in
 * order already: ascending, or strictly descending (the service sends newest first). One pass finds
 * that, and the order is then kept or reversed in place, where V8's sort would first copy the whole
 * array into a work array of its own (8 MiB of peak memory for a million rows) and back. Strictly
 * descending only: reversing equal neighbours would break stability.
 */
export function sortInPlace<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  let ascending = true;
  let descending = true;
  for (let i = 1; i < items.length && (ascending || descending); i++) {
    const c = compare(items[i - 1] as T, items[i] as T);
    if (c > 0) ascending = false;
    else descending = false;
  }
  if (ascending) return items;
  if (descending) return items.reverse();
  return items.sort(compare);
}
