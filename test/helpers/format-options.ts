/**
 * The format options a plain run writes with (no terminal, no colour, every header, RFC 4180 CSV, no
 * formula guard): the starting point of every test that hands rows to a formatter or a lake table.
 */
import type { FormatOptions } from '../../src/output/format-types.js';

/** FormatOptions for `columns`, as a plain run gives them, with `over` on top. */
export function formatOptions(columns: readonly string[], over: Partial<FormatOptions> = {}): FormatOptions {
  return { columns, selected: false, header: true, color: false, width: 80, csvSafe: false, dialect: 'rfc4180', ...over };
}
