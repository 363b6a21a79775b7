/**
 * Where a sync's rows go: the runner hands a dataset's rows (its `sink` option) to the dataset's table
 * in the lake (src/lake/): a series merged partition by partition into new data files, a snapshot as
 * the day's file, each in one commit of the table's log.
 */
import type { Context } from '../context.js';
import { getFormatter } from '../output/formats.js';
import type { RunOptions } from '../run/runner.js';
import type { TableWriter } from '../lake/commit.js';
import { writeSeries, writeSnapshot } from '../lake/series.js';
import type { TableSnapshot } from '../lake/table.js';
import type { DatasetRun, SyncSettings } from './targets.js';

/** The runner's sink for planned dataset `p`: writes its rows into its table and commits. */
export function lakeWrite(
  ctx: Context,
  s: Pick<SyncSettings, 'store' | 'format' | 'today' | 'tableFormat' | 'txn'>,
  p: { readonly run: DatasetRun; readonly table?: TableSnapshot; readonly targets?: readonly string[] },
): NonNullable<RunOptions['sink']> {
  const { run } = p;
  const ds = run.lake.ds;
  return async (rows, info) => {
    const snapshot = run.mode === 'snapshot';
    const w: TableWriter = {
      store: s.store,
      table: run.table,
      format: s.format,
      formatter: await getFormatter(s.format),
      options: info.options,
      timeKey: snapshot ? undefined : run.lake.timeKey,
      partitionColumns: snapshot ? ['snapshot_date'] : run.partition === undefined ? [] : [run.partition],
      signal: ctx.signal,
      keepRemoved: s.tableFormat === 'delta',
      ...(s.txn === undefined ? {} : { txn: s.txn }),
    };
    if (snapshot) {
      await writeSnapshot(w, p.table, rows, s.today);
      return;
    }
    const fetch = ds.fetch;
    await writeSeries(w, p.table, rows, {
      mode: run.mode === 'append' ? 'append' : 'replace',
      target: run.folder,
      timeKey: run.lake.timeKey as string,
      overlapDays: fetch.kind === 'windowed' ? fetch.overlapDays : 0,
      merge: {
        windowDependent: ds.windowDependent,
        // The lake mirrors the service: a row it restated replaces the old value (and is reported).
        replaceRestated: true,
        failEmpty: false,
        gpuOrder: p.targets,
        keyColumn: ds.keyColumns ?? ds.targetColumn,
      },
      warn: (m) => ctx.log.warn(`${run.lake.name}: ${m}`),
    });
  };
}
