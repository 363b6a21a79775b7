/** What a typed file (parquet) records about the request that produced it, secrets already removed. */
import { redactAll, redactUrl } from '../domain/secrets/redact.js';
import { redactArgv } from '../domain/secrets/redact-argv.js';
import type { ExportSource } from './manifest.js';

/** The request of a run as stored in a file's metadata: the command, its redacted command line, the URLs asked (no key). */
export interface RequestRecord {
  readonly command: string;
  readonly argv: readonly string[];
  readonly baseUrl: string;
  readonly urls: readonly string[];
}

/**
 * The request record of `command` run with `argv` through `session`; the run's `secrets` (Context.secrets)
 * are masked wherever they appear. Made before the requests are sent, and read only when a file records
 * it: each field is masked on first read (getters; masking looks for the secret in every encoding, which
 * a run that prints its rows to stdout never needs), `urls` each time it is read.
 */
export function requestRecord(
  command: string,
  argv: readonly string[],
  secrets: ReadonlySet<string>,
  session: ExportSource,
): RequestRecord {
  // Masked again when the run's secrets have grown since (as redactedUrl below).
  let shown: { size: number; argv: readonly string[]; baseUrl: string } | undefined;
  const masked = () =>
    shown?.size === secrets.size
      ? shown
      : (shown = { size: secrets.size, argv: redactArgv(argv.map(redactUrl), secrets), baseUrl: redactAll(session.baseUrl, secrets) });
  return {
    command,
    get argv() {
      return masked().argv;
    },
    get baseUrl() {
      return masked().baseUrl;
    },
    get urls() {
      return session.requests.map((r) => redactedUrl(r.url, secrets));
    },
  };
}

// Each URL masked once per run's secrets: a sync writes the record into every file of every dataset,
// and masking looks for the secret in every encoding (base64 at each alignment, nested layers), which
// made the same URLs cost ~1 s of CPU over a lake's ~300 files.
// A run's set of secrets only grows (the key joins it when the settings are read): one it has grown
// since starts again.
const masked = new WeakMap<ReadonlySet<string>, { size: number; urls: Map<string, string> }>();

function redactedUrl(url: string, secrets: ReadonlySet<string>): string {
  let known = masked.get(secrets);
  if (known?.size !== secrets.size) masked.set(secrets, (known = { size: secrets.size, urls: new Map() }));
  let out = known.urls.get(url);
  if (out === undefined) known.urls.set(url, (out = redactAll(url, secrets)));
  return out;
}
