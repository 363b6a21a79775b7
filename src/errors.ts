/** Typed errors, each carrying its exit code (docs/api-contract.md §5). main() maps them in one place. */

/** Exit codes of the CLI contract. */
export const ExitCode = {
  ok: 0,
  internal: 1,
  usage: 2,
  auth: 3,
  noData: 4,
  unreachable: 5,
  invalidResponse: 6,
  output: 7,
  locked: 8,
  empty: 9,
  partial: 10,
  sigint: 130,
  sigterm: 143,
} as const;

/** Base of every error the user is meant to see as one line on stderr. */
export class GpumktError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    /** Optional second sentence telling the user what to do. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad flags or arguments, found by the CLI or reported by the API as 400. */
export class UsageError extends GpumktError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.usage, hint);
  }
}

/** No key, 401 or 403. */
export class AuthError extends GpumktError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.auth, hint);
  }
}

/** 404 No data available. */
export class NoDataError extends GpumktError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.noData, hint);
  }
}

/** Network error, timeout, 429 or 5xx after retries. */
export class UnreachableError extends GpumktError {
  constructor(
    message: string,
    hint?: string,
    /** The HTTP status the server answered (5xx, 429, a redirect): the service was reached; undefined for a connection that failed. */
    readonly status?: number,
  ) {
    super(message, ExitCode.unreachable, hint);
  }
}

/** Not JSON, not the documented shape, or (with --strict) a broken spec rule. */
export class InvalidResponseError extends GpumktError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.invalidResponse, hint);
  }
}

/** The output cannot be written. */
export class OutputError extends GpumktError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.output, hint);
  }
}

/** Another run holds the output's lock. */
export class LockedError extends GpumktError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.locked, hint);
  }
}

/** Nothing new to export and --fail-empty was given. */
export class EmptyError extends GpumktError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.empty, hint);
  }
}

/** The run was interrupted by SIGINT or SIGTERM. */
export class InterruptedError extends GpumktError {
  constructor(readonly signal: 'SIGINT' | 'SIGTERM') {
    super(`interrupted by ${signal}`, signal === 'SIGINT' ? ExitCode.sigint : ExitCode.sigterm);
  }
}

/** Some datasets of a sync failed while the others were updated (each failure named on stderr). */
export class PartialError extends GpumktError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.partial, hint);
  }
}
