/** A table's Delta schema: the columns its rows are written with (as the format types them), then the partition columns. */
import type { Row } from '../domain/row.js';
import type { ColumnType, TypedColumn } from '../output/format-types.js';
import type { DeltaColumn, DeltaType } from '../store/delta-commit.js';
import type { TableWriter } from './commit.js';

const DELTA_TYPES: Readonly<Record<ColumnType, DeltaType>> = {
  timestamp: 'timestamp',
  date: 'date',
  double: 'double',
  int: 'long',
  bool: 'boolean',
  string: 'string',
};

/** The table's schema for its first commit: the columns the rows are written with, then the partition columns. */
export function schemaOf(w: TableWriter, rows: readonly Row[], partitionTypes: Readonly<Record<string, DeltaType>> = {}): DeltaColumn[] {
  const typed: readonly TypedColumn[] = w.formatter.columnsFor
    ? w.formatter.columnsFor(rows, w.options)
    : w.options.columns.map((name) => ({ name, type: 'string' as const }));
  const cols = typed.filter((c) => !w.partitionColumns.includes(c.name)).map((c) => ({ name: c.name, type: DELTA_TYPES[c.type] }));
  return [...cols, ...w.partitionColumns.map((name) => ({ name, type: partitionTypes[name] ?? ('string' as const) }))];
}
