/**
 * Where a lake lies: a local folder or `s3://bucket/prefix` (docs/object-storage.md), opened as one
 * Store that every file of the lake goes through — its state, its tables, their logs — so nothing
 * below names a path. The one function sync and the lake commands open a lake location with.
 */
import path from 'node:path';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { openStore } from '../store/open.js';
import type { Store } from '../store/store.js';

/** The flags that say how to reach a lake on object storage. */
export interface LakeLocationFlags {
  /** `--endpoint-url`: an S3-compatible store's endpoint (path-style); wins over AWS_ENDPOINT_URL. */
  readonly endpointUrl?: string;
  /** `--aws-profile`: the AWS profile whose static keys sign (wins over the environment's keys, as `aws --profile`). */
  readonly awsProfile?: string;
}

/** An opened lake location. */
export interface LakeLocation {
  /** As messages name it: the absolute folder, or `s3://bucket/prefix` as given. */
  readonly location: string;
  /** Every object of the lake, under keys relative to the lake. */
  readonly store: Store;
  /** The local folder; undefined on object storage. */
  readonly folder?: string;
  /** True on object storage: other machines may write it at the same time (probe, lease, Delta layout). */
  readonly remote: boolean;
}

/** The scheme of `location` (`s3`), lower case; undefined for a plain path. */
function schemeOf(location: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*):\/\//i.exec(location)?.[1]?.toLowerCase();
}

/**
 * Opens the lake at `location`: a folder (resolved against the working folder) or `s3://bucket/prefix`
 * with the AWS settings of `ctx.env` and `flags`; the AWS secret key and session token join
 * `ctx.secrets`. A bad location, an S3 flag with a folder, missing keys or region: UsageError (exit 2),
 * before any request. Sends nothing.
 */
export async function openLake(ctx: Context, location: string, flags: LakeLocationFlags = {}): Promise<LakeLocation> {
  const scheme = schemeOf(location);
  if (scheme === 'file') throw new UsageError(`${location}: give the lake as a folder path, without file://`);
  if (scheme !== undefined && scheme !== 's3')
    throw new UsageError(`${location}: ${scheme}:// is not a lake gpumkt can write; give a local folder or s3://bucket/prefix`);
  if (scheme === undefined) {
    const given = flags.endpointUrl !== undefined ? '--endpoint-url' : flags.awsProfile !== undefined ? '--aws-profile' : undefined;
    if (given !== undefined)
      throw new UsageError(`${given} applies to a lake on object storage (s3://bucket/prefix); ${location} is a folder`);
    const folder = path.resolve(location);
    return { location: folder, folder, store: await openStore(folder, { env: ctx.env }), remote: false };
  }
  if (flags.endpointUrl !== undefined && !/^https?:\/\/[^/]/i.test(flags.endpointUrl))
    throw new UsageError(`--endpoint-url ${flags.endpointUrl}: give an http:// or https:// URL`);
  const store = await openStore(location, {
    env: ctx.env,
    secrets: ctx.secrets,
    ...(flags.awsProfile === undefined ? {} : { profile: flags.awsProfile }),
    ...(flags.endpointUrl === undefined ? {} : { endpointUrl: flags.endpointUrl }),
    onRetry: (m) => ctx.log.verbose(m),
  });
  return { location: location.replace(/\/+$/, ''), store, remote: true };
}

/** The location of `name` inside the lake, as messages name it (`<folder>/history`, `s3://bucket/lake/history`). */
export function lakeChild(lake: Pick<LakeLocation, 'location' | 'folder'>, name: string): string {
  return lake.folder !== undefined ? path.join(lake.folder, name) : `${lake.location}/${name}`;
}
