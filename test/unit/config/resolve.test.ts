import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '../../helpers/temp.js';
import { UsageError } from '../../../src/errors.js';
import { redactKey, resolveSettings, type Settings, type SettingsInput } from '../../../src/config/resolve.js';

let dir: string;
let file: string;
let warnings: string[];
beforeEach(async () => {
  dir = makeTempDir('resolve');
  file = join(dir, 'config.json');
  warnings = [];
});
afterEach(async () => {
  removeTempDir(dir);
});

/** Writes the config file (0600 unless told) and resolves with GPUMKT_CONFIG pointing at it. */
async function run(cfg: unknown, flags: SettingsInput['flags'] = {}, env: Record<string, string> = {}, mode = 0o600): Promise<Settings> {
  if (cfg !== undefined) {
    await writeFile(file, typeof cfg === 'string' ? cfg : JSON.stringify(cfg));
    await chmod(file, mode);
  }
  return resolveSettings({ flags, env: { HOME: dir, GPUMKT_CONFIG: file, ...env }, warn: (m) => warnings.push(m) });
}

const profile = { 'api-key': 'file-key', 'base-url': 'http://profile.example', timeout: 11, retries: 1, format: 'json' };

describe('precedence: flag > env > profile > default', () => {
  type Row = [string, SettingsInput['flags'], Record<string, string>, unknown, keyof Settings, unknown, string];
  const rows: Row[] = [
    [
      'base-url flag',
      { baseUrl: 'http://flag.example' },
      { GPUMKT_BASE_URL: 'http://env.example' },
      profile,
      'baseUrl',
      'http://flag.example',
      'flag',
    ],
    ['base-url env', {}, { GPUMKT_BASE_URL: 'http://env.example' }, profile, 'baseUrl', 'http://env.example', 'env'],
    ['base-url profile', {}, {}, profile, 'baseUrl', 'http://profile.example', 'profile'],
    ['base-url default', {}, {}, undefined, 'baseUrl', 'https://api.ornnai.com', 'default'],
    ['api-key env', {}, { GPUMKT_API_KEY: 'env-key' }, profile, 'apiKey', 'env-key', 'env'],
    ['api-key env trimmed', {}, { GPUMKT_API_KEY: ' env-key\n' }, profile, 'apiKey', 'env-key', 'env'],
    ['api-key empty env falls through', {}, { GPUMKT_API_KEY: '' }, profile, 'apiKey', 'file-key', 'profile'],
    ['api-key profile', {}, {}, profile, 'apiKey', 'file-key', 'profile'],
    ['timeout flag', { timeout: 2.5 }, {}, profile, 'timeout', 2.5, 'flag'],
    ['timeout profile', {}, {}, profile, 'timeout', 11, 'profile'],
    ['timeout default', {}, {}, { profiles: {} }, 'timeout', 30, 'default'],
    ['retries flag 0', { retries: 0 }, {}, profile, 'retries', 0, 'flag'],
    ['retries profile', {}, {}, profile, 'retries', 1, 'profile'],
    ['retries default', {}, {}, undefined, 'retries', 3, 'default'],
    ['format profile', {}, {}, profile, 'format', 'json', 'profile'],
  ];
  it.each(rows)('%s', async (_name, flags, env, stored, field, value, source) => {
    const cfg = stored === profile ? { profiles: { default: profile } } : stored;
    const s = await run(cfg, flags, env);
    expect(s[field]).toEqual({ value, source });
  });

  it('leaves apiKey and format undefined when nothing provides them', async () => {
    const s = await run(undefined);
    expect(s.apiKey).toBeUndefined();
    expect(s.format).toBeUndefined();
    expect(s).toMatchObject({ configPath: file, profile: 'default' });
  });
});

describe('config file path', () => {
  it('--config wins over GPUMKT_CONFIG', async () => {
    const other = join(dir, 'other.json');
    await writeFile(other, JSON.stringify({ profiles: { default: { retries: 7 } } }));
    const s = await run(undefined, { config: other });
    expect(s.configPath).toBe(other);
    expect(s.retries).toEqual({ value: 7, source: 'profile' });
  });
});

describe('profile selection', () => {
  const cfg = { defaultProfile: 'b', profiles: { a: { retries: 1 }, b: { retries: 2 }, c: { retries: 3 }, default: { retries: 4 } } };
  it.each([
    ['--profile', { profile: 'a' }, { GPUMKT_PROFILE: 'c' }, 'a', 1],
    ['GPUMKT_PROFILE', {}, { GPUMKT_PROFILE: 'c' }, 'c', 3],
    ['defaultProfile', {}, {}, 'b', 2],
  ])('%s', async (_n, flags, env, name, retries) => {
    const s = await run(cfg, flags, env);
    expect(s.profile).toBe(name);
    expect(s.retries.value).toBe(retries);
  });

  it('falls back to "default"', async () => {
    const s = await run({ profiles: { default: { retries: 4 } } });
    expect(s.profile).toBe('default');
    expect(s.retries).toEqual({ value: 4, source: 'profile' });
  });

  it.each([
    ['--profile', { profile: 'nope' }, {}],
    ['GPUMKT_PROFILE', {}, { GPUMKT_PROFILE: 'nope' }],
  ])('an unknown profile named by %s is a usage error listing the existing ones', async (_n, flags, env) => {
    const err = await run(cfg, flags, env).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(`profile "nope" not found in ${file}; existing profiles: "a", "b", "c", "default"`);
  });

  it('an unknown profile with no file says none exist', async () => {
    await expect(run(undefined, { profile: 'work' })).rejects.toThrow(/profile "work" not found in .*; no profiles exist yet/);
  });

  it('a profile name that is an Object.prototype property is just missing', async () => {
    await expect(run({ profiles: {} }, { profile: 'constructor' })).rejects.toThrow(UsageError);
  });

  it('a defaultProfile that does not exist yet is not an error', async () => {
    const s = await run({ defaultProfile: 'later', profiles: {} });
    expect(s.profile).toBe('later');
    expect(s.baseUrl.source).toBe('default');
  });
});

describe('validation', () => {
  it.each([
    [{ baseUrl: 'ftp://x' }, {}, /invalid --base-url "ftp:\/\/x": expected an http\(s\) URL/],
    [{ baseUrl: 'not a url' }, {}, /--base-url/],
    [{}, { GPUMKT_BASE_URL: 'example.com' }, /invalid GPUMKT_BASE_URL "example.com"/],
    [{ timeout: 0 }, {}, /invalid --timeout "0"/],
    [{ timeout: Number.NaN }, {}, /--timeout/],
    [{ retries: -1 }, {}, /invalid --retries "-1"/],
    [{ retries: 1.5 }, {}, /--retries/],
    [{}, { GPUMKT_API_KEY: 'two words' }, /^invalid GPUMKT_API_KEY: the key must be printable ASCII/],
    [{ profile: '' }, {}, /--profile needs a profile name/],
  ])('%o %o', async (flags, env, pattern) => {
    await expect(run(undefined, flags, env)).rejects.toThrow(pattern);
    await expect(run(undefined, flags, env)).rejects.toBeInstanceOf(UsageError);
  });

  it('a bad GPUMKT_BASE_URL does not matter under --base-url', async () => {
    const s = await run(undefined, { baseUrl: 'https://ok.example' }, { GPUMKT_BASE_URL: 'bad' });
    expect(s.baseUrl.value).toBe('https://ok.example');
  });

  it('an invalid file is a usage error naming it', async () => {
    await expect(run('{oops')).rejects.toThrow(`invalid config file ${file}: not valid JSON`);
  });

  it('never puts the key of an invalid env variable in the message', async () => {
    const err = await run(undefined, {}, { GPUMKT_API_KEY: 'canary KEY-9f3b2c' }).catch((e: unknown) => e);
    expect((err as Error).message).not.toContain('canary');
  });
});

describe('permission warning', () => {
  it('warns when a 0644 file provides the key', async () => {
    await run({ profiles: { default: { 'api-key': 'k' } } }, {}, {}, 0o644);
    expect(warnings).toEqual([`${file} is readable by others (mode 644); run: chmod 600 ${file}`]);
  });

  it('is silent on 0600', async () => {
    await run({ profiles: { default: { 'api-key': 'k' } } }, {}, {}, 0o600);
    expect(warnings).toEqual([]);
  });

  it('is silent when the file holds no key, or the env key wins', async () => {
    await run({ profiles: { default: { retries: 1 } } }, {}, {}, 0o644);
    await run({ profiles: { default: { 'api-key': 'k' } } }, {}, { GPUMKT_API_KEY: 'e' }, 0o644);
    expect(warnings).toEqual([]);
  });
});

describe('redactKey', () => {
  it.each(['canary-KEY-9f3b2c', 'a', 'abcdefghijklmnopqrstuvwxyz0123456789', ''])('reveals nothing of %j', (key) => {
    const r = redactKey(key);
    expect(r).toBe('***');
    for (let i = 0; i + 3 <= key.length; i++) expect(r).not.toContain(key.slice(i, i + 3));
  });
});
