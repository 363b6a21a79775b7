import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '../../helpers/temp.js';
import type { Context, GlobalOptions } from '../../../src/context.js';
import configCommand from '../../../src/commands/config/config.js';

const CANARY = 'canary-KEY-9f3b2c';
let dir: string;
let file: string;
beforeEach(async () => {
  dir = makeTempDir('cmd');
  file = join(dir, 'cfg', 'config.json');
});
afterEach(async () => {
  removeTempDir(dir);
});

function sink(): Writable & { text: () => string } {
  const chunks: string[] = [];
  const w = new Writable({ write: (c, _e, cb) => (chunks.push(String(c)), cb()) });
  return Object.assign(w, { text: () => chunks.join('') });
}

interface Run {
  out: string;
  err: string;
  error?: Error & { exitCode?: number };
}

/** Runs `gpumkt <argv>` against a root program with the global options, as cli.ts declares them. */
async function gpumkt(argv: string[], opts: { env?: Record<string, string>; stdin?: string } = {}): Promise<Run> {
  const stdout = sink();
  const stderr = sink();
  const stdin = new PassThrough();
  if (opts.stdin !== undefined) stdin.end(opts.stdin);
  let root: Command | undefined = undefined;
  const globals = () => ({ quiet: false, ...root?.opts() }) as GlobalOptions;
  const ctx = {
    io: { stdout, stderr, stdin, stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false, columns: 80 },
    env: { HOME: dir, GPUMKT_CONFIG: file, ...opts.env },
    signal: new AbortController().signal,
    log: { warn: (m: string) => void stderr.write(`gpumkt: warning: ${m}\n`), info: () => {}, verbose: () => {} },
    globals,
  } as unknown as Context;
  root = new Command('gpumkt')
    .exitOverride()
    .configureOutput({ writeOut: (s) => void stdout.write(s), writeErr: (s) => void stderr.write(s) })
    .option('--base-url <url>')
    .option('--profile <name>')
    .option('--config <file>')
    .option('--timeout <seconds>', '', Number)
    .option('--retries <n>', '', Number)
    .option('-q, --quiet');
  const cmd = configCommand(ctx);
  for (const c of [cmd, ...cmd.commands])
    c.exitOverride().configureOutput({ writeOut: (s) => void stdout.write(s), writeErr: (s) => void stderr.write(s) });
  root.addCommand(cmd);
  let error: Run['error'];
  try {
    await root.parseAsync(argv, { from: 'user' });
  } catch (e) {
    error = e as Run['error'];
  }
  return { out: stdout.text(), err: stderr.text(), ...(error ? { error } : {}) };
}

describe('config set / get api-key', () => {
  it('reads the key from stdin, saves it 0600, and never prints it', async () => {
    const set = await gpumkt(['config', 'set', 'api-key'], { stdin: `${CANARY}\n` });
    expect(set.error).toBeUndefined();
    expect(set.err).toBe(`saved api-key in profile "default" (${file})\n`);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ profiles: { default: { 'api-key': CANARY } } });
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);

    const get = await gpumkt(['config', 'get', 'api-key']);
    expect(get.out).toBe(`set (source: profile "default" in ${file})\n`);
    const list = await gpumkt(['config', 'list']);
    expect(list.out).toMatch(/^api-key +\*\*\* +profile "default"$/m);
    for (const r of [set, get, list]) expect(r.out + r.err).not.toContain(CANARY);
  });

  it('reports the env source and never the key', async () => {
    const r = await gpumkt(['config', 'get', 'api-key'], { env: { GPUMKT_API_KEY: CANARY } });
    expect(r.out).toBe('set (source: env GPUMKT_API_KEY)\n');
    expect(r.out + r.err).not.toContain(CANARY);
  });

  it('says "not set" and succeeds when there is no key', async () => {
    const r = await gpumkt(['config', 'get', 'api-key']);
    expect(r).toEqual({ out: 'not set\n', err: '' });
  });

  it('refuses the key as an argument, saving nothing', async () => {
    const r = await gpumkt(['config', 'set', 'api-key', CANARY]);
    expect(r.error?.exitCode).toBe(2);
    expect(r.error?.message).toMatch(/^the API key is not taken on the command line \(it would show in ps and shell history\)/);
    expect(r.error?.message).not.toContain(CANARY);
    await expect(stat(file)).rejects.toThrow();
  });

  it('an empty key is a usage error', async () => {
    const r = await gpumkt(['config', 'set', 'api-key'], { stdin: '\n' });
    expect(r.error?.exitCode).toBe(2);
  });

  it('warns when GPUMKT_API_KEY will hide the saved key', async () => {
    const r = await gpumkt(['config', 'set', 'api-key'], { stdin: 'k\n', env: { GPUMKT_API_KEY: 'other' } });
    expect(r.err).toContain('warning: GPUMKT_API_KEY is set and takes precedence over the saved api-key');
  });

  it('warns about a key in a file open to others', async () => {
    await gpumkt(['config', 'set', 'api-key'], { stdin: 'k\n' });
    await chmod(file, 0o644);
    const r = await gpumkt(['config', 'get', 'api-key']);
    expect(r.err).toBe(`gpumkt: warning: ${file} is readable by others (mode 644); run: chmod 600 ${file}\n`);
  });
});

describe('config set / get / unset of plain keys', () => {
  it.each([
    ['base-url', 'http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['timeout', '2.5', '2.5'],
    ['retries', '0', '0'],
    ['format', 'JSON', 'json'],
  ])('%s', async (key, value, shown) => {
    const set = await gpumkt(['config', 'set', key, value]);
    expect(set.err).toBe(`saved ${key} in profile "default" (${file})\n`);
    expect((await gpumkt(['config', 'get', key])).out).toBe(`${shown}\n`);
    const unset = await gpumkt(['config', 'unset', key]);
    expect(unset.err).toBe(`removed ${key} from profile "default" (${file})\n`);
    expect((await gpumkt(['config', 'unset', key])).err).toBe(`${key} is not set in profile "default" (${file})\n`);
  });

  it('get shows the built-in default and the flag over the profile', async () => {
    expect((await gpumkt(['config', 'get', 'base-url'])).out).toBe('https://api.ornnai.com\n');
    expect((await gpumkt(['config', 'get', 'format'])).out).toBe('not set\n');
    await gpumkt(['config', 'set', 'timeout', '9']);
    expect((await gpumkt(['--timeout', '4', 'config', 'get', 'timeout'])).out).toBe('4\n');
  });

  it.each([
    [['config', 'set', 'timeout', 'abc'], /invalid value for timeout "abc"/],
    [['config', 'set', 'timeout', '-1'], /timeout/],
    [['config', 'set', 'retries', '1.5'], /retries/],
    [['config', 'set', 'base-url', 'ftp://x'], /http\(s\) URL/],
    [['config', 'set', 'format', 'xml'], /expected one of table, csv, tsv, json, ndjson, markdown/],
    [['config', 'set', 'timeout'], /config set timeout needs a value/],
    [['config', 'get', 'colour'], /unknown config key "colour"; valid keys: api-key, base-url, timeout, retries, format/],
    [['config', 'set', 'colour', 'x'], /unknown config key/],
    [['config', 'unset', 'colour'], /unknown config key/],
  ])('%j is a usage error', async (argv, pattern) => {
    const r = await gpumkt(argv);
    expect(r.error?.exitCode).toBe(2);
    expect(r.error?.message).toMatch(pattern);
  });

  it('writes to the selected profile, creating it, and keeps unknown fields', async () => {
    await writeFile(join(dir, 'x.json'), JSON.stringify({ mine: true, profiles: { default: { retries: 1, keep: 'me' } } }));
    await gpumkt(['--config', join(dir, 'x.json'), '--profile', 'work', 'config', 'set', 'retries', '5']);
    await gpumkt(['--config', join(dir, 'x.json'), 'config', 'set', 'timeout', '7']);
    expect(JSON.parse(await readFile(join(dir, 'x.json'), 'utf8'))).toEqual({
      mine: true,
      profiles: { default: { retries: 1, keep: 'me', timeout: 7 }, work: { retries: 5 } },
    });
  });

  it('does not overwrite an invalid file', async () => {
    await writeFile(join(dir, 'bad.json'), '{nope');
    const r = await gpumkt(['--config', join(dir, 'bad.json'), 'config', 'set', 'retries', '1']);
    expect(r.error?.exitCode).toBe(2);
    expect(await readFile(join(dir, 'bad.json'), 'utf8')).toBe('{nope');
  });

  it('get/list/unset on an unknown explicit profile list the existing ones', async () => {
    await gpumkt(['config', 'set', 'retries', '1']);
    for (const sub of [['get', 'retries'], ['list'], ['unset', 'retries']]) {
      const r = await gpumkt(['--profile', 'nope', 'config', ...sub]);
      expect(r.error?.message).toBe(`profile "nope" not found in ${file}; existing profiles: "default"`);
    }
  });
});

describe('config list and path', () => {
  it('lists every key with value and source, aligned', async () => {
    await gpumkt(['config', 'set', 'retries', '5']);
    const r = await gpumkt(['--timeout', '12', 'config', 'list'], { env: { GPUMKT_BASE_URL: 'http://env.example' } });
    expect(r.out).toBe(
      [
        'KEY       VALUE               SOURCE',
        '--------  ------------------  -------------------',
        'api-key   not set             -',
        'base-url  http://env.example  env GPUMKT_BASE_URL',
        'timeout   12                  flag --timeout',
        'retries   5                   profile "default"',
        'format    not set             -',
        '',
        'PROFILE  ACTIVE',
        '-------  ------',
        'default  *',
        '',
      ].join('\n'),
    );
  });

  it('path follows --config, then GPUMKT_CONFIG', async () => {
    expect((await gpumkt(['config', 'path'])).out).toBe(`${file}\n`);
    expect((await gpumkt(['--config', '/etc/x.json', 'config', 'path'])).out).toBe('/etc/x.json\n');
  });
});
