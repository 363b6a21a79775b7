/** `gpumkt config` end to end: the built binary, a temp HOME and config file, the key only ever on stdin. */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { CANARY_KEY, runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

let home: string;
let file: string;
let env: Record<string, string | undefined>;
beforeEach(() => {
  home = makeTempDir('e2e-config');
  file = join(home, 'conf', 'config.json');
  env = { HOME: home, XDG_CONFIG_HOME: undefined, GPUMKT_CONFIG: file, GPUMKT_API_KEY: undefined };
});

const run = (args: string[], input?: string, extra: Record<string, string> = {}) =>
  runCli(['config', ...args], { env: { ...env, ...extra }, ...(input !== undefined ? { input } : {}) });

describe('gpumkt config (built binary)', () => {
  it('set api-key from stdin, then get says set, and the key never shows', async () => {
    const set = await run(['set', 'api-key'], `${CANARY_KEY}\n`);
    expect(set.code).toBe(0);
    expect(set.stdout).toBe('');
    expect(set.stderr).toBe(`saved api-key in profile "default" (${file})\n`);
    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(join(home, 'conf')).mode & 0o777).toBe(0o700);
    }
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ profiles: { default: { 'api-key': CANARY_KEY } } });

    const get = await run(['get', 'api-key']);
    expect(get.code).toBe(0);
    expect(get.stdout).toBe(`set (source: profile "default" in ${file})\n`);

    const list = await run(['list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^api-key +\*\*\* +profile "default"$/m);
    expect(list.stdout).toMatch(/^base-url +https:\/\/api\.ornnai\.com +default$/m);
    // runCli itself fails the test if CANARY_KEY appears in any stdout or stderr.
  });

  it('get api-key names the environment as the source', async () => {
    const r = await run(['get', 'api-key'], undefined, { GPUMKT_API_KEY: CANARY_KEY });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('set (source: env GPUMKT_API_KEY)\n');
  });

  it('get api-key with no key prints "not set" and exits 0', async () => {
    const r = await run(['get', 'api-key']);
    expect([r.code, r.stdout]).toEqual([0, 'not set\n']);
  });

  it('refuses the key as an argument (exit 2) and saves nothing', async () => {
    const r = await run(['set', 'api-key', CANARY_KEY]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the API key is not taken on the command line/);
    expect(() => statSync(file)).toThrow();
  });

  it('set timeout abc exits 2 with one line on stderr', async () => {
    const r = await run(['set', 'timeout', 'abc']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/timeout "abc"/);
  });

  it('set, get and list a plain value', async () => {
    expect((await run(['set', 'timeout', '12'])).code).toBe(0);
    expect((await run(['get', 'timeout'])).stdout).toBe('12\n');
    expect((await run(['list'])).stdout).toMatch(/^timeout +12 +profile "default"$/m);
  });

  it('an unknown --profile exits 2 listing the existing ones', async () => {
    await run(['set', 'retries', '1']);
    const r = await runCli(['--profile', 'nope', 'config', 'list'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/profile "nope" not found in .*existing profiles: "default"/);
  });

  it('path prints GPUMKT_CONFIG, or the XDG / HOME location', async () => {
    expect((await run(['path'])).stdout).toBe(`${file}\n`);
    const xdg = await run(['path'], undefined, { GPUMKT_CONFIG: '', XDG_CONFIG_HOME: join(home, 'xdg') });
    expect(xdg.stdout).toBe(`${join(home, 'xdg', 'gpumkt', 'config.json')}\n`);
    const plain = await runCli(['config', 'path'], { env: { ...env, GPUMKT_CONFIG: undefined } });
    expect(plain.stdout).toBe(`${join(home, '.config', 'gpumkt', 'config.json')}\n`);
  });
});
