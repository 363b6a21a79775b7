/**
 * `npm install -g .` or `npm link` in a fresh clone runs the build (the prepare script) before any
 * dependency is installed: it says in one line what to do, not a stack trace. The build scripts are
 * copied where no node_modules can be found, and run as npm would run them.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp.js';

const ROOT = resolve(import.meta.dirname, '../..');

describe('the build in a clone without node_modules', () => {
  it('exits 1 with one line saying to run npm install first', () => {
    const clone = makeTempDir('fresh-clone');
    cpSync(join(ROOT, 'scripts'), join(clone, 'scripts'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(clone, 'package.json'));
    // Nothing above the copy holds an esbuild the build could find instead.
    for (let dir = clone; dir !== resolve(dir, '..'); dir = resolve(dir, '..'))
      expect(existsSync(join(dir, 'node_modules', 'esbuild'))).toBe(false);
    const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: clone, encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      "gpumkt: building needs the development dependencies, which are not installed: run 'npm install' in the clone first, then 'npm install -g .' or 'npm link'\n",
    );
  });
});
