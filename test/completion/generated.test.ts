/** `gpumkt completion <shell>`: prints the scripts committed in completions/, which shellcheck accepts. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { needs } from '../helpers/requires.js';
import { bashComplete, run, SCRIPTS, shellEnv } from './shells.js';

describe('gpumkt completion', () => {
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    it(`prints the ${shell} script, identical to the committed ${SCRIPTS[shell].split('/').at(-1)}`, async () => {
      const r = await runCli(['completion', shell]);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      const committed = readFileSync(SCRIPTS[shell], 'utf8');
      // A flag or command added without regenerating lands here: the committed script would miss it.
      expect(
        r.stdout === committed,
        `completions/${SCRIPTS[shell].split('/').at(-1)} is stale: run npm run generate and commit the result`,
      ).toBe(true);
    });
  }

  it('rejects an unknown shell with a usage error', async () => {
    const r = await runCli(['completion', 'powershell']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/bash, zsh, fish/);
  });

  it('the bash script passes shellcheck', needs('shellcheck'), () => {
    const r = run('shellcheck', ['--shell=bash', '--severity=style', SCRIPTS.bash], shellEnv());
    expect(r.stdout + r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('the scripts are walked from the program: every command in --help completes', needs('bash'), async () => {
    const help = await runCli(['--help']);
    const commands = [...help.stdout.split('Commands:')[1]!.matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((m) => m[1]);
    expect(commands).toEqual(expect.arrayContaining(['util-index', 'history', 'config', 'completion', 'help']));
    expect(bashComplete(['']).map((r) => r.text)).toEqual(commands);
  });
});
