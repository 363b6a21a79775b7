/**
 * Empty and future windows answer alike on every data command: a window wholly after today is a usage
 * error before any request (exit 2); a window the service answers with no rows prints the same note on
 * every command (with when a day publishes, where the window holds the last days: runner.ts) and
 * exits 0 (9 with --fail-empty); the service's own 404 stays exit 4.
 */
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { DateWindow } from '../domain/time/dates.js';

/** Exit 2 before any request when the whole window lies after today (UTC): nothing there exists yet. */
export function checkWindowNotFuture(window: DateWindow, today: string): void {
  if (window.from > today) {
    throw new UsageError(
      `the window ${window.from}..${window.to} lies after today (${today}, UTC): there is no data there yet`,
      'give --from on or before today',
    );
  }
}

/** The one note for a run that found no rows. */
export function noteNoRows(ctx: Context, command: string, window: DateWindow | undefined, hint?: string): void {
  ctx.log.info(`no rows${window ? ` in ${window.from}..${window.to}` : ''} (${command})${hint === undefined ? '' : `: ${hint}`}`);
}
