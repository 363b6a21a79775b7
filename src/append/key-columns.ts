/**
 * The columns that tell an append's rows of one time apart: one (`gpu`, memory history's `id`) or
 * several (workload's `lab` and `family`). A row's key value is its key columns' text values joined by
 * a space, so a composite key reads like `2026-07-01 anthropic opus` in messages and manifests.
 */
import type { Row } from '../domain/row.js';

/** One key column or several, as a dataset declares them. */
export type KeyColumns = string | readonly string[];

/** The key columns as a list (`gpu` when none is declared). */
export function keyColumnList(key: KeyColumns | undefined): readonly string[] {
  return key === undefined ? ['gpu'] : typeof key === 'string' ? [key] : key;
}

/** The key value of a row (its key columns' text values, joined), or undefined when none is text. */
export function keyValue(row: Row | undefined, key: KeyColumns | undefined): string | undefined {
  if (row === undefined) return undefined;
  const parts: string[] = [];
  for (const c of keyColumnList(key)) {
    const v = row[c];
    if (typeof v === 'string' && v !== '') parts.push(v);
  }
  return parts.length === 0 ? undefined : parts.join(' ');
}
