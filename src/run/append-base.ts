/** Whether an append's fresh rows are on the same index base as the file it extends (util-index; splice.ts). */
import type { Row } from '../domain/row.js';

/** True when an overlap row's index differs from the value the file holds for it (the file's base is not this response's). */
export function offBase(
  fileValues: ReadonlyMap<string, string>,
  parts: ReadonlyArray<{ rows: readonly Row[]; gpu?: string }>,
  timeKey: string,
): boolean {
  if (fileValues.size === 0) return false;
  for (const { rows, gpu } of parts) {
    for (const r of rows) {
      const time = String(r[timeKey]);
      const held = fileValues.get(gpu === undefined ? time : `${time} ${gpu}`);
      if (held !== undefined && typeof r.index === 'number' && Number(held) !== r.index) return true;
    }
  }
  return false;
}
