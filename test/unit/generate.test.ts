/**
 * `npm run generate` rewrites every generated file from the program: in a scratch root, a stale
 * completion script and a deleted one come back byte for byte as committed; `--check` names the
 * command when a committed file is stale. Needs the build (npm test builds first).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp.js';

const ROOT = resolve(import.meta.dirname, '../..');
const FILES = ['completions/gpumkt.bash', 'completions/_gpumkt', 'completions/gpumkt.fish'];

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const generate = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'scripts/generate.mjs'), ...args], { encoding: 'utf8' });

describe('npm run generate', () => {
  it('the committed generated files are current', () => {
    const r = generate('--check');
    expect(r.status, r.stderr).toBe(0);
  });

  it('brings a stale and a deleted completion file back byte for byte, and --check names the command first', () => {
    dir = makeTempDir('generate');
    for (const p of ['completions', 'README.md', 'package.json', 'docs', 'man']) cpSync(join(ROOT, p), join(dir, p), { recursive: true });
    writeFileSync(join(dir, 'completions/_gpumkt'), '#compdef gpumkt\n# stale\n');
    rmSync(join(dir, 'completions/gpumkt.fish'));
    const stale = generate('--check', '--root', dir);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/completions\/_gpumkt, completions\/gpumkt\.fish; run npm run generate/);
    const r = generate('--root', dir);
    expect(r.status, r.stderr).toBe(0);
    for (const f of FILES) expect(readFileSync(join(dir, f)).equals(readFileSync(join(ROOT, f))), f).toBe(true);
  });
});
