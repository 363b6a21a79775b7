/** `config set defaultProfile` works as README's Configuration section documents it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

describe('config set defaultProfile', () => {
  it('saves the file-level default, which then picks the profile when --profile and GPUMKT_PROFILE are absent', async () => {
    const home = makeTempDir('defprof');
    const file = join(home, 'config.json');
    const env = { HOME: home, GPUMKT_CONFIG: file };
    const run = (args: string[], extra: Record<string, string> = {}) => runCli(['config', ...args], { env: { ...env, ...extra } });
    expect((await run(['set', 'base-url', 'http://127.0.0.1:9/work', '--profile', 'work'])).code).toBe(0);
    expect((await run(['get', 'defaultProfile'])).stdout).toBe('default\n');
    const set = await run(['set', 'defaultProfile', 'work']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toBe(`saved defaultProfile "work" (${file})\n`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      profiles: { work: { 'base-url': 'http://127.0.0.1:9/work' } },
      defaultProfile: 'work',
    });
    expect((await run(['get', 'defaultProfile'])).stdout).toBe('work\n');
    expect((await run(['get', 'base-url'])).stdout).toBe('http://127.0.0.1:9/work\n');
    // GPUMKT_PROFILE still wins, as the precedence table says.
    expect((await run(['set', 'timeout', '5', '--profile', 'other'])).code).toBe(0);
    expect((await run(['get', 'base-url'], { GPUMKT_PROFILE: 'other' })).stdout).toBe('https://api.ornnai.com\n');
    // The other spelling, and unset.
    expect((await run(['unset', 'default-profile'])).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      profiles: { work: { 'base-url': 'http://127.0.0.1:9/work' }, other: { timeout: 5 } },
    });
    expect((await run(['get', 'base-url'])).stdout).toBe('https://api.ornnai.com\n');
    const empty = await run(['set', 'defaultProfile']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/needs a profile name/);
  });
});
