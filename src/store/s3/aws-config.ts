/**
 * Where the AWS CLI finds static credentials, the region and the endpoint, read the same way for an
 * `s3://` store: the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN,
 * AWS_REGION or AWS_DEFAULT_REGION, AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL), then the profile
 * (the `profile` option, else AWS_PROFILE, else `default`) in the shared credentials file
 * (AWS_SHARED_CREDENTIALS_FILE, ~/.aws/credentials; `[name]`) and the config file (AWS_CONFIG_FILE,
 * ~/.aws/config; `[profile name]`, `[default]`). A profile given as an option wins over keys in the
 * environment, as `--profile` does for the AWS CLI. Only static keys: a profile that assumes a role,
 * uses SSO or runs a credential process is refused by name. No message ever holds a key.
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { UsageError } from '../../errors.js';
import type { S3Credentials } from './sign.js';

/** What the store needs from the environment. */
export interface AwsSettings {
  readonly credentials: S3Credentials;
  readonly region: string;
  /** The endpoint (MinIO, R2, Ceph…): requests go there, path-style; undefined for AWS. */
  readonly endpointUrl?: string;
  /** The profile the keys or the region came from, for messages. */
  readonly profile: string;
}

/** Where to look. */
export interface AwsSettingsOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly profile?: string;
  readonly endpointUrl?: string;
}

type Section = Record<string, string>;

/** The sections of an AWS ini file: `[name]` → lower-case key → value; nested (indented) values are skipped. */
export function parseIni(text: string): Map<string, Section> {
  const out = new Map<string, Section>();
  let current: Section | undefined;
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*([#;].*)?$/.test(raw)) continue;
    const head = /^\s*\[\s*([^\]]+?)\s*\]\s*$/.exec(raw);
    if (head !== null) {
      current = out.get(head[1]!) ?? {};
      out.set(head[1]!, current);
      continue;
    }
    // An indented line continues a nested block (`s3 =` then `  addressing_style = path`): not a setting of the profile.
    if (/^\s/.test(raw) || current === undefined) continue;
    const kv = /^([^=]+?)\s*=\s*(.*?)\s*$/.exec(raw);
    if (kv !== null) current[kv[1]!.toLowerCase()] = kv[2]!;
  }
  return out;
}

async function readIni(file: string): Promise<Map<string, Section> | undefined> {
  try {
    return parseIni(await readFile(file, 'utf8'));
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new UsageError(`cannot read the AWS file ${file}: ${code ?? 'unreadable'}`);
  }
}

const nonEmpty = (v: string | undefined): string | undefined => (v === undefined || v.trim() === '' ? undefined : v.trim());

// Settings of a profile that get credentials some other way than static keys.
const NOT_STATIC: Readonly<Record<string, string>> = {
  role_arn: 'assumes a role (role_arn)',
  sso_session: 'signs in with SSO (sso_session)',
  sso_start_url: 'signs in with SSO (sso_start_url)',
  credential_process: 'runs a credential_process',
  web_identity_token_file: 'uses a web identity token',
};

function keysOf(section: Section | undefined): S3Credentials | undefined {
  const id = nonEmpty(section?.aws_access_key_id);
  const secret = nonEmpty(section?.aws_secret_access_key);
  if (id === undefined || secret === undefined) return undefined;
  const token = nonEmpty(section?.aws_session_token);
  return token === undefined
    ? { accessKeyId: id, secretAccessKey: secret }
    : { accessKeyId: id, secretAccessKey: secret, sessionToken: token };
}

function envKeys(env: AwsSettingsOptions['env']): S3Credentials | undefined {
  return keysOf({
    aws_access_key_id: env.AWS_ACCESS_KEY_ID ?? '',
    aws_secret_access_key: env.AWS_SECRET_ACCESS_KEY ?? '',
    aws_session_token: env.AWS_SESSION_TOKEN ?? '',
  });
}

/** The credentials file's and config file's paths, as the AWS CLI picks them. */
export function awsFiles(env: AwsSettingsOptions['env']): { credentials: string; config: string } {
  const home = nonEmpty(env.HOME) ?? nonEmpty(env.USERPROFILE) ?? homedir();
  return {
    credentials: nonEmpty(env.AWS_SHARED_CREDENTIALS_FILE) ?? path.join(home, '.aws', 'credentials'),
    config: nonEmpty(env.AWS_CONFIG_FILE) ?? path.join(home, '.aws', 'config'),
  };
}

/** The settings an `s3://` store uses; a UsageError naming what is missing when there are no keys or no region. */
export async function awsSettings(opts: AwsSettingsOptions): Promise<AwsSettings> {
  const { env } = opts;
  const explicit = nonEmpty(opts.profile);
  const profile = explicit ?? nonEmpty(env.AWS_PROFILE) ?? 'default';
  const files = awsFiles(env);
  const creds = await readIni(files.credentials);
  const config = await readIni(files.config);
  const fromCreds = creds?.get(profile);
  const fromConfig = config?.get(profile === 'default' ? 'default' : `profile ${profile}`);
  const env1 = explicit === undefined ? envKeys(env) : undefined;
  // A profile named but found nowhere is an error, unless keys in the environment win over it anyway (AWS_PROFILE).
  const named = explicit !== undefined || (nonEmpty(env.AWS_PROFILE) !== undefined && env1 === undefined);
  if (named && fromCreds === undefined && fromConfig === undefined)
    throw new UsageError(`the AWS profile ${JSON.stringify(profile)} is in neither ${files.credentials} nor ${files.config}`);
  const credentials = env1 ?? keysOf(fromCreds) ?? keysOf(fromConfig);
  if (credentials === undefined) {
    const how = Object.keys(NOT_STATIC).find((k) => fromCreds?.[k] !== undefined || fromConfig?.[k] !== undefined);
    if (how !== undefined)
      throw new UsageError(
        `the AWS profile ${JSON.stringify(profile)} ${NOT_STATIC[how]}: gpumkt reads static keys only`,
        'give AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), or a profile with aws_access_key_id and aws_secret_access_key',
      );
    throw new UsageError(
      'no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or name a profile of ~/.aws/credentials (AWS_PROFILE)',
    );
  }
  const endpointUrl =
    nonEmpty(opts.endpointUrl) ?? nonEmpty(env.AWS_ENDPOINT_URL_S3) ?? nonEmpty(env.AWS_ENDPOINT_URL) ?? nonEmpty(fromConfig?.endpoint_url);
  if (endpointUrl !== undefined && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i.test(endpointUrl))
    throw new UsageError(`the endpoint URL ${JSON.stringify(endpointUrl)} is not an http:// or https:// URL`);
  // A custom endpoint (MinIO, R2: "auto") may ignore the region; AWS cannot: its signature names it.
  const region =
    nonEmpty(env.AWS_REGION) ??
    nonEmpty(env.AWS_DEFAULT_REGION) ??
    nonEmpty(fromConfig?.region) ??
    (endpointUrl === undefined ? undefined : 'us-east-1');
  if (region === undefined) throw new UsageError('no AWS region for the bucket: set AWS_REGION, or region in the profile of ~/.aws/config');
  return endpointUrl === undefined ? { credentials, region, profile } : { credentials, region, profile, endpointUrl };
}
