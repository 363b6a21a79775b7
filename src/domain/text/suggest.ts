/** "Did you mean …?": the closest valid name to one typed wrong (columns, models, formats, keys, types). */

/** Edit distance with transpositions (optimal string alignment): `ocupancy`→`occupancy` is 1, `jsno`→`json` 1. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((d[i - 1] as number[])[j]! + 1, (d[i] as number[])[j - 1]! + 1, (d[i - 1] as number[])[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (d[i - 2] as number[])[j - 2]! + 1);
      (d[i] as number[])[j] = v;
    }
  }
  return (d[a.length] as number[])[b.length]!;
}

/**
 * The candidate closest to `input` (case-insensitive), if close enough to be a typo: at most a third
 * of its letters off (one for short names), or `input` a prefix of it (`h10` → `h100`).
 */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  const typed = input.trim().toLowerCase();
  if (typed === '') return undefined;
  let best: { name: string; score: number } | undefined;
  for (const name of candidates) {
    const lower = name.toLowerCase();
    const score = lower.startsWith(typed) && typed.length >= 2 ? 0.5 : editDistance(typed, lower);
    if (best === undefined || score < best.score) best = { name, score };
  }
  if (best === undefined) return undefined;
  return best.score <= Math.max(1, Math.ceil(typed.length / 3)) ? best.name : undefined;
}

/** `did you mean 'x'? ` when a candidate is close, else the empty string (for the start of a hint). */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const c = closest(input, candidates);
  return c === undefined ? '' : `did you mean '${c}'? `;
}
