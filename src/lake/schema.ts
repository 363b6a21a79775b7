/** A table's Delta schema: the columns its rows are written with (as the format types them), then the partition columns. */
import type { Row } from '../domain/row.js';
import type { ColumnTally, ColumnType, TypedColumn } from '../output/format-types.js';
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

/** The schema of the rows a write passes partition by partition, none of them kept: `schema()` is schemaOf of all of them. */
export interface SchemaTally {
  add(rows: readonly Row[]): void;
  schema(partitionTypes?: Readonly<Record<string, DeltaType>>): DeltaColumn[];
}

/** The columns of rows given chunk by chunk: the format's own tally, or (a format without one) the rows kept for columnsFor. */
function columnTally(w: TableWriter): ColumnTally | undefined {
  const f = w.formatter;
  if (f.columnsFor === undefined) return undefined;
  if (f.columnTally !== undefined) return f.columnTally(w.options);
  const kept: Row[] = [];
  return {
    add: (rows) => void kept.push(...rows),
    columns: () => (f.columnsFor as NonNullable<typeof f.columnsFor>)(kept, w.options),
  };
}

/** A SchemaTally for the table `w` writes. */
export function schemaTally(w: TableWriter): SchemaTally {
  const tally = columnTally(w);
  return {
    add: (rows) => tally?.add(rows),
    schema(partitionTypes = {}) {
      const typed: readonly TypedColumn[] = tally ? tally.columns() : w.options.columns.map((name) => ({ name, type: 'string' as const }));
      const cols = typed.filter((c) => !w.partitionColumns.includes(c.name)).map((c) => ({ name: c.name, type: DELTA_TYPES[c.type] }));
      return [...cols, ...w.partitionColumns.map((name) => ({ name, type: partitionTypes[name] ?? ('string' as const) }))];
    },
  };
}

/** The table's schema for its first commit: the columns the rows are written with, then the partition columns. */
export function schemaOf(w: TableWriter, rows: readonly Row[], partitionTypes: Readonly<Record<string, DeltaType>> = {}): DeltaColumn[] {
  const tally = schemaTally(w);
  tally.add(rows);
  return tally.schema(partitionTypes);
}
