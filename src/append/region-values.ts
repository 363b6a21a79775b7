/** One column's values in the overlap region of a file --append extends, by row key, as written. */
import type { LineSyntax } from '../output/format-types.js';
import type { ExistingFile } from './read-existing.js';
import { parseCsvRecord, parseTsvRecord } from './records.js';

/** The values of `column` in the file's overlap region (empty when the file has no such column). */
export function regionColumn(existing: ExistingFile, format: LineSyntax, column: string): Map<string, string> {
  const out = new Map<string, string>();
  if (format === 'ndjson') {
    for (const r of existing.region) {
      const v = (JSON.parse(r.text) as Record<string, unknown>)[column];
      if (v !== undefined && v !== null) out.set(r.key, typeof v === 'string' ? v : JSON.stringify(v));
    }
    return out;
  }
  const parse = format === 'csv' ? parseCsvRecord : parseTsvRecord;
  const i = parse(existing.header).indexOf(column);
  if (i === -1) return out;
  for (const r of existing.region) {
    const v = parse(r.text)[i];
    if (v !== undefined && v !== '') out.set(r.key, v);
  }
  return out;
}
