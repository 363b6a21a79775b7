/**
 * Where a sync's rows go: the runner hands a dataset's rows (its `sink` option) to the dataset's table
 * in the lake (src/lake/), merged into the versions it holds (docs/point-in-time.md): a series
 * partition by partition, a snapshot within the day's `snapshot_date=` partition, each in one commit of
 * the table's log.
 */
import type { Context } from '../context.js';
import type { Row } from '../domain/row.js';
import { getFormatter } from '../output/formats.js';
import type { RunOptions } from '../run/runner.js';
import type { TableWriter } from '../lake/commit.js';
import { writeVersions, type VersionResult } from '../lake/series.js';
import { KNOWN_COLUMNS } from '../lake/versions.js';
import type { TableSnapshot } from '../lake/table.js';
import { rowIdentity } from './row-identity.js';
import { revisitOf } from '../datasets/revisit.js';
import type { DatasetRun, SyncSettings } from './targets.js';

/** When this sync runs, as the lake's versions record it. */
export interface Knowledge {
  /** This sync's knowledge time (UTC ISO with milliseconds). */
  readonly now: string;
  /** Since when the lake keeps versions (the state file's versionsSince): rows held before are dated then. */
  readonly since: string;
}

/**
 * The runner's sink for planned dataset `p`: merges its rows into its table's versions and commits;
 * `done` receives what changed.
 */
export function lakeWrite(
  ctx: Context,
  s: Pick<SyncSettings, 'store' | 'format' | 'today' | 'tableFormat' | 'txn'>,
  p: { readonly run: DatasetRun; readonly table?: TableSnapshot; readonly targets?: readonly string[] },
  known: Knowledge,
  done: (r: VersionResult) => void,
): NonNullable<RunOptions['sink']> {
  const { run } = p;
  const ds = run.lake.ds;
  const id = rowIdentity(run.lake);
  return async (rows, info) => {
    const snapshot = run.mode === 'snapshot';
    const options = {
      ...info.options,
      columns: [...info.options.columns.filter((c) => !KNOWN_COLUMNS.includes(c)), ...KNOWN_COLUMNS],
      types: { ...info.options.types, known_from: 'timestamp' as const, known_to: 'timestamp' as const },
    };
    const w: TableWriter = {
      store: s.store,
      table: run.table,
      format: s.format,
      formatter: await getFormatter(s.format),
      options,
      timeKey: snapshot ? undefined : run.lake.timeKey,
      partitionColumns: snapshot ? ['snapshot_date'] : run.partition === undefined ? [] : [run.partition],
      signal: ctx.signal,
      keepRemoved: s.tableFormat === 'delta',
      ...(s.txn === undefined ? {} : { txn: s.txn }),
    };
    const fetch = ds.fetch;
    const revisit = revisitOf(run.lake.command).days;
    const result = await writeVersions(w, p.table, snapshot ? rows.map((r): Row => ({ ...r, snapshot_date: s.today })) : rows, {
      target: run.folder,
      timeKey: id.time,
      key: id.key,
      now: known.now,
      window: snapshot ? { from: s.today, to: s.today } : run.window,
      // The next run reads again its revisit days and the overlap its requests need.
      splitDays: snapshot ? 0 : revisit === 'all' ? 0 : Math.max(revisit, fetch.kind === 'windowed' ? fetch.overlapDays : 0),
      windowDependent: ds.windowDependent,
      upgradeSince: known.since,
      ...(snapshot ? { partitionTypes: { snapshot_date: 'date' as const } } : {}),
      warn: (m) => ctx.log.warn(`${run.lake.name}: ${m}`),
    });
    if (result.upgraded > 0)
      ctx.log.info(
        `${run.lake.name}: ${result.upgraded.toLocaleString('en-US')} rows held before this lake kept versions are known from ${known.since} on`,
      );
    done(result);
  };
}
