/**
 * The fetched rows of a versioned write (series.ts), partition by partition, as the table's format
 * writes and reads them back (version-rows.ts asWritten): a partition's rows go through the format
 * when its turn comes, so a large write never holds more than one partition's rows in their read-back
 * form. Partitions smaller than ROUND_TRIP_ROWS go through it together (a next day's few rows per
 * model: one round trip, not one per model). Every part is typed as all the fetched rows are
 * (writtenOptions), so it reads back as it would among all of them.
 */
import type { Row } from '../domain/row.js';
import type { FormatOptions } from '../output/format-types.js';
import type { TableWriter } from './commit.js';
import { asWritten, writtenOptions } from './version-rows.js';

/** Rows from which a partition goes through the format on its own. */
export const ROUND_TRIP_ROWS = 10_000;

/** The partition a row or file belongs to, as a key. */
export function partOf(values: Readonly<Record<string, unknown>>, cols: readonly string[]): string {
  const text = (v: unknown): string | null =>
    v === null || v === undefined || v === '' ? null : typeof v === 'string' ? v : (JSON.stringify(v) ?? null);
  return JSON.stringify(cols.map((c) => text(values[c])));
}

/** partOf for rows one after another: a row with the values of the row before it gets the same key, not a new one. */
function partKeys(cols: readonly string[]): (r: Row) => string {
  let last: Row | undefined;
  let key = '';
  return (r) => {
    if (last === undefined || !cols.every((c) => r[c] === (last as Row)[c])) key = partOf(r, cols);
    last = r;
    return key;
  };
}

/** One partition's fetched rows as read back; `own`: made by the round trip (not the fetched rows themselves). */
export interface WrittenPart {
  readonly rows: readonly Row[];
  readonly own: boolean;
}

/** The fetched rows by partition, each taken once, in read-back form (see the module comment). */
export class FetchedParts {
  private readonly groups = new Map<string, Row[]>();
  private readonly ready = new Map<string, WrittenPart>();
  private readonly opts: FormatOptions;

  constructor(
    private readonly w: TableWriter,
    fetched: readonly Row[],
  ) {
    const keyOf = partKeys(w.partitionColumns);
    for (const r of fetched) {
      const k = keyOf(r);
      let g = this.groups.get(k);
      if (g === undefined) this.groups.set(k, (g = []));
      g.push(r);
    }
    this.opts = writtenOptions(w, fetched);
  }

  /** The partitions fetched, in the order of their first row. */
  keys(): string[] {
    return [...this.groups.keys()];
  }

  /** Partition `key`'s rows as read back (none when nothing was fetched for it); `next`: the partitions taken after it, in order. */
  async take(key: string, next: readonly string[]): Promise<WrittenPart> {
    if (!this.ready.has(key) && this.groups.has(key)) await this.roundTrip([key, ...next]);
    const part = this.ready.get(key) ?? { rows: [], own: false };
    this.ready.delete(key);
    return part;
  }

  /** Puts `order[0]`'s rows through the format, with those of the partitions after it while the rows stay under ROUND_TRIP_ROWS. */
  private async roundTrip(order: readonly string[]): Promise<void> {
    const batch: Array<[string, Row[]]> = [];
    let n = 0;
    for (const k of order) {
      const g = this.groups.get(k);
      if (g === undefined) continue;
      if (batch.length > 0 && n + g.length > ROUND_TRIP_ROWS) break;
      batch.push([k, g]);
      n += g.length;
    }
    const input = batch.length === 1 ? (batch[0] as [string, Row[]])[1] : batch.flatMap(([, g]) => g);
    const back = await asWritten(this.w, input, this.opts);
    let at = 0;
    for (const [k, g] of batch) {
      const rows = batch.length === 1 ? back : back.slice(at, at + g.length);
      at += g.length;
      this.ready.set(k, { rows: samePartition(rows, k, this.w.partitionColumns), own: back !== input });
      this.groups.delete(k);
    }
  }
}

/**
 * `rows` (a partition's fetched rows as the table's format reads them back), checked to be still of
 * partition `key`: a partition value reads back as the text it was (a model's name, a day).
 */
function samePartition(rows: readonly Row[], key: string, cols: readonly string[]): readonly Row[] {
  const keyOf = partKeys(cols);
  for (const r of rows) if (keyOf(r) !== key) throw new Error(`a row of partition ${key} reads back in partition ${keyOf(r)}`);
  return rows;
}
