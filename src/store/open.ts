/**
 * The store a location names: a local folder, or `s3://bucket/prefix` (an S3 bucket, or a bucket of
 * MinIO, R2, Ceph… through an endpoint URL). The S3 backend, its signer and the reading of the AWS
 * files load only when an s3:// location is opened. Other schemes are refused before any request.
 */
import type { Dispatcher } from 'undici';
import { UsageError } from '../errors.js';
import { localStore } from './local.js';
import type { RetryPolicy } from './s3/s3-client.js';
import { isKey, type Store } from './store.js';

/** How to open a store. */
export interface OpenStoreOptions {
  /** The environment the AWS settings are read from (AWS_ACCESS_KEY_ID, AWS_PROFILE, AWS_REGION, HOME…). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The AWS profile named on the command line: wins over keys in the environment, as `aws --profile` does. */
  readonly profile?: string;
  /** The endpoint of an S3-compatible store (`--endpoint-url`): wins over AWS_ENDPOINT_URL; path-style. */
  readonly endpointUrl?: string;
  /** S3: the run's undici dispatcher (proxy, timeouts); a keep-alive Agent of its own when omitted. */
  readonly dispatcher?: Dispatcher;
  /** S3: retries of 5xx, SlowDown and dropped connections. */
  readonly retry?: RetryPolicy;
  /** S3: told (one line, secrets masked) of each retry. */
  readonly onRetry?: (message: string) => void;
  /** S3: a streamed body longer than this goes up as a multipart upload (8 MiB by default). */
  readonly partSize?: number;
  /** Local: the mode of the files it creates. */
  readonly mode?: number;
  /** S3: the run's secrets (its redaction channel): the secret key and session token join it once read. */
  readonly secrets?: Set<string>;
}

/** A parsed `s3://bucket/prefix`. */
export interface S3Location {
  readonly bucket: string;
  /** '' for the whole bucket; no slash at either end. */
  readonly prefix: string;
}

// S3's rules for a bucket's name (lower case, digits, dots and hyphens; 3 to 63 long).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The bucket and prefix of an `s3://` location; a UsageError when it is not a valid one. */
export function parseS3Location(location: string): S3Location {
  const m = /^s3:\/\/([^/]*)(?:\/(.*))?$/i.exec(location);
  const bucket = m?.[1] ?? '';
  if (!BUCKET.test(bucket) || bucket.includes('..'))
    throw new UsageError(`${location}: ${JSON.stringify(bucket)} is not an S3 bucket name`, 'write it as s3://bucket/prefix');
  const prefix = (m?.[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && !isKey(prefix))
    throw new UsageError(
      `${location}: the prefix ${JSON.stringify(prefix)} has an empty, '.' or '..' segment`,
      'write it as s3://bucket/prefix',
    );
  return { bucket, prefix };
}

/** The store at `location`: a local folder, or `s3://bucket/prefix`; a UsageError (exit 2) for any other scheme. */
export async function openStore(location: string, opts: OpenStoreOptions): Promise<Store> {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(location)?.[1]?.toLowerCase();
  if (scheme === 'file') throw new UsageError(`${location}: give the lake as a folder path, without file://`);
  if (scheme !== undefined && scheme !== 's3')
    throw new UsageError(`${location}: ${scheme}:// is not a store gpumkt can write; give a local folder or s3://bucket/prefix`);
  if (scheme === undefined) return localStore(location, opts.mode === undefined ? {} : { mode: opts.mode });
  const where = parseS3Location(location);
  const { awsSettings } = await import('./s3/aws-config.js');
  const settings = await awsSettings({ env: opts.env, profile: opts.profile, endpointUrl: opts.endpointUrl });
  for (const secret of [settings.credentials.secretAccessKey, settings.credentials.sessionToken])
    if (secret !== undefined && secret !== '') opts.secrets?.add(secret);
  const { s3Store } = await import('./s3/s3-store.js');
  return s3Store({
    bucket: where.bucket,
    prefix: where.prefix,
    region: settings.region,
    credentials: settings.credentials,
    ...(settings.endpointUrl === undefined ? {} : { endpointUrl: settings.endpointUrl }),
    ...(opts.dispatcher === undefined ? {} : { dispatcher: opts.dispatcher }),
    ...(opts.retry === undefined ? {} : { retry: opts.retry }),
    ...(opts.onRetry === undefined ? {} : { onRetry: opts.onRetry }),
    ...(opts.partSize === undefined ? {} : { partSize: opts.partSize }),
  });
}
