/**
 * The columns of a Parquet export: the plan's, then every other field of the rows in order of first
 * appearance, whatever order or shape the rows come in (unless --columns chose them).
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/domain/row.js';
import type { FormatOptions } from '../../../../src/output/format-types.js';
import { parquetColumnNames } from '../../../../src/output/parquet/format.js';
import { formatOptions } from '../../../helpers/format-options.js';

const opts = (columns: string[], selected = false): FormatOptions => formatOptions(columns, { selected });

describe('parquetColumnNames', () => {
  it('adds the fields the plan does not name, in order of first appearance, from any row', () => {
    const rows: Row[] = [
      { t: 1, v: 2 },
      { t: 1, v: 2 },
      { t: 1, v: 2, extra: 'a' }, // one more key at the end
      { v: 2, t: 1, later: true }, // another order
      { t: 1 }, // fewer keys
      { t: 1, v: 2, extra: 'b', last: 0 },
      { first: 0, t: 1, v: 2 }, // a new key in front of known ones
    ];
    expect(parquetColumnNames(rows, opts(['t', 'v']))).toEqual(['t', 'v', 'extra', 'later', 'last', 'first']);
  });

  it('keeps the plan’s order, and only its columns when --columns chose them', () => {
    const rows: Row[] = [{ a: 1, b: 2, c: 3 }];
    expect(parquetColumnNames(rows, opts(['c', 'a']))).toEqual(['c', 'a', 'b']);
    expect(parquetColumnNames(rows, opts(['c', 'a'], true))).toEqual(['c', 'a']);
  });
});
