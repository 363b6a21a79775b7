/**
 * How a run speaks on stderr: one terminal-safe line a message (wrapped only at a terminal), and every
 * error mapped to its one line and exit code in one place. cli.ts runs the program and hands its
 * errors here; nothing here touches `process`.
 */
import type { Context, Io } from '../context.js';
import { ExitCode, GpumktError } from '../errors.js';
import { sanitizeForTerminal } from '../domain/text/sanitize.js';
import { redactAll, redactSecrets } from '../domain/secrets/redact.js';
import { errLines } from './err-lines.js';

/**
 * Writes one message to stderr. At a terminal it wraps at word boundaries to the terminal's width (80
 * when the width is unknown); off one (a log file, a pipe, cron mail) every message stays the one line
 * that scripts and log searches expect (decisions §E).
 */
export function writeErr(io: Io, message: string): boolean {
  return io.stderr.write(`${errLines(io, message)}\n`);
}

/** What commander ends with once it has printed help or the version: a success. */
export const SHOWN = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help']);

/** Commander's own error (help shown, a usage error it has printed), or undefined for any other. */
export type CommanderErrorOf = (err: unknown) => (Error & { readonly code: string; readonly exitCode: number }) | undefined;

/** One line on stderr for an error, and its exit code. */
export function report(err: unknown, ctx: Context, debug: boolean, commanderError: CommanderErrorOf): number {
  const shown = commanderError(err);
  if (shown !== undefined) {
    // Commander has already printed its message (help, version, or the usage error).
    if (SHOWN.has(shown.code)) return 0;
    return shown.exitCode === 0 ? 0 : ExitCode.usage;
  }
  const mask = (s: string): string => redactAll(s, ctx.secrets);
  if (err instanceof GpumktError) {
    // A hint is our own advice, and may show the form of a URL with credentials: only secrets are masked.
    const hint = err.hint ? ` (${oneLine(redactSecrets(err.hint, ctx.secrets))})` : '';
    writeErr(ctx.io, `gpumkt: error: ${oneLine(mask(err.message))}${hint}`);
    if (debug && err.stack) ctx.io.stderr.write(`${mask(err.stack)}\n`);
    return err.exitCode;
  }
  const e = err instanceof Error ? err : new Error(String(err));
  writeErr(ctx.io, `gpumkt: internal error: ${oneLine(mask(e.message))} (this is a bug; rerun with --debug for details)`);
  if (debug && e.stack) ctx.io.stderr.write(`${mask(e.stack)}\n`);
  return ExitCode.internal;
}

/** One line with no escape sequence or control character: errors often quote what a server sent. */
export function oneLine(s: string): string {
  return sanitizeForTerminal(s).replace(/ {2,}/g, ' ').trim();
}
