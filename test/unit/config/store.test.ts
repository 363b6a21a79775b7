import { chmod, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '../../helpers/temp.js';
import { UsageError } from '../../../src/errors.js';
import { checkPermissions, parseConfig, readConfig, writeConfig } from '../../../src/config/store.js';

let dir: string;
beforeEach(async () => {
  dir = makeTempDir('store');
});
afterEach(async () => {
  removeTempDir(dir);
});

const modeOf = async (p: string) => (await stat(p)).mode & 0o777;

describe('readConfig', () => {
  it('is undefined when the file does not exist', async () => {
    expect(await readConfig(join(dir, 'nope.json'))).toBeUndefined();
  });

  it('reads profiles and keeps unknown fields', async () => {
    const p = join(dir, 'c.json');
    await writeFile(p, JSON.stringify({ defaultProfile: 'w', extra: 1, profiles: { w: { timeout: 5, future: 'x' } } }));
    expect(await readConfig(p)).toEqual({ defaultProfile: 'w', extra: 1, profiles: { w: { timeout: 5, future: 'x' } } });
  });

  it('reads an empty file as an empty config, and a missing profiles as none', async () => {
    expect(parseConfig('  \n', 'c.json')).toEqual({ profiles: {} });
    expect(parseConfig('{"defaultProfile":"a"}', 'c.json')).toEqual({ defaultProfile: 'a', profiles: {} });
  });

  it('bad JSON is a one-line usage error naming the file and where, never quoting the text', async () => {
    const p = join(dir, 'c.json');
    await writeFile(p, '{\n  "profiles": { "default": { "api-key": canary-KEY-9f3b2c } }\n}');
    const err = await readConfig(p).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    const msg = (err as Error).message;
    expect(msg).toMatch(
      new RegExp(`^invalid config file ${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid JSON( \\(line 2, column \\d+\\))?$`),
    );
    expect(msg).not.toContain('canary');
  });

  it('gives the line and column when the parser tells the position', () => {
    expect(() => parseConfig('{\n  "a": 1,,}', '/c.json')).toThrow('invalid config file /c.json: not valid JSON (line 2, column 10)');
    expect(() => parseConfig('{"a": 1', '/c.json')).toThrow(/^invalid config file \/c\.json: not valid JSON \(/);
  });

  it.each([
    ['[]', /expected object/i],
    ['{"profiles":{"default":{"timeout":"30"}}}', /profiles\.default\.timeout: /],
    ['{"profiles":{"default":{"timeout":-1}}}', /profiles\.default\.timeout: must be a number of seconds from 0\.1 to 86400/],
    // A config file is input like a flag: the same bounds hold (1e10 s would overflow every timer).
    ['{"profiles":{"default":{"timeout":1e10}}}', /profiles\.default\.timeout: must be a number of seconds from 0\.1 to 86400/],
    ['{"profiles":{"default":{"retries":1000000}}}', /profiles\.default\.retries: must be a whole number from 0 to 100/],
    [
      '{"profiles":{"default":{"base-url":"https://h.example/?key=x"}}}',
      /profiles\.default\.base-url: must be an http\(s\) URL without query or fragment/,
    ],
    ['{"profiles":{"default":{"retries":1.5}}}', /profiles\.default\.retries: must be a whole number/],
    ['{"profiles":{"default":{"base-url":"ftp://x"}}}', /profiles\.default\.base-url: must be an http\(s\) URL/],
    ['{"profiles":{"default":{"format":"xml"}}}', /profiles\.default\.format: must be one of table, csv/],
    ['{"profiles":{"default":{"api-key":"has space"}}}', /profiles\.default\.api-key: must be printable ASCII/],
    ['{"profiles":[]}', /^invalid config file .*: profiles: /],
    ['{"defaultProfile":3,"profiles":{}}', /defaultProfile: /],
  ])('wrong types are usage errors: %s', (text, pattern) => {
    const run = () => parseConfig(text, '/c.json');
    expect(run).toThrow(UsageError);
    expect(run).toThrow(pattern);
    try {
      run();
    } catch (e) {
      expect((e as Error).message).not.toContain('\n');
      expect((e as Error).message).not.toContain('has space');
    }
  });

  it('a folder in place of the file is a usage error', async () => {
    await expect(readConfig(dir)).rejects.toThrow(UsageError);
  });
});

describe('writeConfig', () => {
  it('creates a 0600 file in 0700 folders even with umask 0', async () => {
    const old = process.umask(0);
    try {
      const p = join(dir, 'a', 'b', 'config.json');
      await writeConfig(p, { profiles: { default: { timeout: 9 } } });
      expect(await modeOf(p)).toBe(0o600);
      expect(await modeOf(join(dir, 'a'))).toBe(0o700);
      expect(await modeOf(join(dir, 'a', 'b'))).toBe(0o700);
    } finally {
      process.umask(old);
    }
  });

  it('leaves an existing folder as it is and tightens an existing 0644 file', async () => {
    await chmod(dir, 0o755);
    const p = join(dir, 'config.json');
    await writeFile(p, '{}', { mode: 0o644 });
    await writeConfig(p, { profiles: {} });
    expect(await modeOf(dir)).toBe(0o755);
    expect(await modeOf(p)).toBe(0o600);
  });

  it('writes atomically: the new content and no temporary file left behind', async () => {
    const p = join(dir, 'config.json');
    await writeFile(p, '{"profiles":{}}');
    const cfg = { defaultProfile: 'w', profiles: { w: { 'base-url': 'http://h' } } };
    await writeConfig(p, cfg);
    expect(JSON.parse(await readFile(p, 'utf8'))).toEqual(cfg);
    expect(await readdir(dir)).toEqual(['config.json']);
  });

  it('round-trips unknown fields at every level', async () => {
    const p = join(dir, 'config.json');
    await writeFile(p, JSON.stringify({ top: { a: 1 }, profiles: { d: { retries: 1, later: [1, 2] } } }));
    const cfg = await readConfig(p);
    await writeConfig(p, cfg!);
    expect(JSON.parse(await readFile(p, 'utf8'))).toEqual({ top: { a: 1 }, profiles: { d: { retries: 1, later: [1, 2] } } });
  });

  it('writes through a symlink instead of replacing it', async () => {
    const real = join(dir, 'real.json');
    await writeFile(real, '{}');
    const link = join(dir, 'link.json');
    await symlink(real, link);
    await writeConfig(link, { profiles: { d: { retries: 2 } } });
    expect((await stat(link)).isFile()).toBe(true);
    expect(JSON.parse(await readFile(real, 'utf8')).profiles.d.retries).toBe(2);
  });

  it('a folder that cannot be created is an output error and leaves nothing behind', async () => {
    // A regular file where a folder should be fails for root too (unlike permission bits).
    const blocker = join(dir, 'blocker');
    await writeFile(blocker, 'x');
    await expect(writeConfig(join(blocker, 'sub', 'c.json'), { profiles: {} })).rejects.toMatchObject({ exitCode: 7 });
    expect(await readdir(dir)).toEqual(['blocker']);
  });
});

describe('checkPermissions', () => {
  it('warns once, ssh-style, on a 0644 file', async () => {
    const p = join(dir, 'c.json');
    await writeFile(p, '{}');
    await chmod(p, 0o644);
    const warnings: string[] = [];
    await checkPermissions(p, (m) => warnings.push(m));
    expect(warnings).toEqual([`${p} is readable by others (mode 644); run: chmod 600 ${p}`]);
  });

  it('is silent on 0600 and on a missing file', async () => {
    const p = join(dir, 'c.json');
    await writeFile(p, '{}');
    await chmod(p, 0o600);
    const warnings: string[] = [];
    await checkPermissions(p, (m) => warnings.push(m));
    await checkPermissions(join(dir, 'missing'), (m) => warnings.push(m));
    expect(warnings).toEqual([]);
  });

  it('calls a group-writable file writable', async () => {
    const p = join(dir, 'c.json');
    await writeFile(p, '{}');
    await chmod(p, 0o620);
    const warnings: string[] = [];
    await checkPermissions(p, (m) => warnings.push(m));
    expect(warnings).toEqual([`${p} is writable by others (mode 620); run: chmod 600 ${p}`]);
  });
});
