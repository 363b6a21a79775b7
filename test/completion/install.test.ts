/**
 * The "for you only" install lines of docs/completions.md are real: run as written in an empty HOME with the built
 * gpumkt on PATH, they leave the committed scripts where each shell then finds them.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { needs } from '../helpers/requires.js';
import { makeTempDir, tempEnv } from '../helpers/temp.js';
import { ROOT, run, SCRIPTS } from './shells.js';

/** The shell lines of docs/completions.md that a user runs without root. */
function userInstallLines(section: string): string[] {
  const lines: string[] = [];
  for (const block of section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    let forRoot = false;
    for (const line of (block[1] ?? '').split('\n')) {
      if (line.startsWith('#')) forRoot = line.includes('(root)');
      else if (line.trim() !== '' && !forRoot) lines.push(line);
    }
  }
  return lines;
}

const lines = userInstallLines(readFileSync(join(ROOT, 'docs/completions.md'), 'utf8'));

describe('docs/completions.md install lines', () => {
  let home = '';
  let env: Record<string, string> = {};
  beforeAll(() => {
    home = makeTempDir('install-home');
    const bin = makeTempDir('install-bin');
    writeFileSync(join(bin, 'gpumkt'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'gpumkt'), 0o755);
    env = { HOME: home, PATH: `${bin}:${process.env.PATH ?? ''}`, TERM: 'dumb', ...tempEnv() };
  });

  it('the lines run without errors', () => {
    expect(lines.length, 'no install lines found in docs/completions.md').toBeGreaterThan(5);
    for (const line of lines) {
      const r = spawnSync('sh', ['-c', line], { env, encoding: 'utf8' });
      expect(r.stderr, line).toBe('');
      expect(r.status, line).toBe(0);
    }
  });

  it('bash: the per-user file is the committed script, and the ~/.bashrc line registers it', needs('bash'), () => {
    const script = readFileSync(SCRIPTS.bash, 'utf8');
    expect(readFileSync(join(home, '.local/share/bash-completion/completions/gpumkt'), 'utf8')).toBe(script);
    const r = run('bash', ['--norc', '-c', 'source ~/.bashrc && complete -p gpumkt'], env);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('complete -F _gpumkt gpumkt');
  });

  it('zsh: ~/.zfunc/_gpumkt is autoloaded by compinit once ~/.zfunc is in fpath', needs('zsh'), () => {
    expect(readFileSync(join(home, '.zfunc/_gpumkt'), 'utf8')).toBe(readFileSync(SCRIPTS.zsh, 'utf8'));
    const r = run(
      'zsh',
      ['-f', '-c', 'fpath=(~/.zfunc $fpath); autoload -U compinit && compinit -u -D && print -r -- $_comps[gpumkt]'],
      env,
    );
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('_gpumkt');
  });

  it('fish: ~/.config/fish/completions/gpumkt.fish is found by fish', needs('fish'), () => {
    const r = run('fish', ['-c', 'complete -C "gpumkt hi"'], { ...env, XDG_CONFIG_HOME: join(home, '.config') });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\t')[0]).toBe('history');
  });
});
