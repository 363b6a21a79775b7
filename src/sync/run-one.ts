/**
 * Runs one dataset of a sync through the one runner (src/run/runner.ts), exactly as the equivalent
 * export command would run, inside a scope of its own: its clean-ups (locks, temporary files) run when
 * the dataset ends, its notices are collected for the summary line instead of printed, its warnings
 * name the dataset, and nothing it does marks the whole sync as committed.
 */
import { Writable } from 'node:stream';
import type { Context } from '../context.js';
import type { Session } from '../run/session.js';
import { runDataset, type RunFlags, type RunOptions } from '../run/runner.js';
import type { DatasetRun } from './targets.js';
import { DEFAULT_FORMAT } from '../output/formats.js';

/** What a dataset's run did on the wire. */
export interface RunCounts {
  requests: number;
  rows: number;
}

/** Called after each response of a dataset's run. */
export type OnResponse = (counts: Readonly<RunCounts>) => void;

/** A stdout that keeps what is written (the curl lines of a planning pass) or drops it. */
function textSink(keep: string[] | undefined): Writable {
  return new Writable({
    write(chunk: Buffer | string, _enc, done) {
      keep?.push(String(chunk));
      done();
    },
  });
}

/** A context for one dataset: its own clean-ups, quiet notices, warnings that name it, no terminal of its own. */
function scoped(ctx: Context, name: string, stdout: string[] | undefined, notes: string[]): { ctx: Context; close(): Promise<void> } {
  const cleanups: Array<() => void | Promise<void>> = [];
  const inner: Context = {
    ...ctx,
    io: { ...ctx.io, stdout: textSink(stdout), stdoutIsTTY: false, stderrIsTTY: false },
    log: { warn: (m) => ctx.log.warn(`${name}: ${m}`), info: (m) => void notes.push(m), verbose: (m) => ctx.log.verbose(m) },
    onCleanup: (fn) => void cleanups.push(fn),
    // One dataset in place is not the sync done: the sync reports its own outcome.
    committed: () => undefined,
  };
  const close = async (): Promise<void> => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch {
        // Best effort, as main() does: the dataset's own outcome is what counts.
      }
    }
  };
  return { ctx: inner, close };
}

/**
 * The requests this dataset's run would send, as the runner plans them (a dry run of the same command:
 * it reads what the dataset holds to narrow the window, and sends nothing).
 */
export async function planRequests(ctx: Context, run: DatasetRun, session: Session, exists: boolean): Promise<string[]> {
  const out: string[] = [];
  const scope = scoped(ctx, run.lake.name, out, []);
  const dry: Session = { ...session, dryRun: true, requests: [], get: () => Promise.reject(new Error('a planning pass sends nothing')) };
  // Nothing held yet: the plain command over the window (no file to read, and the lake may not exist yet), printed
  // as to a pipe (only its curl lines are kept).
  const { output: _output, append: _append, partitionBy: _partitionBy, replaceRestated: _replaceRestated, ...rest } = run.flags;
  const plain: RunFlags = { ...rest, format: DEFAULT_FORMAT.pipe };
  const flags = run.mode === 'append' && exists ? run.flags : plain;
  try {
    await runDataset(scope.ctx, run.lake.command, run.args, flags, { session: dry });
  } finally {
    await scope.close();
  }
  return out
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('curl '));
}

/** Runs the dataset for real through `session`, counting requests and rows; resolves to the counts and the runner's notices. */
export async function runOne(
  ctx: Context,
  run: DatasetRun,
  session: Session,
  onResponse: OnResponse,
  sink?: RunOptions['sink'],
): Promise<{ counts: RunCounts; notes: string[] }> {
  const counts: RunCounts = { requests: 0, rows: 0 };
  const notes: string[] = [];
  const counting: Session = {
    ...session,
    get: async (endpoint, params) => {
      try {
        const res = await session.get(endpoint, params);
        counts.rows += res.rows.length;
        return res;
      } finally {
        counts.requests += 1;
        onResponse(counts);
      }
    },
  };
  const scope = scoped(ctx, run.lake.name, undefined, notes);
  try {
    await runDataset(scope.ctx, run.lake.command, run.args, run.flags, { session: counting, sink });
  } finally {
    await scope.close();
  }
  return { counts, notes };
}
