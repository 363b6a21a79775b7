/** The declared column types of a dataset, for typed formats (parquet), derived from its documented row shape. */
import type { Endpoint } from '../api/endpoint.js';
import type { Kind } from '../api/validate.js';
import type { ColumnType } from '../output/format-types.js';

// Each documented kind (api/validate.ts) as the column type it is written as. A list of strings has no
// flat column type: it is written as JSON text, as csv writes it.
const TYPE_OF_KIND: Readonly<Record<Kind, ColumnType>> = {
  datetime: 'timestamp',
  date: 'date',
  number: 'double',
  'number|null': 'double',
  'int|null': 'int',
  int: 'int',
  uint: 'int',
  boolean: 'bool',
  string: 'string',
  'string[]': 'string',
  'string[]|null': 'string',
  'string|null': 'string',
  'date|null': 'date',
  'datetime|null': 'timestamp',
  'object[]': 'string',
  'object|null': 'string',
};

/**
 * The type of every documented row field of `endpoint` (plus `gpu`, the model name the runner adds);
 * fields the shape does not declare are left out, so the format infers them from the rows.
 */
export function declaredColumnTypes(endpoint: Endpoint<unknown, unknown>, perModel: boolean): Record<string, ColumnType> {
  const types: Record<string, ColumnType> = perModel ? { gpu: 'string' } : {};
  // Rows that rows() flattens out of a nested body declare their own shape; else `data`'s rows are the rows.
  for (const [field, spec] of Object.entries(endpoint.flatRows ?? endpoint.envelope?.rows ?? {})) {
    const name = endpoint.rename && Object.hasOwn(endpoint.rename, field) ? (endpoint.rename[field] as string) : field;
    types[name] = TYPE_OF_KIND[(spec.endsWith('?') ? spec.slice(0, -1) : spec) as Kind];
  }
  return types;
}

/** --columns with the service's short names (`d`, `p` …) replaced by the columns they are read as. */
export function columnAliases(columns: readonly string[], rename: Readonly<Record<string, string>>): string[] {
  return columns.map((c) => (Object.hasOwn(rename, c) ? (rename[c] as string) : c));
}
