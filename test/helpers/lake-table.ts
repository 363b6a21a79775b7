/**
 * A lake table written by hand for the lake's unit tests: daily rows, the writer of a `history` table
 * partitioned by gpu, and its first commit.
 */
import type { Row } from '../../src/domain/row.js';
import type { FormatOptions } from '../../src/output/format-types.js';
import { getFormatter } from '../../src/output/formats.js';
import { commitTable, type NewFile, type TableWriter } from '../../src/lake/commit.js';
import { schemaOf } from '../../src/lake/schema.js';
import type { Store } from '../../src/store/store.js';
import { readTable, readTableRows } from '../../src/lake/table.js';
import { formatOptions } from './format-options.js';

/** The options a history table is written with. */
export const OPTIONS: FormatOptions = formatOptions(['timestamp', 'index_value', 'gpu'], {
  types: { timestamp: 'timestamp', index_value: 'double' },
});

/** Daily rows of `gpu` from `from` for `n` days, values base, base + 1, … */
export function days(gpu: string, from: string, n: number, base = 1): Row[] {
  const t0 = Date.parse(`${from}T00:00:00.000Z`);
  return Array.from({ length: n }, (_, i) => ({
    timestamp: new Date(t0 + i * 86_400_000).toISOString(),
    index_value: base + i,
    gpu,
  }));
}

/** The writer of the `history` table in `store` (parquet, partitioned by gpu, unless `extra` says otherwise). */
export async function historyWriter(store: Store, extra: Partial<TableWriter> = {}): Promise<TableWriter> {
  const format = extra.format ?? 'parquet';
  return {
    store,
    table: 'history',
    format,
    formatter: await getFormatter(format),
    options: OPTIONS,
    timeKey: 'timestamp',
    partitionColumns: ['gpu'],
    ...extra,
  };
}

/** The table's first commit (version 0), adding `files`; resolves to its version. */
export function createTable(store: Store, w: TableWriter, files: readonly NewFile[]): Promise<number> {
  return commitTable(
    store,
    w.table,
    undefined,
    { add: files, remove: [], columns: schemaOf(w, days('x', '2026-11-01', 1)), operation: 'WRITE' },
    w,
  );
}

/** Every row of each of `names` (through its log), each as sorted-key JSON, sorted: a lake's content to compare. */
export async function tablesRows(store: Store, names: readonly string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const name of names) {
    const snap = await readTable(store, name);
    out[name] =
      snap === undefined ? [] : (await readTableRows(store, name, snap)).map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();
  }
  return out;
}
