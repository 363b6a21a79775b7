/**
 * When the sandbox sends its replies: at once, after a fixed latency, or held until a number of requests
 * are in (so a test counts what the server saw in flight instead of racing the clock). Tracks the peak
 * number of requests in flight together.
 */
import type { ServerResponse } from 'node:http';

/** Holds replies until `until` requests have arrived (then releases them all, once), or `maxMs` passed since the first. */
export interface HoldReplies {
  readonly until: number;
  readonly maxMs: number;
}

/** The reply scheduler of one sandbox. */
export interface ReplyGate {
  /** Counts a request in flight until its response finishes or its connection closes. */
  arrive(res: ServerResponse): void;
  /** Sends a reply when the gate allows. */
  schedule(send: () => void): void;
  /** The most requests that were in flight together. */
  readonly peak: () => number;
  /** Drops pending timers (the server is closing). */
  close(): void;
}

/** Creates the gate for a sandbox's latency and hold options. */
export function createReplyGate(latencyMs: number, hold: HoldReplies | undefined): ReplyGate {
  let inFlight = 0;
  let peak = 0;
  const timers = new Set<NodeJS.Timeout>();
  const held: (() => void)[] = [];
  let holding = hold !== undefined && hold.until > 1;
  let fallback: NodeJS.Timeout | undefined;

  const later = (send: () => void): void => {
    if (latencyMs <= 0) return send();
    const t = setTimeout(() => {
      timers.delete(t);
      send();
    }, latencyMs);
    timers.add(t);
  };
  const release = (): void => {
    holding = false;
    if (fallback !== undefined) clearTimeout(fallback);
    for (const send of held.splice(0)) later(send);
  };
  return {
    arrive(res) {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      let counted = true;
      const done = (): void => {
        if (counted) inFlight -= 1;
        counted = false;
      };
      res.on('finish', done);
      res.on('close', done);
    },
    schedule(send) {
      if (!holding || hold === undefined) return later(send);
      held.push(send);
      // The fallback bounds the wait when fewer requests come than expected: the test then sees the lower peak.
      fallback ??= setTimeout(release, hold.maxMs);
      if (held.length >= hold.until) release();
    },
    peak: () => peak,
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      if (fallback !== undefined) clearTimeout(fallback);
      held.length = 0;
    },
  };
}
