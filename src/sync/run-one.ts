/**
 * Runs one dataset of a sync through the one runner (src/run/runner.ts), by the request the equivalent
 * export command would make, inside a scope of its own: its clean-ups (locks, temporary files) run when
 * the dataset ends, its notices are collected for the summary line instead of printed, its warnings
 * name the dataset, and nothing it does marks the whole sync as committed.
 */
import { Writable } from 'node:stream';
import type { Context } from '../context.js';
import type { Session } from '../run/session.js';
import { runDataset, type RunOptions, type RunReport, type RunRequest } from '../run/runner.js';
import type { DatasetRun } from './targets.js';
import { DEFAULT_FORMAT } from '../output/formats.js';
import { heapGrowthBound } from './heap-growth.js';

/** What a dataset's run did on the wire. */
export interface RunCounts {
  requests: number;
  rows: number;
}

/** Called after each response of a dataset's run. */
export type OnResponse = (counts: Readonly<RunCounts>) => void;

/** A stdout that drops what is written (a dataset's run writes files, never stdout). */
function textSink(): Writable {
  return new Writable({
    write(_chunk: Buffer | string, _enc, done) {
      done();
    },
  });
}

/** A context for one dataset: its own clean-ups, quiet notices, warnings that name it, no terminal of its own. */
function scoped(ctx: Context, name: string, notes: string[]): { ctx: Context; close(): Promise<void> } {
  const cleanups: Array<() => void | Promise<void>> = [];
  const inner: Context = {
    ...ctx,
    io: { ...ctx.io, stdout: textSink(), stdoutIsTTY: false, stderrIsTTY: false },
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
 * The requests this dataset's run would send, as the runner plans them (a `planOnly` run of its
 * request: it reads what the dataset holds to narrow the window, and sends nothing).
 */
export async function planRequests(ctx: Context, run: DatasetRun, session: Session, exists: boolean): Promise<RunReport> {
  const scope = scoped(ctx, run.lake.name, []);
  // Nothing held yet: the plain export over the window, as to a pipe (no file to read, and the lake may not exist yet).
  const { output: _output, ...shown } = run.request.output;
  const plain: RunRequest = {
    ...run.request,
    output: { ...shown, format: DEFAULT_FORMAT.pipe },
    export: { lockTimeout: run.request.export?.lockTimeout },
  };
  const request = run.mode === 'append' && exists ? run.request : plain;
  try {
    return await runDataset(scope.ctx, request, { session, planOnly: true });
  } finally {
    await scope.close();
  }
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
  const bound = heapGrowthBound();
  const counting: Session = {
    ...session,
    get: async (endpoint, params) => {
      try {
        const res = await session.get(endpoint, params);
        counts.rows += res.rows.length;
        bound.see(counts.rows);
        return res;
      } finally {
        counts.requests += 1;
        onResponse(counts);
      }
    },
  };
  const scope = scoped(ctx, run.lake.name, notes);
  try {
    await runDataset(scope.ctx, run.request, { session: counting, sink });
  } finally {
    bound.end();
    await scope.close();
  }
  return { counts, notes };
}
