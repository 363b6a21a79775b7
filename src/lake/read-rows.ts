/**
 * The rows of one dataset of a lake, read through its Store: the files of the table's latest commit
 * (table.ts), the hive partition values added back as columns; a lake written before commits, its
 * data files as they are. The commit log, temporary and hidden objects are never data.
 */
import type { Row } from '../domain/row.js';
import { LAKE_FORMATS } from '../output/formats.js';
import type { Store } from '../store/store.js';
import { readTable, readTableRows } from './table.js';

/** Every row of `table` (a dataset's key prefix in the lake's store), the partition columns added back as text. */
export async function lakeRows(store: Store, table: string): Promise<Row[]> {
  // A table with a log names its own format; one without is recognised by its files' extension.
  for (const format of LAKE_FORMATS) {
    const snap = await readTable(store, table, { format });
    if (snap !== undefined) return readTableRows(store, table, snap);
  }
  return [];
}
