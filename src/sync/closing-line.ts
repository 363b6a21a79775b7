/** The sync's closing line: how long it took, and one query of what the lake now holds. */
import path from 'node:path';
import { lineBased, type LakeFormat } from '../output/formats.js';
import { duration, type Outcome } from './report.js';
import type { LakeState } from './state.js';

/**
 * The sync's last line: how long it took, and one way to query what it holds (DuckDB over the first
 * dataset it synced, `history` where it is there). `lake` is the folder as the user named it, so the
 * query runs where the sync ran.
 */
export function closingLine(
  lake: string,
  outcomes: readonly Outcome[],
  state: LakeState,
  format: LakeFormat,
  seconds: number,
  tableFormat: 'hive' | 'delta' = 'hive',
): string {
  const synced = outcomes.filter((o) => o.status === 'updated' || o.status === 'current').map((o) => o.name);
  const took = `sync of ${lake} done in ${seconds < 10 ? `${seconds.toFixed(1)}s` : duration(seconds)}`;
  const name = synced.includes('history') ? 'history' : synced[0];
  const folder = name === undefined ? undefined : state.datasets[name]?.path;
  if (folder === undefined) return took;
  // A Delta table is read through its log (a glob would also read the files a commit removed).
  if (tableFormat === 'delta' && !lineBased(format)) {
    const table = (/^s3:\/\//i.test(lake) ? `${lake}/${folder}` : path.join(lake, folder)).replace(/'/g, "''");
    return `${took}; query it: duckdb -c "INSTALL delta; LOAD delta; FROM delta_scan('${table}') LIMIT 5"`;
  }
  // DuckDB reads a glob named in FROM and finds the hive partitions (gpu=…) itself.
  const files = `${path.join(lake, folder)}/**/*.${format}`.replace(/'/g, "''");
  return `${took}; query it: duckdb -c "FROM '${files}' LIMIT 5"`;
}
