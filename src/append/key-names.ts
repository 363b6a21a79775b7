/** The names in an append's key column held against the service's (a mistyped name would double its row). */
import { isGpuModel } from '../domain/catalogues/gpus.js';
import { UsageError } from '../errors.js';
import type { ExportSpec } from './export-spec.js';

/**
 * Refuses (exit 2, before the run's requests) a held row whose key the service does not list: a
 * mistyped name would never match a fetched row, and would double its row for good.
 */
export async function checkKeyNames(target: string, spec: ExportSpec, names: ReadonlySet<string>): Promise<void> {
  if (spec.keyNames === undefined || names.size === 0) return;
  const unlisted = await spec.keyNames.unlisted([...names]);
  const first = unlisted[0];
  if (first === undefined) return;
  const more = unlisted.length > 1 ? ` (and ${unlisted.length - 1} more)` : '';
  throw new UsageError(
    `${target}: ${JSON.stringify(first.slice(0, 40)).replace(/^"|"$/g, "'")} in the '${spec.keyNames.column}' column is not a name the service lists${more}; --append will not extend it`,
    'correct the name in the file, or append to a new file',
  );
}

/**
 * The GPU models, when the run's series are GPU models in a `gpu` column: the offline list and the
 * run's own models (one the service's catalogue taught it); a file's other names are refused.
 */
export function gpuModels(spec: ExportSpec): ((value: string) => boolean) | undefined {
  const order = spec.gpuOrder ?? [];
  return (spec.keyColumn ?? 'gpu') === 'gpu' && order.length > 0 ? (v) => isGpuModel(v) || order.includes(v) : undefined;
}
