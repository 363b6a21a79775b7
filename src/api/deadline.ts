/**
 * The time budget of one request, held by construction: a timer the client owns (cleared by
 * dispose()) aborts a controller the client owns (a LightAbortController, src/domain/abort.ts: no
 * EventTarget). No AbortSignal.timeout() or AbortSignal.any(): on Node 20 a timeout signal that only
 * a combined signal refers to can be garbage-collected, and then it never fires. Anything awaited
 * under the budget is raced against it, so a deadline holds even when the awaited library ignores
 * its abort signal (a request still queued in undici does).
 */
import { LightAbortController } from '../domain/abort.js';

// setTimeout fires at once for delays above 2^31 - 1 ms; longer waits are re-armed in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Why a Deadline aborted: its own time ran out (the parent's reason is passed on as is). */
export class DeadlineExpired extends Error {
  constructor() {
    super('the time budget ran out');
    this.name = 'DeadlineExpired';
  }
}

const noop = (): void => undefined;

/** An abort scope that ends at `atMs` (epoch ms) or when `parent` aborts, whichever comes first. */
export class Deadline {
  private readonly controller = new LightAbortController();
  private timer: NodeJS.Timeout | undefined;
  private readonly onParentAbort = (): void => this.abort(this.parent.reason);

  constructor(
    readonly atMs: number,
    private readonly parent: AbortSignal,
  ) {
    if (parent.aborted) this.controller.abort(parent.reason);
    else {
      parent.addEventListener('abort', this.onParentAbort, { once: true });
      this.arm();
    }
  }

  /** Aborted at the deadline (reason: DeadlineExpired) or with the parent. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** True once the deadline itself (not the parent) ended the scope. */
  get expired(): boolean {
    return this.controller.signal.aborted && this.controller.signal.reason instanceof DeadlineExpired;
  }

  /** Milliseconds left (0 once passed). */
  left(): number {
    return Math.max(0, this.atMs - Date.now());
  }

  /**
   * `work`'s outcome, or a rejection with the abort reason as soon as the scope aborts. A late
   * outcome of `work` is dropped (its rejection handled, so it never surfaces as unhandled).
   */
  race<T>(work: Promise<T>): Promise<T> {
    const signal = this.controller.signal;
    work.catch(noop);
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(
        (v) => (signal.removeEventListener('abort', onAbort), resolve(v)),
        (e: unknown) => (signal.removeEventListener('abort', onAbort), reject(e)),
      );
    });
  }

  /** Clears the timer and the link to the parent; call when the request is over, however it ended. */
  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.parent.removeEventListener('abort', this.onParentAbort);
  }

  private arm(): void {
    const left = this.atMs - Date.now();
    if (left <= 0) {
      this.abort(new DeadlineExpired());
      return;
    }
    this.timer = setTimeout(() => this.arm(), Math.min(Math.ceil(left), MAX_TIMER_MS));
  }

  private abort(reason: unknown): void {
    this.dispose();
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
}
