/**
 * What a sync tells its user: a progress line per dataset at a terminal, one summary line per dataset
 * on stderr, the plan of --dry-run, the state as a table (--status), and the --json documents.
 */
import type { Context } from '../context.js';
import type { DatasetState, LakeState } from './state.js';
import { fitLine, holdCountdown, type Hold } from '../run/fetch/hold.js';

/** Requests the service allows per minute and client address (docs/api-contract.md): the pacer's window. */
export const REQUESTS_PER_MINUTE = 60;

/** A typical request's time on the wire, for estimates only. */
const TYPICAL_REQUEST_S = 0.25;

/**
 * Seconds `n` requests take at the documented pace: the pacer lets 60 start in any minute, so every
 * further 60 wait for the minute to pass. Unpaced (the built-in sandbox), only their time on the wire.
 */
export function estimateSeconds(n: number, paced = true): number {
  if (n <= 0) return 0;
  if (!paced) return Math.ceil(n * TYPICAL_REQUEST_S);
  const minutes = Math.floor((n - 1) / REQUESTS_PER_MINUTE);
  return Math.ceil(minutes * 60 + (((n - 1) % REQUESTS_PER_MINUTE) + 1) * TYPICAL_REQUEST_S);
}

/** `95s` or `3m05s`. */
export function duration(s: number): string {
  const r = Math.round(s);
  return r < 60 ? `${r}s` : `${Math.floor(r / 60)}m${String(r % 60).padStart(2, '0')}s`;
}

const num = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, word: string): string => `${num(n)} ${word}${n === 1 ? '' : 's'}`;

/** Columns aligned with two spaces between them; numbers right-aligned. */
export function alignTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>, numeric: readonly number[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (numeric.includes(i) ? c.padStart(widths[i] ?? 0) : i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}

/**
 * `alignTable` within `width` columns (a terminal's; Infinity off a terminal): the columns named in
 * `droppable` are left out, in that order, while a line is wider. `hidden` names them, for the note.
 */
export function fitTable(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  numeric: readonly number[],
  width: number,
  droppable: readonly string[],
): { text: string; hidden: string[] } {
  let keep = header.map((_, i) => i);
  const render = (): string =>
    alignTable(
      keep.map((i) => header[i] as string),
      rows.map((r) => keep.map((i) => r[i] ?? '')),
      keep.flatMap((i, at) => (numeric.includes(i) ? [at] : [])),
    );
  const hidden: string[] = [];
  let text = render();
  for (const name of droppable) {
    if (widest(text) <= width) break;
    keep = keep.filter((i) => header[i] !== name);
    hidden.push(name);
    text = render();
  }
  return { text, hidden };
}

/** The length of the longest line of `text`. */
export function widest(text: string): number {
  return Math.max(...text.split('\n').map((l) => l.length));
}

/** The note for columns `fitTable` left out. */
export function hiddenNote(hidden: readonly string[]): string {
  return `${hidden.length} column${hidden.length === 1 ? '' : 's'} hidden to fit the terminal: ${hidden.join(', ')} (--json shows all)`;
}

/**
 * The progress line of the dataset being synced, at a terminal only (never in a log, with -q or -v).
 * While the pacer holds the requests back it says so, counting the seconds down, instead of an ETA.
 */
export function progressLine(ctx: Context): {
  show(name: string, done: number, expected: number, rows: number, etaS: number | undefined): void;
  /** `ctx` whose warnings clear the line first, so none is written over it. */
  clearing(ctx: Context): Context;
  /** Says each hold of the session's pacer (from a second on) until cleared; `name` and `expected` before any response. */
  watch(session: { onHold?(fn: (hold: Hold) => void): () => void }, name: string, expected: number): void;
  clear(): void;
} {
  const g = ctx.globals();
  const on = ctx.io.stderrIsTTY && !g.quiet && !g.verbose;
  let shown = false;
  let state = { name: '', done: 0, expected: 0, rows: undefined as number | undefined, eta: '' };
  const draw = (): void => {
    shown = true;
    const { name, done, expected, rows } = state;
    const counts = `gpumkt: ${name}: ${done}/${Math.max(done, expected)} requests`;
    const withRows = rows === undefined ? counts : `${counts}, ${plural(rows, 'row')}`;
    // While the pacer holds the next request, the wait says more than an ETA; narrower, it says less.
    const [long, short] = [wait.tail(), wait.tail(true)];
    const lines = long
      ? [
          `${withRows}, ${long}`,
          `${counts}, ${long}`,
          `${counts}, ${short}`,
          `gpumkt: ${name} ${done}/${Math.max(done, expected)}, ${short}`,
        ]
      : [`${withRows}${state.eta}`, withRows, counts];
    ctx.io.stderr.write(`\r${fitLine(ctx.io.errColumns ?? 80, lines)}\x1b[K`);
  };
  const wait = holdCountdown(draw);
  let unwatch: (() => void) | undefined;
  const erase = (): void => {
    if (!shown) return;
    shown = false;
    ctx.io.stderr.write('\r\x1b[K');
  };
  return {
    // The line is drawn again with the next response (or the next second of a hold), below the warning.
    clearing: (inner) => ({ ...inner, log: { ...inner.log, warn: (m) => (erase(), inner.log.warn(m)) } }),
    show(name, done, expected, rows, etaS) {
      if (!on) return;
      state = { name, done, expected, rows, eta: etaS === undefined ? '' : `, ETA ${duration(etaS)}` };
      draw();
    },
    watch(session, name, expected) {
      if (!on) return;
      unwatch = session.onHold?.((hold) => {
        if (state.name !== name) state = { name, done: 0, expected, rows: undefined, eta: '' };
        wait.start(hold);
      });
    },
    clear() {
      unwatch?.();
      unwatch = undefined;
      wait.stop();
      erase();
    },
  };
}

/** One dataset's outcome in this run. */
export interface Outcome {
  readonly name: string;
  readonly status: 'updated' | 'current' | 'failed' | 'skipped' | 'not run';
  readonly kind?: 'series' | 'snapshot';
  readonly rows?: number;
  readonly added?: number;
  /** Rows whose held version this run's fetch revised (a settled, restated or risen value). */
  readonly revised?: number;
  /** Rows of the days asked again that the service no longer returns: their versions closed, with no successor. */
  readonly withdrawn?: number;
  readonly from?: string;
  readonly to?: string;
  readonly snapshots?: number;
  readonly requests?: number;
  readonly seconds?: number;
  /** Why it failed, was skipped or not run. */
  readonly reason?: string;
  readonly exitCode?: number;
}

/** The exit code of a sync's outcomes: 0 when none failed, 10 when some failed and others were synced, else the first failure's. */
export function exitCodeOf(outcomes: readonly Outcome[]): number {
  const failed = outcomes.find((o) => o.status === 'failed' || o.status === 'not run');
  if (failed === undefined) return 0;
  return outcomes.some((o) => o.status === 'updated' || o.status === 'current') ? 10 : (failed.exitCode ?? 1);
}

/** The summary line of one dataset (stderr). */
export function outcomeLine(o: Outcome): string {
  const span = o.from === undefined ? '' : ` (${o.from} to ${o.to ?? o.from})`;
  const cost =
    o.requests === undefined ? '' : `, ${plural(o.requests, 'request')}${o.seconds === undefined ? '' : `, ${o.seconds.toFixed(1)}s`}`;
  if (o.status === 'skipped') return `${o.name}: skipped, ${o.reason ?? ''}`;
  if (o.status === 'not run') return `${o.name}: not run, ${o.reason ?? ''}`;
  if (o.status === 'failed') return `${o.name} failed: ${o.reason ?? ''}`;
  if (o.status === 'current' && o.reason !== undefined) return `${o.name}: current, ${o.reason}; nothing asked`;
  if (o.kind === 'snapshot')
    return `${o.name}: snapshot ${o.to ?? ''}, ${plural(o.rows ?? 0, 'row')} (${plural(o.snapshots ?? 0, 'snapshot')} since ${o.from ?? ''})${cost}`;
  const n = o.added ?? 0;
  const changes = [
    ...((o.revised ?? 0) > 0 ? [`${num(o.revised ?? 0)} revised`] : []),
    ...((o.withdrawn ?? 0) > 0 ? [`${num(o.withdrawn ?? 0)} withdrawn`] : []),
  ];
  const revised = changes.length > 0 ? ` (${changes.join(', ')})` : '';
  const added = o.status === 'current' ? 'no new rows' : n < 0 ? `${plural(-n, 'row')} fewer` : `+${plural(n, 'row')}${revised}`;
  return `${o.name}: ${added}, ${num(o.rows ?? 0)} in all${span}${cost}`;
}

/** Where a dataset stands on `today`: current, stale since its last success, or failed. */
function standing(d: DatasetState, today: string): string {
  if (d.status === 'failed') return `failed: ${d.error ?? ''}`;
  const last = d.lastSuccess?.slice(0, 10);
  if (last === undefined) return 'never synced';
  return last >= today ? 'current' : `stale since ${last}`;
}

/**
 * `--status`: the state as a table (what is held, when it was last synced, what is stale since when),
 * within `width` (a terminal's): the kind, grain and partition go first (the lake's line names its grain).
 */
export function statusTable(state: LakeState, today: string, width = Infinity): { text: string; hidden: string[] } {
  const rows = Object.entries(state.datasets).map(([name, d]) => [
    name,
    d.kind,
    d.grain ?? '-',
    d.partition ?? (d.kind === 'snapshot' ? 'snapshot_date' : '-'),
    d.from ?? '-',
    d.to ?? '-',
    d.rows === undefined ? '-' : num(d.rows),
    d.lastRun === undefined ? '-' : d.lastRun.slice(0, 16).replace('T', ' '),
    standing(d, today),
  ]);
  const head = `lake: ${state.format}, ${state.grain}; last run ${state.lastRun ? `${state.lastRun.finishedAt.slice(0, 16).replace('T', ' ')} UTC, exit ${state.lastRun.exitCode}` : 'never'}\n`;
  const header = ['DATASET', 'KIND', 'GRAIN', 'PARTITION', 'FROM', 'TO', 'ROWS', 'LAST RUN', 'STATUS'];
  const fit = fitTable(header, rows, [6], width, ['KIND', 'GRAIN', 'PARTITION', 'LAST RUN']);
  return { text: head + fit.text, hidden: fit.hidden };
}
