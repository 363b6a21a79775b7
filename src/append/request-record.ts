/** What a typed file (parquet) records about the request that produced it, secrets already removed. */
import { redactAll, redactUrl } from '../domain/secrets/redact.js';
import { redactArgv, type ExportSource } from './manifest.js';

/** The request of a run as stored in a file's metadata: the command, its redacted command line, the URLs asked (no key). */
export interface RequestRecord {
  readonly command: string;
  readonly argv: readonly string[];
  readonly baseUrl: string;
  readonly urls: readonly string[];
}

/**
 * The request record of `command` run with `argv` through `session`; the run's `secrets` (Context.secrets)
 * are masked wherever they appear. Made before the requests are sent: `urls` is read when the record is
 * written (a getter).
 */
export function requestRecord(
  command: string,
  argv: readonly string[],
  secrets: ReadonlySet<string>,
  session: ExportSource,
): RequestRecord {
  return {
    command,
    argv: redactArgv(argv.map(redactUrl), secrets),
    baseUrl: redactAll(session.baseUrl, secrets),
    get urls() {
      return session.requests.map((r) => redactAll(r.url, secrets));
    },
  };
}
