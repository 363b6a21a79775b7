/**
 * The optional test programs are one list (test/helpers/programs.ts): the probe finds them on PATH as
 * sh does, and the README's install line and .ci/run name every one of them, so a program added for a
 * new test cannot be forgotten where a developer or CI installs it.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installCommand, isCI, probeMissing, PROGRAM_NAMES, PROGRAMS, pythonWith } from '../helpers/programs.js';
import { makeTempDir } from '../helpers/temp.js';

const ROOT = resolve(import.meta.dirname, '../..');

describe('optional test programs', () => {
  it('the probe reports exactly the programs that are not on PATH', () => {
    const dir = makeTempDir('probe');
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    for (const name of ['zsh', 'mlr']) {
      writeFileSync(join(bin, name), '#!/bin/sh\n');
      chmodSync(join(bin, name), 0o755);
    }
    // A file that is there but not executable is not a program.
    writeFileSync(join(bin, 'fish'), '');
    expect(probeMissing(['zsh', 'fish', 'mlr', 'curl'], bin)).toEqual(['fish', 'curl']);
    expect(probeMissing(PROGRAM_NAMES, join(dir, 'empty'), ['python3'])).toEqual(PROGRAM_NAMES);
  });

  it('a Python module is there when one of the pythons tried imports it: the one on PATH, else the next', () => {
    const bin = join(makeTempDir('probe-python'), 'bin');
    mkdirSync(bin);
    // python3 on PATH without the module (as pyenv's may be), a second python with it.
    writeFileSync(join(bin, 'python3'), '#!/bin/sh\nexit 1\n');
    writeFileSync(join(bin, 'system-python'), '#!/bin/sh\n[ "$2" = "import pandas" ]\n');
    for (const name of ['python3', 'system-python']) chmodSync(join(bin, name), 0o755);
    expect(pythonWith('pandas', bin, ['python3', join(bin, 'system-python')])).toBe(join(bin, 'system-python'));
    expect(pythonWith('polars', bin, ['python3', join(bin, 'system-python')])).toBeUndefined();
    expect(probeMissing(['python3', 'pandas'], bin, ['python3'])).toEqual(['pandas']);
    expect(probeMissing(['python3', 'pandas'], bin, ['python3', join(bin, 'system-python')])).toEqual([]);
  });

  it('the install command names each package once, by its Debian name', () => {
    expect(installCommand(['mlr', 'zsh', 'mlr'])).toBe('apt-get install miller zsh');
  });

  it('CI is any CI value but empty, 0 or false', () => {
    expect([undefined, '', '0', 'false', 'FALSE'].map((CI) => isCI({ CI }))).toEqual([false, false, false, false, false]);
    expect(['true', '1', 'yes'].map((CI) => isCI({ CI }))).toEqual([true, true, true]);
  });

  it("README's install section lists every package in one apt-get line", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.split('\n## Install and try it\n')[1]?.split('\n## ')[0] ?? '';
    const line = /`(?:sudo )?apt-get install ([^`]+)`/.exec(section)?.[1];
    expect(line, 'no apt-get install line in the README install section').toBeDefined();
    expect(line?.split(' ').sort()).toEqual([...new Set(Object.values(PROGRAMS))].sort());
  });

  it('.ci/run installs every program, under CI=true', () => {
    const script = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
    expect(script).toMatch(/^export CI=true$/m);
    const pairs = /^for pair in (.+); do$/m.exec(script)?.[1]?.split(' ') ?? [];
    expect(pairs.sort()).toEqual(
      Object.entries(PROGRAMS)
        .map(([program, pkg]) => `${program}:${pkg}`)
        .sort(),
    );
  });
});
