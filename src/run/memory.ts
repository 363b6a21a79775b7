/** memory: one request; a single-object answer becomes one row; rows keep the service's order. */
import type { Context } from '../context.js';
import { memoryIndexEndpoint } from '../api/endpoints/memory-index.js';
import { findMemoryType, parseMemoryCategory } from '../domain/memory-types.js';
import type { MemoryFlags } from '../commands/memory.js';
import { UsageError } from '../errors.js';
import { loadSettings, openSession } from './session.js';
import { openExport } from '../export/export-run.js';
import { planOutput } from './output-plan.js';
import { emitDryRun, emitRaw, emitRows } from './emit.js';

/** Runs memory end to end. */
export async function runMemory(ctx: Context, flags: MemoryFlags): Promise<void> {
  const category = flags.category === undefined ? undefined : parseMemoryCategory(flags.category);
  // Known types are sent by id whatever way they were typed; unknown ones go as typed (the service decides).
  const type = flags.type === undefined ? undefined : (findMemoryType(flags.type)?.id ?? flags.type.trim());
  const settings = await loadSettings(ctx);
  const plan = await planOutput(flags, ctx, {
    valid: memoryIndexEndpoint.columns,
    defaults: memoryIndexEndpoint.columns,
    table: memoryIndexEndpoint.tableColumns,
  }, settings.format);
  if (plan.append) {
    throw new UsageError('memory is a snapshot of current prices, not a series: --append does not apply', "write one file per day, e.g. -o memory-$(date -u +%F).csv");
  }
  const params = { type, category };
  const session = await openSession(ctx, settings);
  const exp = await openExport(ctx, plan, session, { command: 'memory', timeKey: 'updatedAt', overlapDays: 0 });
  if (session.dryRun) return emitDryRun(ctx, [session.curl(memoryIndexEndpoint, params)]);
  const res = await session.get(memoryIndexEndpoint, params);
  if (plan.raw) return emitRaw(ctx, plan, res.text);
  const rows = plan.order === 'desc' ? [...res.rows].reverse() : res.rows;
  await emitRows(ctx, plan, rows, rows.length, exp);
}
