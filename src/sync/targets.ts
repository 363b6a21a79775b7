/**
 * What one sync run asks of each dataset: where it is written in the lake, over which window, and the
 * request the one runner (src/run/runner.ts) gets, the same as the equivalent export command's; the
 * runner hands the rows to the lake's table (src/lake/), which writes them as data files plus a commit:
 *
 *   series, parquet:  <lake>/<name>/<col>=<value>/part-<version>-<hex>.parquet
 *   series, one file: <lake>/<name>/part-<version>-<hex>.parquet or .csv
 *   snapshot:         <lake>/<name>/snapshot_date=<today>/part-<version>-<hex>.<ext>
 *   every dataset:    <lake>/<name>/_delta_log/<version>.json
 */
import { formatInfo, type LakeFormat } from '../output/formats.js';
import { UsageError } from '../errors.js';
import type { RunRequest } from '../run/request.js';
import { FREE_GPU_MODELS } from '../domain/service/plans.js';
import { addDays, parseUserDate, subtractMonths, type DateWindow } from '../domain/time/dates.js';
import { beyondFreeTier, requestTargets } from '../run/targets.js';
import type { Store } from '../store/store.js';
import { lakeRequest, type LakeDataset } from './lake-datasets.js';
import { revisitOf, revisitWindow } from '../datasets/revisit.js';
import type { DatasetState } from './state.js';
import { lakeChild } from './open-lake.js';

/** How far back a first sync reaches without --from (docs/sync.md): a year of daily data. */
export const DEFAULT_FIRST_SYNC = '1y';

/** Months of history the free (keyless) tier serves: a keyless first sync starts no earlier. */
export const FREE_WINDOW_MONTHS = 3;

/** The lake's file format and grain, and what the run was asked. */
export interface SyncSettings {
  /** The lake as messages name it (its folder, or s3://bucket/prefix), and the store every file of the lake goes through. */
  readonly lake: string;
  readonly store: Store;
  /** The local folder; undefined on object storage. */
  readonly folder?: string;
  /** The tables' layout: `hive` deletes the files a commit removes, `delta` keeps them (time travel; always on object storage). */
  readonly tableFormat: TableFormat;
  /** The `txn` each commit of this run carries (docs/object-storage.md). */
  readonly txn?: { readonly appId: string; readonly version: number };
  readonly format: LakeFormat;
  readonly grain: 'daily' | 'hourly';
  readonly today: string;
  /** --from, as given. */
  readonly from?: string;
  /** No key is sent (the free tier). */
  readonly keyless: boolean;
}

/** The tables' layout (--table-format). */
export type TableFormat = 'hive' | 'delta';

/** One dataset's run. */
export interface DatasetRun {
  readonly lake: LakeDataset;
  /** `<lake>/<name>`, as messages name it. */
  readonly folder: string;
  /** The table's key prefix in the lake's store (`history`). */
  readonly table: string;
  /** The dataset's table folder (as messages name it). */
  readonly target: string;
  /** `first`: nothing held yet; `append`: extend what is held; `rebuild`: --from reaches before it (one full export); `snapshot`. */
  readonly mode: 'first' | 'append' | 'rebuild' | 'snapshot';
  readonly window?: DateWindow;
  /** What the runner is asked (its positional arguments are `request.targets`). */
  readonly request: RunRequest;
  /** The partition column actually used (none for csv). */
  readonly partition?: string;
}

/** The first day a first sync asks for: --from, else the dataset's own depth, else a year; never before the free window without a key. */
function firstDay(lake: LakeDataset, s: SyncSettings): string {
  const from = parseUserDate(s.from ?? lake.from ?? DEFAULT_FIRST_SYNC, s.today, '--from');
  const free = subtractMonths(s.today, FREE_WINDOW_MONTHS);
  return s.keyless && from < free ? free : from;
}

/** Without a key, the first day at or after `from` that the dataset's free tier serves (its freeTier hook), if any. */
function freeFrom(lake: LakeDataset, s: SyncSettings, from: string, request: RunRequest): string {
  if (!s.keyless || lake.ds.freeTier === undefined) return from;
  let targets: Array<string | undefined>;
  try {
    targets = requestTargets(request, false);
  } catch {
    return from;
  }
  let day = from;
  while (day < s.today && beyondFreeTier(request, targets, { from: day, to: s.today }, s.today) !== undefined) day = addDays(day, 1);
  return day;
}

/** The run of `lake` in this sync, given what the state says it holds (`held`) and whether its data exists. */
export function datasetRun(
  lake: LakeDataset,
  s: SyncSettings,
  held: DatasetState | undefined,
  exists: boolean,
  /** What it holds is short of what it held (rows deleted): fetched again whole, from its first day. */
  heal = false,
  /** An append's first day: the merge window of what the table holds (its log's stats); the revisit window may reach earlier. */
  since?: string,
): DatasetRun {
  const folder = lakeChild({ location: s.lake, folder: s.folder }, lake.name);
  const table = lake.name;
  const ext = s.format;
  // A model list: every model, or without a key the models the free tier serves.
  const args =
    s.keyless && lake.ds.subject === 'gpus' && lake.args.length === 1 && lake.args[0] === 'all' ? [...FREE_GPU_MODELS] : lake.args;
  const request: RunRequest = {
    ...lakeRequest(lake, args),
    output: { header: true, order: 'asc', format: ext },
    export: { lockTimeout: 0 },
  };
  if (lake.kind === 'snapshot') {
    return { lake, folder, table, target: folder, mode: 'snapshot', request };
  }
  if (lake.timeKey === undefined)
    throw new UsageError(`${lake.name}: a series needs a time field; set sync.kind 'snapshot' in its descriptor`);
  const asked = freeFrom(lake, s, firstDay(lake, s), request);
  const start = held?.from !== undefined && exists && held.from < asked ? held.from : asked;
  const mode = !exists ? 'first' : heal || (s.from !== undefined && held?.from !== undefined && asked < held.from) ? 'rebuild' : 'append';
  const partition = formatInfo(ext).partitions ? lake.partition : undefined;
  // An append asks again the days the service revises (the descriptor's revisit window, counted back
  // from the previous sync's day), so a restatement is seen (docs/point-in-time.md).
  const revisit = revisitWindow(revisitOf(lake.command), s.today, held?.from, held?.lastSuccess?.slice(0, 10))?.from;
  const again = since !== undefined && revisit !== undefined && revisit < since ? revisit : since;
  // Without a key an append never asks before the free tier's first day either (a lake synced a month ago).
  const from = mode === 'append' && again !== undefined ? (s.keyless && again < asked ? asked : again) : start;
  const window = { from: from > s.today ? s.today : from, to: s.today };
  const series: RunRequest = {
    ...request,
    window,
    ...(lake.graded ? { grain: s.grain, limit: 'all' as const } : {}),
  };
  return { lake, folder, table, target: folder, mode, window, request: series, partition };
}

/** The models or targets a series run asks one request each for (none known: empty). */
export function targetsOf(run: DatasetRun, keyed: boolean): string[] {
  try {
    return requestTargets(run.request, keyed)
      .filter((t): t is NonNullable<typeof t> => t !== undefined)
      .map(String);
  } catch {
    return [];
  }
}
