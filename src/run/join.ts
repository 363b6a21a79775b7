/** The rows' last steps before they are written: the targets' rows joined in output order, and the hint of an empty window. */
import type { AnyDataset } from '../datasets/types.js';
import type { Row } from '../domain/row.js';
import { addDays } from '../domain/time/dates.js';
import type { OutputPlan } from '../output/plan.js';
import { formatInfo } from '../output/formats.js';
import { sortRows } from './emit.js';
import { markProvisional, PROVISIONAL_COLUMN } from './fidelity.js';
import type { RunPlan } from './run-plan.js';

/** When the empty window holds the last days (today, or as many days back as the dataset lags): when they publish. */
export function publishHint(ds: AnyDataset, run: RunPlan): string | undefined {
  const recent = addDays(run.today, -Math.max(1, ds.publishLagDays ?? 0));
  return ds.publishes !== undefined && run.window !== undefined && run.window.to >= recent ? ds.publishes : undefined;
}

/**
 * The targets' rows as one list in output order (each with its model where several share it), and the
 * plan to print them with: at a terminal, provisional rows (`markNote`) are marked in a column of their own.
 */
export function joinTargets(run: RunPlan, perTarget: Row[][], markNote: boolean): { rows: Row[]; out: OutputPlan } {
  const { ds, plan, targets, multi, today } = run;
  const timeKey = ds.endpoint.timeKey;
  let rows: Row[] = multi
    ? perTarget.flatMap((rs, i) => rs.map((r) => ({ gpu: targets[i], ...r })))
    : perTarget.length === 1
      ? (perTarget[0] ?? [])
      : perTarget.flat();
  const order = targets.filter((m): m is string => m !== undefined);
  if (multi && timeKey) rows = sortRows(rows, timeKey, 'asc', order);
  else if (ds.targetColumn && timeKey && perTarget.length > 1) rows = sortRows(rows, timeKey, 'asc', order, ds.targetColumn);
  // The table view marks provisional rows in a column of their own (files keep the columns they were asked for).
  if (timeKey && markNote && formatInfo(plan.format).terminalView) {
    return { rows: markProvisional(rows, timeKey, today), out: { ...plan, columns: [...plan.columns, PROVISIONAL_COLUMN] } };
  }
  return { rows, out: plan };
}
