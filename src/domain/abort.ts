/**
 * Abort signals that are not EventTargets. Node's AbortController is one: the first controller of a
 * process compiles some thirty of Node's internal functions (event_target, abort_controller) and
 * every listener goes through Event objects, ~1 % of a 30-row query's instructions
 * (docs/performance.md). gpumkt's own controllers (the run's, the client's, each request's deadline)
 * need only what gpumkt and undici ask of a signal: `aborted`, `reason`, `throwIfAborted()`,
 * `addEventListener('abort', fn, { once })` and `removeEventListener('abort', fn)`. undici takes any
 * object with those two methods, and Node's own APIs that take a signal (timers, streams, events,
 * child processes) check only that it has `aborted` before calling them. Typed as AbortSignal for
 * that reason; AbortSignal.any() and the like would refuse one, and gpumkt calls none.
 *
 * Listeners run as an EventTarget runs them: in the order added, each function once however often it
 * was added, none added after the abort, a listener removed during the abort not called, and one
 * that throws does not stop the others (its error is thrown again on a later turn, an uncaught
 * exception, as EventTarget reports it).
 */

type Listener = (this: AbortSignal, event: { readonly type: 'abort'; readonly target: AbortSignal }) => void;

class LightSignal {
  aborted = false;
  private why: unknown = undefined;
  // Aborted without a reason: the AbortError is made when the reason is first read. Making one loads
  // Node's DOMException class and records a stack, and a run's client is closed that way at every end
  // with no one left to ask why.
  private whyUnmade = false;
  private listeners: Listener[] = [];

  get reason(): unknown {
    if (this.whyUnmade) {
      this.whyUnmade = false;
      this.why = new DOMException('This operation was aborted', 'AbortError');
    }
    return this.why;
  }

  addEventListener(type: string, listener: Listener | null | undefined): void {
    if (type !== 'abort' || typeof listener !== 'function' || this.aborted || this.listeners.includes(listener)) return;
    this.listeners.push(listener);
  }

  removeEventListener(type: string, listener: Listener | null | undefined): void {
    if (type !== 'abort') return;
    const i = this.listeners.indexOf(listener as Listener);
    if (i >= 0) this.listeners.splice(i, 1);
  }

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  /** Aborts once with `reason` (undefined: an AbortError), calling the listeners (abort() of the controller). */
  fire(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.why = reason;
    this.whyUnmade = reason === undefined;
    const self = this as unknown as AbortSignal;
    const event = { type: 'abort', target: self } as const;
    for (const listener of this.listeners.slice()) {
      // A listener removed by an earlier one is not called.
      if (!this.listeners.includes(listener)) continue;
      try {
        listener.call(self, event);
      } catch (err) {
        setImmediate(() => {
          throw err;
        });
      }
    }
    this.listeners = [];
  }
}

/** An abort controller whose signal is not an EventTarget (see above). */
export class LightAbortController {
  private readonly light = new LightSignal();

  /** The signal: aborted once abort() is called. */
  get signal(): AbortSignal {
    return this.light as unknown as AbortSignal;
  }

  /** Aborts the signal with `reason` (an AbortError by default); later calls do nothing. */
  abort(reason?: unknown): void {
    this.light.fire(reason);
  }
}
