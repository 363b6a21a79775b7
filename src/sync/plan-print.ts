/**
 * `gpumkt sync --dry-run`: the plan of a sync (planned in sync.ts, execute.ts's `Planned`) as a table
 * that fits the terminal, or as JSON; nothing is sent or written.
 */
import path from 'node:path';
import type { Context } from '../context.js';
import { duration, estimateSeconds, fitTable, hiddenNote, widest, REQUESTS_PER_MINUTE, type Outcome } from './report.js';
import type { Planned } from './execute.js';
import type { DatasetRun } from './targets.js';

/** What a run writes, relative to the lake: its data files' pattern (each run's files are named anew). */
function shownTarget(_lake: string, run: DatasetRun, format: string, today: string): string {
  const rel = run.table;
  const folder = run.mode === 'snapshot' ? `snapshot_date=${today}` : run.partition === undefined ? '' : `${run.partition}=*`;
  return path.join(rel, folder, `*.${format}`);
}

/** `--dry-run`: the plan (datasets, what each writes, its window and requests, the estimated time); nothing is sent or written. */
export function printPlan(
  ctx: Context,
  lake: string,
  planned: readonly Planned[],
  skipped: readonly Outcome[],
  json: boolean,
  format: string,
): void {
  const total = planned.reduce((n, p) => n + p.requests, 0);
  // The built-in sandbox is local and not paced (session.ts): its sync takes the requests' time only.
  const sandbox = ctx.globals().sandbox;
  const est = estimateSeconds(total, !sandbox);
  const paged = planned.some((p) => p.morePages === true);
  if (json) {
    const datasets = planned.map((p) => ({
      name: p.run.lake.name,
      kind: p.run.lake.kind,
      mode: p.run.mode,
      window: p.window,
      requests: p.requests,
      ...(p.morePages ? { morePages: true } : {}),
      target: shownTarget(lake, p.run, format, ctx.today()),
      ...(p.error ? { error: p.error.message } : {}),
    }));
    ctx.io.stdout.write(
      `${JSON.stringify({ lake, requests: total, ...(paged ? { morePages: true } : {}), estimatedSeconds: est, datasets, skipped: skipped.map((o) => ({ name: o.name, reason: o.reason })) }, null, 2)}\n`,
    );
    return;
  }
  const rows = planned.map((p) => [
    p.run.lake.name,
    p.run.lake.kind,
    p.run.mode,
    p.window ? `${p.window.from} to ${p.window.to}` : p.run.mode === 'snapshot' ? 'today' : '-',
    `${p.requests}${p.morePages ? '+' : ''}`,
    p.error ? `cannot run: ${p.error.message}` : shownTarget(lake, p.run, format, ctx.today()),
  ]);
  // At a terminal the kind and the mode go first, then the file's name (its folder stays), so each
  // line fits (--json shows all).
  const width = ctx.io.stdoutIsTTY ? ctx.io.columns : Infinity;
  const header = ['DATASET', 'KIND', 'MODE', 'WINDOW', 'REQUESTS', 'WRITES'];
  let fit = fitTable(header, rows, [4], width, ['KIND', 'MODE']);
  if (widest(fit.text) > width) {
    const folders = rows.map((r) => [...r.slice(0, 5), (r[5] ?? '').replace(/\/\*\.[a-z]+$/, '/')]);
    fit = fitTable(header, folders, [4], width, ['KIND', 'MODE']);
  }
  if (fit.hidden.length > 0) ctx.log.info(hiddenNote(fit.hidden));
  let text = fit.text;
  for (const o of skipped) text += `skipped ${o.name}: ${o.reason ?? ''}\n`;
  // A paged listing's pages after the first are counted as they come: the total is then a floor.
  const atLeast = paged ? ' or more' : '';
  text += `${total}${paged ? '+' : ''} request${total === 1 && !paged ? '' : 's'}, about ${duration(est)}${atLeast} (${sandbox ? 'the built-in sandbox is not paced' : `one pacer for the whole run: at most ${REQUESTS_PER_MINUTE} requests a minute`}); nothing sent\n`;
  ctx.io.stdout.write(text);
}
