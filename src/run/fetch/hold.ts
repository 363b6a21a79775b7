/**
 * What a progress line says while the pacer holds requests back: the wait and its reason, counted
 * down each second, so a run waiting for the service's limit does not look like a hang.
 */
import type { Hold } from '../../api/rate-limit.js';

export type { Hold };

/** Holds shorter than this are not worth a word. */
export const HOLD_SHOWN_MS = 1000;

/**
 * `waiting for the service's limit of 60 a minute, 48s` (or, after a 429, the wait it asked for);
 * `short`: `limit 60 a minute: 48s`, for a narrow terminal.
 */
export function holdText(hold: Hold, remainingMs: number, short = false): string {
  const s = `${Math.max(1, Math.ceil(remainingMs / 1000))}s`;
  if (hold.why === 'retry-after') return short ? `429, waiting: ${s}` : `waiting as the service asked (429 Retry-After), ${s}`;
  const minutes = Math.round(hold.windowMs / 60_000);
  const per = minutes <= 1 ? 'a minute' : `per ${minutes} minutes`;
  return short ? `limit ${hold.limit} ${per}: ${s}` : `waiting for the service's limit of ${hold.limit} ${per}, ${s}`;
}

/** The first of `lines` (longest first) that fits `width` columns with the cursor after it, else the last one cut to fit. */
export function fitLine(width: number, lines: readonly string[]): string {
  const room = Math.max(10, width - 1);
  const fits = lines.find((l) => l.length <= room);
  return fits ?? (lines.at(-1) ?? '').slice(0, room);
}

/** A hold being counted down: `tail(short)` is its text now ('' when none is shown). */
export interface Countdown {
  start(hold: Hold): void;
  stop(): void;
  tail(short?: boolean): string;
}

/** A countdown that calls `redraw` every second until the hold ends or is stopped; holds under a second are not shown. */
export function holdCountdown(redraw: () => void): Countdown {
  let timer: ReturnType<typeof setInterval> | undefined;
  let current: { hold: Hold; until: number } | undefined;
  const stop = (): void => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    current = undefined;
  };
  const tick = (): void => {
    if (current === undefined) return;
    if (current.until <= Date.now()) stop();
    redraw();
  };
  return {
    start(hold) {
      if (hold.ms < HOLD_SHOWN_MS) return;
      stop();
      current = { hold, until: Date.now() + hold.ms };
      tick();
      timer = setInterval(tick, 1000);
      timer.unref();
    },
    stop,
    tail: (short = false) => (current === undefined ? '' : holdText(current.hold, current.until - Date.now(), short)),
  };
}
