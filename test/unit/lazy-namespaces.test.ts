/**
 * scripts/lazy-namespaces.mjs moves the filling of a lazily imported module's namespace from the
 * bundle's top level into the module's init, where that changes nothing a program can see. A small
 * program is bundled as dist/gpumkt.cjs is (esbuild, minified CommonJS) and run with and without it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a build script in plain JavaScript, without types
import { CJS_OPTIONS } from '../../scripts/build-cjs.mjs';
// @ts-expect-error -- a build script in plain JavaScript, without types
import { lazyNamespaces } from '../../scripts/lazy-namespaces.mjs';

const dir = mkdtempSync(join(tmpdir(), 'gpumkt-test-lazy-ns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  // Imported lazily only: its namespace may be filled on import.
  'lazy.ts': `export let count = 0; export function bump() { count += 1; return count; } export const label = 'lazy';`,
  // Imported lazily, and its namespace also handed around as a value by an eager module: left as it was.
  'shared.ts': `export const name = 'shared'; export function hello() { return 'hi ' + name; }`,
  'eager.ts': `import * as shared from './shared.js'; export const keys = () => Object.keys(shared).sort().join(',');`,
  'entry.ts': `
    import { keys } from './eager.js';
    export async function run() {
      const out: string[] = [keys()];
      const a = await import('./lazy.js');
      out.push(String(a.bump()), String(a.count), a.label, Object.keys(a).sort().join(','));
      const b = await import('./lazy.js');
      out.push(String(b === a), String(b.bump()), String(a.count));
      const s = await import('./shared.js');
      out.push(s.hello());
      return out.join(' ');
    }`,
};
for (const [f, text] of Object.entries(FILES)) writeFileSync(join(dir, f), text);

/** The program bundled as dist/gpumkt.cjs is, as text. */
async function bundle(): Promise<string> {
  const r = await build({ ...CJS_OPTIONS, entryPoints: [join(dir, 'entry.ts')] });
  return (r.outputFiles as { text: string }[])[0]?.text as string;
}

/** Runs a bundle's run() in a fresh context. */
async function run(text: string): Promise<string> {
  const mod = { exports: {} as { run: () => Promise<string> } };
  runInNewContext(`(function (exports, module) { ${text}\n})`, { Promise, Object, String })(mod.exports, mod);
  return mod.exports.run();
}

describe('lazy namespaces', () => {
  it('moves the fill of a namespace used only by imports, and the program does the same', async () => {
    const text = await bundle();
    const { text: moved, moved: count, kept } = lazyNamespaces(text) as { text: string; moved: number; kept: number };
    expect(count).toBe(1);
    // Kept: the namespace an eager module hands around, and the entry's own exports.
    expect(kept).toBe(2);
    expect(moved).not.toBe(text);
    expect(moved.length).toBe(text.length);
    const before = await run(text);
    expect(before).toBe('hello,name 1 1 lazy bump,count,label true 2 2 hi shared');
    expect(await run(moved)).toBe(before);
  });

  it('refuses a bundle without esbuild’s helpers', () => {
    expect(() => lazyNamespaces('var a=1;')).toThrow(/__export or __esm helper not found/);
  });
});
