/**
 * How the rows of a lake dataset are told apart across versions (docs/point-in-time.md): a series' row
 * is its time and key columns (`timestamp` and `gpu`, `date` and `product`); a snapshot's row, with no
 * key of its own, is every value it holds under its `snapshot_date`, so a copy fetched again the same
 * day that differs is a new version and nothing is ever merged away. The versioned merge
 * (lake/versions.ts mergeVersions' `key`) and `gpumkt lake log` use the same identity.
 */
import type { Row } from '../domain/row.js';
import { KNOWN_COLUMNS } from '../lake/versions.js';
import type { LakeDataset } from './lake-datasets.js';

/** A row's identity in a lake dataset: its time column, its key columns, its main value column, and the key text. */
export interface RowIdentity {
  readonly time: string;
  /** The key columns besides the time (empty for a snapshot without a declared key: the whole row is then its key). */
  readonly keys: readonly string[];
  readonly value?: string;
  readonly key: (r: Row) => string;
}

/** A key cell as text (a partition value, a name; anything else as JSON). */
export function cellText(v: unknown): string {
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v);
}

/** The identity of the rows of `lake`. */
export function rowIdentity(lake: LakeDataset): RowIdentity {
  const time = lake.timeKey ?? 'snapshot_date';
  const keys = lake.ds.keyColumns ?? [lake.partition ?? lake.ds.targetColumn].filter((c): c is string => c !== undefined);
  const value = lake.ds.endpoint.valueKey;
  if (keys.length === 0 && lake.kind === 'snapshot') {
    const whole = (r: Row): string =>
      JSON.stringify(
        Object.keys(r)
          .filter((c) => !KNOWN_COLUMNS.includes(c))
          .sort()
          .map((c) => [c, r[c] ?? null]),
      );
    return { time, keys, value, key: whole };
  }
  return { time, keys, value, key: (r) => [time, ...keys].map((c) => cellText(r[c])).join(' ') };
}
