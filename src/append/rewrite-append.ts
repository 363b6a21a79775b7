/**
 * --append for binary formats (parquet): such a file cannot grow by lines, so it is read back whole
 * (the format's `read`), the rows this run fetched are merged in (rewrite-merge.ts, by the one set of
 * rules of merge.ts), and the file, or the partitioned folder, is rewritten atomically.
 * The result equals one full export of the whole span. Loaded only by such appends.
 */
import type { Context } from '../context.js';
import { EmptyError } from '../errors.js';
import type { Row } from '../domain/row.js';
import type { HeldRows } from '../output/format-types.js';
import { fileSink } from '../store/file-sink.js';
import type { AppendResult } from './merge.js';
import type { ExistingRows, RewriteSpec } from './rewrite-read.js';
import { heldTwiceWarning, mergeHeld } from './rewrite-merge.js';

// The read-back half lives in rewrite-read.ts, the merge in rewrite-merge.ts; this module stays the one the export loads.
export type { ExistingRows, RewriteSpec } from './rewrite-read.js';
export { readExistingRows } from './rewrite-read.js';

/** Merges this run's rows into the existing ones and rewrites the file or folder atomically; see the module comment. */
export async function rewriteRows(ctx: Context, held: ExistingRows, rows: readonly Row[], spec: RewriteSpec): Promise<AppendResult> {
  const m = mergeHeld(held, rows, spec);
  if (m.twice > 0) ctx.log.warn(heldTwiceWarning(spec.target, m.twice));
  const { report } = m;
  if (report.warning !== undefined) ctx.log.warn(report.warning);
  if (m.rows === undefined) {
    if (spec.failEmpty) throw new EmptyError(report.message);
    ctx.log.info(report.message);
    return { ...report.result, written: false, outcome: report.outcome };
  }
  await writeRows(ctx, spec, m.rows, { source: held.source, rows: sameLead(held.rows, m.rows) });
  ctx.committed?.();
  ctx.log.info(report.message);
  return { ...report.result, written: true, outcome: report.outcome };
}

/** How many rows at the head of `merged` are the held rows themselves, in their order (not changed, not moved). */
function sameLead(held: readonly Row[], merged: readonly Row[]): number {
  const n = Math.min(held.length, merged.length);
  let i = 0;
  while (i < n && merged[i] === held[i]) i++;
  return i;
}

/** Writes all rows to the target: one file through the atomic sink, or the partitioned folder swapped in whole. */
export async function writeRows(
  ctx: Context,
  spec: Pick<RewriteSpec, 'target' | 'formatter' | 'options' | 'partitionBy'>,
  rows: readonly Row[],
  held?: HeldRows,
): Promise<void> {
  const { formatter, target } = spec;
  if (spec.partitionBy !== undefined && formatter.writeFolder) {
    await formatter.writeFolder(rows, target, spec.options, spec.partitionBy, ctx.signal);
    return;
  }
  const sink = await fileSink(target);
  ctx.onCleanup(() => sink.abort());
  if (formatter.write === undefined) throw new Error(`${formatter.name} has no byte writer`);
  // The held rows at the head of a rewrite may keep their bytes (Parquet: whole row groups).
  await formatter.write(rows, sink, spec.options, held?.source === undefined ? undefined : held);
}
