/** The settings of a sync run decided before anything is written: the lake opened, its table format, the datasets readable, the run's txn. */
import { randomUUID } from 'node:crypto';
import type { Context } from '../context.js';
import { AuthError, UsageError } from '../errors.js';
import { KEY_HINT } from '../domain/service/plans.js';
import { byPlan, lakeSetting } from './select.js';
import type { LakeState } from './state.js';
import type { LakeFormat } from '../output/formats.js';
import type { TableFormat } from './targets.js';
import { openLake, type LakeLocation, type LakeLocationFlags } from './open-lake.js';

/** The flags of `gpumkt sync`. */
export interface SyncOptions extends LakeLocationFlags {
  readonly tableFormat?: TableFormat;
  readonly unsafeSingleWriter?: boolean;
  readonly datasets?: string[];
  readonly format?: LakeFormat;
  readonly granularity?: 'daily' | 'hourly';
  readonly from?: string;
  readonly status?: boolean;
  readonly json?: boolean;
  readonly lockTimeout?: number;
}

/** The tables' layout: the flag, else the lake's, else hive on a folder; a lake on object storage is always delta. */
export function tableFormatOf(lake: LakeLocation, given: TableFormat | undefined, state: LakeState | undefined): TableFormat {
  const held = state === undefined ? undefined : (state.tableFormat ?? 'hive');
  return lakeSetting('--table-format', given, held, lake.remote ? 'delta' : 'hive');
}

/** Opens the lake (open-lake.ts); hive tables on object storage are refused (exit 2): its readers go by the log. */
export async function openSyncLake(ctx: Context, dir: string, opts: SyncOptions): Promise<LakeLocation> {
  const where = await openLake(ctx, dir, opts);
  if (where.remote && opts.tableFormat === 'hive')
    throw new UsageError(
      `${where.location}: a lake on object storage is always a Delta table; its readers go by the log`,
      'leave --table-format out',
    );
  return where;
}

/**
 * The `txn` every commit of this run carries: an application id of its own (two writers of a shared lake
 * never share one, so neither takes the other's commit for its own) and the lake's run counter.
 */
export function txnOf(runNumber: number): { appId: string; version: number } {
  return { appId: `gpumkt-${randomUUID()}`, version: runNumber };
}

/** The datasets asked for that the plan reads, and the others; AuthError when none is readable. */
export function readableOf(chosen: Parameters<typeof byPlan>[0], plan: Parameters<typeof byPlan>[1]): ReturnType<typeof byPlan> {
  const r = byPlan(chosen, plan);
  if (r.readable.length === 0)
    throw new AuthError(`no dataset asked for is readable: ${r.skipped.map((s) => `${s.lake.name} ${s.reason}`).join('; ')}`, KEY_HINT);
  return r;
}

/** Hourly rows are served to a full key only: refused before anything else, saying how to give one. */
export function refuseGrain(grain: string, plan: string): void {
  if (grain === 'hourly' && plan !== 'full') {
    throw new AuthError(
      `hourly rows need a full key (sk_live_); this run has ${plan === 'none' ? 'no key' : `a ${plan} key`}`,
      `sync daily rows (the default), or for a full key: ${KEY_HINT}`,
    );
  }
}
