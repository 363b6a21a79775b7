/**
 * Lists a user types (positional names, `--tier A,B`, `--datasets x,y`): one rule for every command, so
 * `h100,h200`, `h100 h200` and `h100, h200` mean the same everywhere.
 */

/** The words of typed arguments: each split at commas, trimmed, empty ones dropped. */
export function typedWords(inputs: readonly string[]): string[] {
  return inputs
    .flatMap((i) => i.split(','))
    .map((i) => i.trim())
    .filter((i) => i !== '');
}

/**
 * The entries typed words name, in the order typed and each once. `all` (any case) stands for every
 * entry of `every` when that is given; any other word goes through `resolve`, which throws the usage
 * error (with its suggestion) for a word it does not know.
 */
export function resolveWords<T>(inputs: readonly string[], resolve: (word: string) => T, every?: readonly T[]): T[] {
  const out: T[] = [];
  for (const word of typedWords(inputs)) {
    for (const entry of every !== undefined && word.toLowerCase() === 'all' ? every : [resolve(word)])
      if (!out.includes(entry)) out.push(entry);
  }
  return out;
}
