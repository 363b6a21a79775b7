/**
 * The command reference is generated from the program and kept fresh: docs/commands/<command>.md and
 * man/gpumkt-<command>.1 exist for every command (and no other), the generator (`scripts/generate.mjs
 * --check`, whose run over the whole checkout is test/unit/generate.test.ts) names a stale page and the
 * command that regenerates it, package.json ships every man page, and each page renders with man(1)
 * without a warning. Needs the build (npm test builds first).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { declaredProgram } from '../helpers/cli.js';
import { ROOT } from '../helpers/docs.js';
import { needs } from '../helpers/requires.js';
import { makeTempDir } from '../helpers/temp.js';

const program = declaredProgram();
const commands = program.commands.map((c) => c.name()).filter((n) => n !== 'help');
const generate = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'scripts/generate.mjs'), ...args], { encoding: 'utf8' });

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the generated command reference', () => {
  it('has a page and a man page for every command, and none for a command that does not exist', () => {
    expect(readdirSync(join(ROOT, 'docs/commands')).sort()).toEqual(['gpumkt.md', ...commands.map((c) => `${c}.md`)].sort());
    expect(readdirSync(join(ROOT, 'man')).sort()).toEqual(['gpumkt.1', ...commands.map((c) => `gpumkt-${c}.1`)].sort());
  });

  it('a stale page, a stale man page and a stale README table are named, with the command that fixes them', () => {
    dir = makeTempDir('reference');
    for (const p of ['README.md', 'package.json', 'docs', 'man', 'completions']) cpSync(join(ROOT, p), join(dir, p), { recursive: true });
    writeFileSync(join(dir, 'docs/commands/history.md'), '# gpumkt history\n');
    rmSync(join(dir, 'man/gpumkt-volume.1'));
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    writeFileSync(join(dir, 'README.md'), readme.replace(/^\| \[`status`\].*\n/m, ''));
    const stale = generate('--check', '--root', dir);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/: docs\/commands\/history\.md, man\/gpumkt-volume\.1, README\.md; run npm run generate/);
    const r = generate('--root', dir);
    expect(r.status, r.stderr).toBe(0);
    for (const p of ['docs/commands/history.md', 'man/gpumkt-volume.1', 'README.md'])
      expect(readFileSync(join(dir, p), 'utf8'), p).toBe(readFileSync(join(ROOT, p), 'utf8'));
  });

  it('package.json ships every man page', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { man: string[]; files: string[] };
    expect(pkg.files).toContain('man');
    expect([...pkg.man].sort(), 'package.json "man" must list every file of man/').toEqual(
      readdirSync(join(ROOT, 'man'))
        .map((f) => `./man/${f}`)
        .sort(),
    );
  });

  it('every man page renders with man -l, without a warning, naming its options', needs('man', 'groff'), () => {
    for (const page of readdirSync(join(ROOT, 'man'))) {
      const lint = spawnSync('groff', ['-man', '-ww', '-z', join(ROOT, 'man', page)], { encoding: 'utf8' });
      expect(lint.stderr, page).toBe('');
      const r = spawnSync('man', ['-l', join(ROOT, 'man', page)], {
        encoding: 'utf8',
        env: { ...process.env, MANPAGER: 'cat', PAGER: 'cat', MANWIDTH: '80' },
      });
      expect(r.status, `${page}: ${r.stderr}`).toBe(0);
      expect(r.stdout, page).toMatch(/^NAME\n +gpumkt/m);
    }
    const history = spawnSync('man', ['-l', join(ROOT, 'man/gpumkt-history.1')], {
      encoding: 'utf8',
      env: { ...process.env, MANPAGER: 'cat', PAGER: 'cat', MANWIDTH: '80' },
    }).stdout;
    expect(history).toMatch(/^ +--granularity <g>$/m);
    expect(history).toMatch(/^EXIT STATUS$/m);
    expect(history).toMatch(/^ +index_value$/m);
  });
});
