/** The binary answers `gpumkt completion <shell>` with the committed script, without building the program. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const FILES = { bash: 'gpumkt.bash', zsh: '_gpumkt', fish: 'gpumkt.fish' } as const;

describe('completion from the binary', () => {
  it.each(Object.keys(FILES) as Array<keyof typeof FILES>)(
    'gpumkt completion %s prints the committed script, as main() does',
    async (shell) => {
      const committed = readFileSync(resolve(import.meta.dirname, '../../completions', FILES[shell]), 'utf8');
      const spawned = await runCli(['completion', shell], { spawn: true });
      const inProcess = await runCli(['completion', shell]);
      expect(spawned.code).toBe(0);
      expect(spawned.stdout === committed).toBe(true);
      expect(inProcess.stdout === committed).toBe(true);
    },
  );

  it('anything else goes to commander: an unknown shell is a usage error (exit 2)', async () => {
    const r = await runCli(['completion', 'tcsh'], { spawn: true });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/tcsh/);
  });
});
