/** `config list` says which profile is in use, among the file's profiles (as kubectl marks the current context). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

describe('config list', () => {
  it('marks the active profile with *', async () => {
    const home = makeTempDir('config-profiles');
    const env = {
      HOME: home,
      XDG_CONFIG_HOME: undefined,
      GPUMKT_CONFIG: join(home, 'config.json'),
      GPUMKT_API_KEY: undefined,
      GPUMKT_PROFILE: undefined,
    };
    expect((await runCli(['config', 'set', 'timeout', '7'], { env })).code).toBe(0);
    expect((await runCli(['config', 'set', 'timeout', '5', '--profile', 'work'], { env })).code).toBe(0);
    const plain = await runCli(['config', 'list'], { env });
    expect(plain.stdout).toMatch(/^PROFILE +ACTIVE$/m);
    expect(plain.stdout).toMatch(/^default +\*$/m);
    expect(plain.stdout).toMatch(/^work$/m);
    const work = await runCli(['config', 'list'], { env: { ...env, GPUMKT_PROFILE: 'work' } });
    expect(work.stdout).toMatch(/^work +\*$/m);
    expect(work.stdout).toMatch(/^default$/m);
  });
});
