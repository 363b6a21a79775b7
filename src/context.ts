/**
 * The run context handed to every command: streams, environment, clock, abort signal, logging,
 * and lazily built config and API client. Tests build their own; nothing below cli.ts touches
 * `process` streams or `console` directly.
 */
import type { Readable, Writable } from 'node:stream';
import { isIsoDate, utcToday } from './domain/time/dates.js';
import { UsageError } from './errors.js';

/** The process's streams and what is known about them. */
export interface Io {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly stdin: Readable;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  readonly stdinIsTTY: boolean;
  /** Terminal width for tables and charts (80 off a terminal). */
  readonly columns: number;
  /** Width of stderr's terminal (80 when unknown): messages wrap there when stderr is one. */
  readonly errColumns?: number;
  /** Terminal height when stdout is the process's own terminal (the pager may open); absent otherwise. */
  readonly rows?: number;
}

/** Options every command accepts (README: Global flags). */
export interface GlobalOptions {
  baseUrl?: string;
  profile?: string;
  config?: string;
  timeout?: number;
  retries?: number;
  color: boolean;
  quiet: boolean;
  verbose: boolean;
  debug: boolean;
  dryRun: boolean;
  sandbox: boolean;
  /** False with --no-pager. */
  pager: boolean;
}

/** Messages to stderr, filtered by -q / -v. */
export interface Logger {
  /** Always shown unless --quiet: warnings about data or configuration. */
  readonly warn: (message: string) => void;
  /** Notices (e.g. "synthetic data"), hidden by --quiet. */
  readonly info: (message: string) => void;
  /** Only with --verbose: request log lines. */
  readonly verbose: (message: string) => void;
}

/** Everything a command needs from the outside world. */
export interface Context {
  readonly io: Io;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The command line as given (without node and script), for --manifest; absent in hand-built contexts. */
  readonly argv?: readonly string[];
  /** Current time; GPUMKT_TODAY (YYYY-MM-DD) pins it for tests and reproducible runs. */
  now(): Date;
  /** Today's UTC date, YYYY-MM-DD. */
  today(): string;
  /** Aborted on SIGINT/SIGTERM: in-flight requests stop and temporary files are removed. */
  readonly signal: AbortSignal;
  readonly log: Logger;
  /** The parsed global options (valid once commander has parsed argv). */
  globals(): GlobalOptions;
  /** Cleanup callbacks run when the run ends, however it ends (temporary files, servers). */
  onCleanup(fn: () => void | Promise<void>): void;
  /**
   * Secrets of the run (the configured API key), masked in every encoding in every message main() prints
   * and in everything a run writes (manifests, request records, Parquet metadata): the one redaction channel.
   */
  readonly secrets: Set<string>;
  /**
   * Marks the run's output as committed (the file renamed into place): from then on the run reports
   * success, whatever signal arrives, since the file it names has been replaced.
   */
  committed?(): void;
}

const PINNED_INSTANT = /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/;

/**
 * Knowledge time (docs/point-in-time.md): when gpumkt received a value, from the machine's clock and
 * never from GPUMKT_TODAY, which pins the data's day only. GPUMKT_KNOWLEDGE_TIME (an ISO instant with a
 * zone) pins it for tests (CONTRIBUTING.md); any other value is a usage error (exit 2) when it is read.
 */
export function knowledgeNow(env: Readonly<Record<string, string | undefined>>): Date {
  const pinned = env.GPUMKT_KNOWLEDGE_TIME?.trim();
  if (!pinned) return new Date();
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(pinned) ? Date.parse(pinned) : Number.NaN;
  if (!Number.isFinite(ms))
    throw new UsageError(
      `GPUMKT_KNOWLEDGE_TIME must be an ISO time with a zone, e.g. 2026-11-20T18:00:00Z (got ${JSON.stringify(pinned.slice(0, 40))})`,
    );
  return new Date(ms);
}

/**
 * Builds the clock from GPUMKT_TODAY when set (noon UTC of that day, or the instant given), else the
 * real time. A value that is neither a calendar date nor such an instant is a usage error (exit 2) the
 * first time the clock is read.
 */
export function makeClock(env: Readonly<Record<string, string | undefined>>): { now(): Date; today(): string } {
  const pinned = env.GPUMKT_TODAY?.trim();
  // A date pins noon of that day; an instant (`2026-11-20T14:05:00Z`, UTC) pins the hour too.
  const instant = pinned !== undefined && PINNED_INSTANT.test(pinned) && isIsoDate(pinned.slice(0, 10)) ? new Date(pinned) : undefined;
  const now = !pinned
    ? () => new Date()
    : isIsoDate(pinned)
      ? () => new Date(`${pinned}T12:00:00Z`)
      : instant !== undefined && !Number.isNaN(instant.getTime())
        ? () => new Date(instant)
        : () => {
            throw new UsageError(
              `GPUMKT_TODAY must be a date YYYY-MM-DD or an instant YYYY-MM-DDTHH:MM:SSZ (got ${JSON.stringify(pinned.slice(0, 40))})`,
            );
          };
  return { now, today: () => utcToday(now()) };
}
