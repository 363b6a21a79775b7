/**
 * The run's requests, tracked: at most FAN_OUT in flight across the whole run (nested fan-outs, models
 * × chunks, would otherwise put dozens on the pool at once, each with its own timers), and a
 * one-line counter on stderr for runs that need more than a few requests. The counter shows only on a
 * terminal (never in a pipe or a log file), never with --quiet or --verbose (the request log would
 * tear it), and is cleared when the run ends however it ends, so it leaves nothing behind.
 */
import type { Context } from '../../context.js';
import type { Session } from '../session.js';
import { FAN_OUT } from './fan-out.js';
import { fitLine, holdCountdown } from './hold.js';

/** Requests above which the counter shows. */
export const PROGRESS_MIN_REQUESTS = 4;

/** A session that counts its requests, and the way to clear the line. */
export interface TrackedSession {
  readonly session: Session;
  /** Clears the line (idempotent). */
  done(): void;
}

/** A counting semaphore: `run` waits for one of `size` slots. */
export function gate(size: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let free = size;
  const waiting: Array<() => void> = [];
  return async (fn) => {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

/** Wraps `session`: at most `inFlight` requests at once, and each finished one updates `done/total requests`. */
export function trackProgress(ctx: Context, session: Session, expected: number, inFlight = FAN_OUT): TrackedSession {
  const g = ctx.globals();
  const run = gate(inFlight);
  const gated: Session = { ...session, get: (endpoint, params) => run(() => session.get(endpoint, params)) };
  if (!ctx.io.stderrIsTTY || g.quiet || g.verbose || expected < PROGRESS_MIN_REQUESTS || session.dryRun) {
    return { session: gated, done: () => undefined };
  }
  let started = 0;
  let finished = 0;
  let shown = false;
  const draw = (): void => {
    shown = true;
    const counts = `gpumkt: ${finished}/${Math.max(expected, started)} requests`;
    // A hold of the pacer is said, counted down, and shorter on a narrow terminal.
    const lines = wait.tail() ? [`${counts}, ${wait.tail()}`, `${counts}, ${wait.tail(true)}`] : [counts];
    // \r + erase to end of line: the line is rewritten in place.
    ctx.io.stderr.write(`\r${fitLine(ctx.io.errColumns ?? 80, lines)}\x1b[K`);
  };
  const wait = holdCountdown(draw);
  const unwatch = session.onHold?.((h) => wait.start(h));
  const done = (): void => {
    wait.stop();
    unwatch?.();
    if (!shown) return;
    shown = false;
    ctx.io.stderr.write('\r\x1b[K');
  };
  ctx.onCleanup(done);
  const get: Session['get'] = async (endpoint, params) => {
    started += 1;
    try {
      return await gated.get(endpoint, params);
    } finally {
      finished += 1;
      draw();
    }
  };
  return { session: { ...session, get }, done };
}

/** Runs the fetch phase `fn` with a tracked session; the line is erased before anything else is printed, error or not. */
export async function withProgress<T>(ctx: Context, session: Session, expected: number, fn: (session: Session) => Promise<T>): Promise<T> {
  const tracked = trackProgress(ctx, session, expected);
  try {
    return await fn(tracked.session);
  } finally {
    tracked.done();
  }
}
