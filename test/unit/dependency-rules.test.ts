/**
 * The dependency rules hold for what is new: in a copy of src/, a new folder that imports upward (and a
 * domain/ file that imports it) fails `npm run lint:deps` (part of `npm run lint`), as does a basic
 * layer importing the runner; the copy as it is passes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
  'lint:deps'
] as string;

let dir: string;
beforeAll(() => {
  dir = makeTempDir('deps');
  cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
  for (const f of ['.dependency-cruiser.cjs', 'tsconfig.json', 'package.json']) cpSync(join(ROOT, f), join(dir, f));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the lint:deps script in the copy; returns its exit status and output. */
function lintDeps(): { status: number | null; out: string } {
  const r = spawnSync('sh', ['-c', SCRIPT], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}` },
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

/** Writes a probe file into the copy for one check, and removes it afterwards. */
function withProbe(files: Record<string, string>, check: () => void): void {
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    check();
  } finally {
    for (const path of Object.keys(files)) rmSync(join(dir, path), { force: true });
    execFileSync('find', [join(dir, 'src'), '-type', 'd', '-empty', '-delete']);
  }
}

describe('dependency rules (allow-lists per layer, every file in a known layer)', () => {
  it('the copy of src/ as it is passes', () => {
    const r = lintDeps();
    expect(r.status, r.out).toBe(0);
  });

  it('a new folder between domain/ and commands/ fails, naming the unknown layer', () => {
    withProbe(
      {
        'src/util/up.ts': "import { COMMANDS } from '../commands/index.js';\nexport const n = COMMANDS.length;\n",
        'src/domain/probe.ts': "import { n } from '../util/up.js';\nexport const m = n;\n",
      },
      () => {
        const r = lintDeps();
        expect(r.status).not.toBe(0);
        expect(r.out).toMatch(/known-layer/);
        expect(r.out).toMatch(/src\/util\/up\.ts/);
      },
    );
  });

  it('a basic layer importing the runner is not in its allow-list', () => {
    withProbe({ 'src/domain/probe.ts': "import type { WindowFlags } from '../run/request.js';\nexport type P = WindowFlags;\n" }, () => {
      const r = lintDeps();
      expect(r.status).not.toBe(0);
      expect(r.out).toMatch(/not-in-allowed/);
      expect(r.out).toMatch(/src\/domain\/probe\.ts → src\/run\/request\.ts/);
    });
  });

  it('node:fs (in any spelling) outside store/, config/ and sandbox/ fails the storage-seam rule', () => {
    withProbe(
      {
        'src/append/probe.ts': "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n",
        'src/sync/probe.ts': "import { readFile } from 'fs/promises';\nexport const b = readFile;\n",
        'src/store/probe.ts': "import { readFile } from 'node:fs/promises';\nexport const c = readFile;\n",
      },
      () => {
        const r = lintDeps();
        expect(r.status).not.toBe(0);
        expect(r.out).toMatch(/fs-in-store-only: src\/append\/probe\.ts → (node:)?fs\b/);
        expect(r.out).toMatch(/fs-in-store-only: src\/sync\/probe\.ts → fs\/promises/);
        expect(r.out).not.toMatch(/src\/store\/probe\.ts/);
      },
    );
  });
});
