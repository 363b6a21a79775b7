/**
 * Keeps requests within the service's limit (60 a minute per client address). A sliding window of
 * start times, not a token bucket: a bucket that starts full allows its size plus the refill inside one
 * minute, while the window guarantees at most `limit` starts in any `windowMs` — what the service counts.
 *
 * A 429 teaches the client that the limit in force is stricter than the window allows (a proxy, or a
 * service stricter than documented). From then on the burst is gone: every start waits for the
 * Retry-After, and then the held requests resume one at a time, at most one per Retry-After (capped at
 * the documented steady pace, windowMs / limit, one a second). A token bucket's Retry-After is the
 * time to its next token, so this pace is one it always accepts: a fan-out draws at most its first
 * burst's overflow in 429s instead of a storm at every hold's end (test/e2e/rate-limit-429.test.ts).
 */
import { sleep } from '../domain/time/sleep.js';

/**
 * The client's window: the service counts 60 arrivals a minute, and a start here reaches it a little
 * later (more on a loaded machine), so the oldest of 60 starts may arrive late enough to share the
 * service's minute with the 61st. A second of margin keeps the service's count within its limit.
 */
export const SERVICE_LIMIT = { limit: 60, windowMs: 61_000 } as const;

/** One wait of the pacer: how long, and why (the window of `limit` starts, or a 429's Retry-After). */
export interface Hold {
  readonly ms: number;
  readonly why: 'window' | 'retry-after';
  readonly limit: number;
  readonly windowMs: number;
}

/** Time source and sleeper, injectable so tests need no real minute. */
export interface LimiterClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Shared by every request of a run, retries included. */
export class RateLimiter {
  private readonly starts: number[] = [];
  private queue: Promise<void> = Promise.resolve();
  private notBefore = 0;
  /** After a 429: the least time between two starts (0 until then). */
  private gapMs = 0;
  private lastStart = Number.NEGATIVE_INFINITY;
  private waited = 0;
  private readonly watchers: Array<(hold: Hold) => void> = [];

  constructor(
    readonly limit = 60,
    readonly windowMs = 60_000,
    private readonly clock: LimiterClock = { now: () => Date.now(), sleep },
  ) {}

  /** Resolves when one more request may start; callers are served in order. */
  take(signal?: AbortSignal): Promise<void> {
    const turn = this.queue.then(() => this.wait(signal));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Milliseconds the pacer has held requests back so far: turns are taken one at a time, so this is
   * wall time of the run spent waiting for the limit, apart from time on the wire or in gpumkt's own code.
   */
  get waitedMs(): number {
    return this.waited;
  }

  /** Calls `fn` with each hold as it begins (a progress line says the run waits); returns the way to stop. */
  onHold(fn: (hold: Hold) => void): () => void {
    this.watchers.push(fn);
    return () => {
      const i = this.watchers.indexOf(fn);
      if (i >= 0) this.watchers.splice(i, 1);
    };
  }

  private sleep(ms: number, why: Hold['why'], signal?: AbortSignal): Promise<void> {
    for (const fn of this.watchers) fn({ ms, why, limit: this.limit, windowMs: this.windowMs });
    return this.clock.sleep(ms, signal);
  }

  /**
   * Holds every further start until `epochMs`: a 429 with Retry-After speaks for the whole client
   * address, so the other requests of a fan-out wait too instead of drawing more 429s.
   */
  holdUntil(epochMs: number): void {
    this.notBefore = Math.max(this.notBefore, epochMs);
    const retryAfterMs = Math.max(0, epochMs - this.clock.now());
    this.gapMs = Math.max(this.gapMs, Math.min(retryAfterMs, this.windowMs / this.limit));
  }

  private async wait(signal?: AbortSignal): Promise<void> {
    const began = this.clock.now();
    // Only a start that was held counts: the clock may tick between two reads with no wait at all.
    let held = false;
    for (;;) {
      const now = this.clock.now();
      const at = Math.max(this.notBefore, this.lastStart + this.gapMs);
      if (now < at) {
        held = true;
        await this.sleep(at - now, 'retry-after', signal);
        continue;
      }
      while (this.starts.length > 0 && (this.starts[0] as number) <= now - this.windowMs) this.starts.shift();
      if (this.starts.length < this.limit) {
        this.starts.push(now);
        this.lastStart = now;
        if (held) this.waited += now - began;
        return;
      }
      held = true;
      await this.sleep((this.starts[0] as number) + this.windowMs - now, 'window', signal);
    }
  }
}
