/** Sparklines: a series as a short run of block characters (▁▂▃▄▅▆▇█), for summaries. */

const BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/**
 * Draws `values` in at most `width` characters: longer series are averaged into `width` buckets;
 * the lowest value maps to ▁ and the highest to █ (a flat series is all ▄). Empty input gives ''.
 */
export function sparkline(values: readonly number[], width = 24): string {
  if (values.length === 0 || width < 1) return '';
  const buckets: number[] = [];
  const n = Math.min(width, values.length);
  for (let b = 0; b < n; b++) {
    const lo = Math.floor((b * values.length) / n);
    const hi = Math.max(lo + 1, Math.floor(((b + 1) * values.length) / n));
    let sum = 0;
    for (let i = lo; i < hi; i++) sum += values[i] as number;
    buckets.push(sum / (hi - lo));
  }
  const min = Math.min(...buckets);
  const max = Math.max(...buckets);
  if (max === min) return BLOCKS[3].repeat(buckets.length);
  return buckets.map((v) => BLOCKS[Math.min(7, Math.floor(((v - min) / (max - min)) * 8))] as string).join('');
}
