/**
 * Keeps requests within the service's limit (60 a minute per client address). A sliding window of
 * start times, not a token bucket: a bucket that starts full allows its size plus the refill inside one
 * minute, while the window guarantees at most `limit` starts in any `windowMs` — what the service counts.
 */
import { sleep } from '../domain/sleep.js';

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
   * Holds every further start until `epochMs`: a 429 with Retry-After speaks for the whole client
   * address, so the other requests of a fan-out wait too instead of drawing more 429s.
   */
  holdUntil(epochMs: number): void {
    this.notBefore = Math.max(this.notBefore, epochMs);
  }

  private async wait(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      if (now < this.notBefore) {
        await this.clock.sleep(this.notBefore - now, signal);
        continue;
      }
      while (this.starts.length > 0 && (this.starts[0] as number) <= now - this.windowMs) this.starts.shift();
      if (this.starts.length < this.limit) {
        this.starts.push(now);
        return;
      }
      await this.clock.sleep((this.starts[0] as number) + this.windowMs - now, signal);
    }
  }
}
