/**
 * AWS settings as the AWS CLI finds static keys: the environment, the shared credentials and config
 * files (their default places under HOME, or AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE), the
 * profile (option, AWS_PROFILE, default), the region and the endpoint; profiles that are not static
 * keys refused by name; no message holding a key.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExitCode, UsageError } from '../../../../src/errors.js';
import { awsSettings, parseIni } from '../../../../src/store/s3/aws-config.js';
import { makeTempDir } from '../../../helpers/temp.js';

function home(files: { credentials?: string; config?: string } = {}): string {
  const dir = makeTempDir('aws-home');
  mkdirSync(path.join(dir, '.aws'));
  if (files.credentials !== undefined) writeFileSync(path.join(dir, '.aws', 'credentials'), files.credentials);
  if (files.config !== undefined) writeFileSync(path.join(dir, '.aws', 'config'), files.config);
  return dir;
}

const CREDENTIALS = `# a comment
[default]
aws_access_key_id = AKIADEFAULT
aws_secret_access_key = secret-default

[team]
aws_access_key_id=AKIATEAM
aws_secret_access_key=secret-team
aws_session_token = token-team
`;
const CONFIG = `[default]
region = eu-west-1

[profile team]
region = eu-central-1
s3 =
  addressing_style = path
endpoint_url = http://minio.local:9000

[profile keys-in-config]
aws_access_key_id = AKIACONFIG
aws_secret_access_key = secret-config
region = us-west-2

[profile role]
role_arn = arn:aws:iam::123456789012:role/x
source_profile = default
`;

async function refused(p: Promise<unknown>): Promise<UsageError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UsageError);
  expect((err as UsageError).exitCode).toBe(ExitCode.usage);
  return err as UsageError;
}

describe('AWS settings', () => {
  it('parses the ini files: sections, comments, spaces around =, nested blocks skipped', () => {
    const ini = parseIni(CONFIG);
    expect(ini.get('profile team')).toEqual({ region: 'eu-central-1', s3: '', endpoint_url: 'http://minio.local:9000' });
    expect(ini.get('default')).toEqual({ region: 'eu-west-1' });
  });

  it('takes keys and the region from the environment first', async () => {
    const s = await awsSettings({
      env: {
        HOME: home({ credentials: CREDENTIALS, config: CONFIG }),
        AWS_ACCESS_KEY_ID: 'AKIAENV',
        AWS_SECRET_ACCESS_KEY: 'secret-env',
        AWS_SESSION_TOKEN: 'tok',
        AWS_REGION: 'ap-south-1',
        AWS_DEFAULT_REGION: 'sa-east-1',
      },
    });
    expect(s.credentials).toEqual({ accessKeyId: 'AKIAENV', secretAccessKey: 'secret-env', sessionToken: 'tok' });
    expect(s.region).toBe('ap-south-1');
    expect(s.endpointUrl).toBeUndefined();
    const d = await awsSettings({
      env: { HOME: home(), AWS_ACCESS_KEY_ID: 'A', AWS_SECRET_ACCESS_KEY: 'B', AWS_DEFAULT_REGION: 'sa-east-1' },
    });
    expect(d.region).toBe('sa-east-1');
  });

  it('reads the default profile, AWS_PROFILE, [profile x] of the config file, and a profile option over the environment', async () => {
    const dir = home({ credentials: CREDENTIALS, config: CONFIG });
    const def = await awsSettings({ env: { HOME: dir } });
    expect(def).toMatchObject({
      credentials: { accessKeyId: 'AKIADEFAULT', secretAccessKey: 'secret-default' },
      region: 'eu-west-1',
      profile: 'default',
    });
    const team = await awsSettings({ env: { HOME: dir, AWS_PROFILE: 'team' } });
    expect(team).toMatchObject({
      credentials: { accessKeyId: 'AKIATEAM', secretAccessKey: 'secret-team', sessionToken: 'token-team' },
      region: 'eu-central-1',
      endpointUrl: 'http://minio.local:9000',
    });
    const inConfig = await awsSettings({ env: { HOME: dir }, profile: 'keys-in-config' });
    expect(inConfig).toMatchObject({ credentials: { accessKeyId: 'AKIACONFIG' }, region: 'us-west-2' });
    // Keys in the environment win over AWS_PROFILE, but not over a profile given as an option (--profile).
    const env = { HOME: dir, AWS_ACCESS_KEY_ID: 'AKIAENV', AWS_SECRET_ACCESS_KEY: 'secret-env', AWS_PROFILE: 'team' };
    expect((await awsSettings({ env })).credentials.accessKeyId).toBe('AKIAENV');
    expect((await awsSettings({ env, profile: 'team' })).credentials.accessKeyId).toBe('AKIATEAM');
    // An AWS_PROFILE found nowhere does not matter when the environment's keys are used.
    expect((await awsSettings({ env: { ...env, AWS_PROFILE: 'elsewhere', AWS_REGION: 'eu-west-3' } })).credentials.accessKeyId).toBe(
      'AKIAENV',
    );
    await expect(awsSettings({ env: { HOME: dir, AWS_PROFILE: 'elsewhere' } })).rejects.toThrow(/"elsewhere" is in neither/);
  });

  it('reads the files AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE name', async () => {
    const dir = makeTempDir('aws-files');
    writeFileSync(path.join(dir, 'c'), '[x]\naws_access_key_id = AKIAX\naws_secret_access_key = sx\n');
    writeFileSync(path.join(dir, 'f'), '[profile x]\nregion = ca-central-1\n');
    const s = await awsSettings({
      env: { HOME: home(), AWS_SHARED_CREDENTIALS_FILE: path.join(dir, 'c'), AWS_CONFIG_FILE: path.join(dir, 'f') },
      profile: 'x',
    });
    expect(s).toMatchObject({ credentials: { accessKeyId: 'AKIAX' }, region: 'ca-central-1' });
  });

  it('the endpoint: the option, then AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL, the profile; with one and no region, us-east-1', async () => {
    const keys = { HOME: home(), AWS_ACCESS_KEY_ID: 'A', AWS_SECRET_ACCESS_KEY: 'B' };
    expect(await awsSettings({ env: { ...keys, AWS_ENDPOINT_URL: 'http://a:1' } })).toMatchObject({
      endpointUrl: 'http://a:1',
      region: 'us-east-1',
    });
    expect((await awsSettings({ env: { ...keys, AWS_ENDPOINT_URL: 'http://a:1', AWS_ENDPOINT_URL_S3: 'http://s3:2' } })).endpointUrl).toBe(
      'http://s3:2',
    );
    expect((await awsSettings({ env: { ...keys, AWS_ENDPOINT_URL: 'http://a:1' }, endpointUrl: 'https://opt:3' })).endpointUrl).toBe(
      'https://opt:3',
    );
    const bad = await refused(awsSettings({ env: keys, endpointUrl: 'minio:9000' }));
    expect(bad.message).toMatch(/not an http:\/\/ or https:\/\/ URL/);
  });

  it('refuses, naming what is missing and never a key: no keys, no region, an unknown profile, a role profile', async () => {
    const dir = home({ credentials: CREDENTIALS, config: CONFIG });
    const none = await refused(awsSettings({ env: { HOME: home() } }));
    expect(none.message).toMatch(/no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
    const noRegion = await refused(
      awsSettings({ env: { HOME: home(), AWS_ACCESS_KEY_ID: 'AKIAENV', AWS_SECRET_ACCESS_KEY: 'secret-env' } }),
    );
    expect(noRegion.message).toMatch(/no AWS region/);
    const unknown = await refused(awsSettings({ env: { HOME: dir }, profile: 'nope' }));
    expect(unknown.message).toMatch(/the AWS profile "nope" is in neither/);
    const role = await refused(awsSettings({ env: { HOME: dir }, profile: 'role' }));
    expect(role.message).toBe('the AWS profile "role" assumes a role (role_arn): gpumkt reads static keys only');
    for (const e of [none, noRegion, unknown, role]) expect(`${e.message} ${e.hint ?? ''}`).not.toMatch(/secret-|AKIAENV|token-team/);
  });
});
