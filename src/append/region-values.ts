/** One column's values in the overlap region of a file --append extends, by row key, as written. */
import type { LineCodec } from '../output/format-types.js';
import type { ExistingFile } from './read-existing.js';

/** The values of `column` in the file's overlap region (empty when the file has no such column), read by the format's codec. */
export function regionColumn(existing: ExistingFile, codec: LineCodec, column: string): Map<string, string> {
  const out = new Map<string, string>();
  const columns = codec.header?.(existing.header);
  const read = codec.field(columns, column);
  for (const r of existing.region) {
    const v = read(r.text);
    if (v !== undefined) out.set(r.key, v);
  }
  return out;
}
