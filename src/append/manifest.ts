/**
 * `<file>.manifest.json`: enough to audit or reproduce an export later — the command line (anything
 * key-like redacted), the requests made (URLs carry no key), row counts, first and last key, the data
 * file's sha256, tool version and time. Written atomically, after the data file.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { redactAll, redactUrl } from '../domain/secrets/redact.js';
import { redactArgv } from '../domain/secrets/redact-argv.js';
import { writeAll } from '../output/files/sink.js';
import { fileSink } from '../store/file-sink.js';
import { VERSION } from '../version.js';
import type { Context } from '../context.js';
import type { OutputPlan } from '../output/plan.js';
import { fileChunks } from '../store/paths.js';

/** One request of the run, as --manifest records it (the key travels in a header, never in the URL). */
export interface RequestLogEntry {
  readonly url: string;
  /** `ok` for a validated 2xx body, else the error's exit code and message. */
  readonly outcome: 'ok' | { readonly exitCode: number; readonly message: string };
  /** When the call started (ISO) and how long it took with retries (ms). */
  readonly at: string;
  readonly ms: number;
}

/** Where an export's requests went, as the manifest records them (the run's session provides it). */
export interface ExportSource {
  readonly baseUrl: string;
  readonly dryRun: boolean;
  /** Every request sent so far, in the order they started. */
  readonly requests: readonly RequestLogEntry[];
}

/** The manifest's path for a data file. */
export function manifestPath(target: string): string {
  return `${target}.manifest.json`;
}

export { redactArgv };

/** The sha256 (hex) and size of a file, streamed. */
export async function fileDigest(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fileChunks(file)) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** What the export knows when it writes the manifest. */
export interface ManifestInput {
  readonly target: string;
  readonly argv: readonly string[];
  /** The run's secrets (Context.secrets): masked in the command line, the URLs and the messages, however encoded. */
  readonly secrets: ReadonlySet<string>;
  readonly command: string;
  readonly format: string;
  readonly dialect?: string;
  readonly mode: 'write' | 'append';
  readonly rows: { readonly total: number; readonly new: number; readonly replaced: number; readonly late?: number };
  readonly firstKey?: string;
  readonly lastKey?: string;
  readonly baseUrl: string;
  readonly requests: readonly RequestLogEntry[];
  readonly createdAt: Date;
  /** What the responses said about themselves (forward: `asOf`); left out when the dataset says nothing. */
  readonly served?: Readonly<Record<string, string | null>>;
}

/** Builds the manifest object (the data file must already be in place: its digest is taken here). */
export async function buildManifest(m: ManifestInput): Promise<Record<string, unknown>> {
  const { sha256, bytes } = await fileDigest(m.target);
  return {
    manifestVersion: 1,
    tool: { name: 'gpumkt', version: VERSION },
    createdAt: m.createdAt.toISOString(),
    command: ['gpumkt', ...redactArgv(m.argv.map(redactUrl), m.secrets)],
    file: { name: path.basename(m.target), format: m.format, dialect: m.dialect ?? null, bytes, sha256 },
    mode: m.mode,
    rows: m.rows,
    firstKey: m.firstKey ?? null,
    lastKey: m.lastKey ?? null,
    baseUrl: redactAll(m.baseUrl, m.secrets),
    requests: m.requests.map((r) => ({
      method: 'GET',
      url: redactAll(r.url, m.secrets),
      outcome: outcome(r, m.secrets),
      at: r.at,
      ms: r.ms,
    })),
    ...(m.served ? { served: m.served } : {}),
  };
}

/** A request's outcome as recorded: an error message may echo what the server was sent. */
function outcome(r: RequestLogEntry, secrets: ReadonlySet<string>): RequestLogEntry['outcome'] {
  return r.outcome === 'ok' ? r.outcome : { ...r.outcome, message: redactAll(r.outcome.message, secrets) };
}

/** Writes `<target>.manifest.json` atomically. */
export async function writeManifest(m: ManifestInput): Promise<string> {
  const file = manifestPath(m.target);
  const body = await buildManifest(m);
  await writeAll([`${JSON.stringify(body, null, 2)}\n`], await fileSink(file));
  return file;
}

/** Writes an export's manifest when the plan asks for one: the row counts and the first and last key. */
export type ManifestWriter = (
  rows: { total: number; new: number; replaced: number; late: number },
  firstKey?: string,
  lastKey?: string,
) => Promise<void>;

/** The manifest writer of one export (a no-op without --manifest). */
export function manifestWriter(
  ctx: Context,
  plan: OutputPlan,
  session: ExportSource,
  of: { target: string; command: string; dialect?: string; served?: () => Readonly<Record<string, string | null>> },
): ManifestWriter {
  return async (rows, firstKey, lastKey) => {
    if (!plan.manifest) return;
    const file = await writeManifest({
      target: of.target,
      argv: ctx.argv ?? [],
      // The key in any encoding, and URL credentials, are masked wherever they might hide.
      secrets: ctx.secrets,
      command: of.command,
      format: plan.format,
      dialect: of.dialect,
      mode: plan.append ? 'append' : 'write',
      rows,
      firstKey,
      lastKey,
      baseUrl: session.baseUrl,
      requests: session.requests,
      // The real time, beside the requests' real times: GPUMKT_TODAY pins the data's day, not the log's.
      createdAt: new Date(),
      served: of.served?.(),
    });
    ctx.log.info(`wrote ${file}`);
  };
}
