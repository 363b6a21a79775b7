/** Runs several requests concurrently through the session (the client's limiter paces them). */

/** Maps `items` through `fn` with at most `concurrency` in flight; results keep the input order. */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** How many requests run at once on fan-out: one per model, within a small pool. */
export const FAN_OUT = 6;
