/**
 * scripts/lazy-functions.mjs turns each src/ module's top-level function declarations into function
 * expressions at the module's top, so that esbuild makes them in the module's init function instead of
 * at the bundle's top level. A small program is bundled as dist/gpumkt.cjs is (esbuild, minified
 * CommonJS) with and without the plugin: the program's output must not change, the lazily imported
 * module's functions must leave the top level, and a cut that is not a whole function fails the build.
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
import { lazyFunctions, liftFunctions } from '../../scripts/lazy-functions.mjs';

const dir = mkdtempSync(join(tmpdir(), 'gpumkt-test-lazy-fn-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  // Imported lazily: its functions may move into its init. One is called by the module's own code
  // above its declaration (hoisting), one is a generator, one async, one recursive, one holds a
  // template literal with a line that is a lone closing brace, which must not be taken for the end.
  'lazy.ts': `
    export const first = twice(21);
    export function twice(n: number): number { return n * 2; }
    export function* pair(): Generator<number> { yield 1; yield 2; }
    export async function later(x: string): Promise<string> { return x + '!'; }
    function fact(n: number): number { return n <= 1 ? 1 : n * fact(n - 1); }
    export const six = fact(3);
    export function text(): string {
      return \`a
}
b\`;
    }
    export default function named() { return 'default'; }`,
  'entry.ts': `
    export function top() { return 'top'; }
    export async function run() {
      const m = await import('./lazy.js');
      return [top(), m.first, [...m.pair()].join('+'), await m.later('x'), m.six, JSON.stringify(m.text()), m.default()].join(' ');
    }`,
};
for (const [f, text] of Object.entries(FILES)) writeFileSync(join(dir, f), text);

async function bundle(lift: boolean): Promise<{ text: string; lifted: number }> {
  const stats = { files: 0, lifted: 0 };
  const r = await build({
    ...CJS_OPTIONS,
    entryPoints: [join(dir, 'entry.ts')],
    plugins: lift ? [lazyFunctions(dir, { strict: true }, stats)] : [],
    minify: false,
  });
  return { text: r.outputFiles![0]!.text, lifted: stats.lifted };
}

async function run(text: string): Promise<string> {
  const module = { exports: {} as { run?: () => Promise<string> } };
  runInNewContext(text, { module, exports: module.exports, require: () => ({}), Promise, JSON });
  return module.exports.run!();
}

/** The names of the functions declared at the bundle's top level (esbuild prints them from column 0). */
const topLevelFunctions = (text: string): string[] => [...text.matchAll(/^(?:async )?function\*? ?([\w$]+)\(/gm)].map((m) => m[1]!);

describe('lazy-functions', () => {
  it('changes nothing the program does, and takes the lazily imported functions off the top level', async () => {
    const plain = await bundle(false);
    const lifted = await bundle(true);
    expect(await run(lifted.text)).toBe(await run(plain.text));
    expect(await run(lifted.text)).toBe('top 42 1+2 x! 6 "a\\n}\\nb" default');
    expect(topLevelFunctions(plain.text)).toEqual(expect.arrayContaining(['twice', 'pair', 'later', 'fact', 'text']));
    for (const name of ['twice', 'pair', 'later', 'fact', 'text', 'named']) expect(topLevelFunctions(lifted.text)).not.toContain(name);
    // Five of lazy.ts, its default export (esbuild writes it as `function named` and an export list), two of entry.ts.
    expect(lifted.lifted).toBe(8);
  });

  it('cuts a function at its own end, not at a closing brace inside a template literal, and fails without one', () => {
    const code = 'function f() {\n  return `\n}\n`;\n}\nconst x = 1;\n';
    expect(liftFunctions(code, 'x.js').code).toBe('var f = function f() {\n  return `\n}\n`;\n};\nconst x = 1;\n');
    expect(() => liftFunctions('function g() {\n  return `\n}\n', 'y.js')).toThrow(/function g is not whole at any cut/);
  });

  it('keeps the order of the functions and puts them before the rest of the module', () => {
    const code = 'const a = f();\nexport function f() {\n  return 1;\n}\nfunction g() {\n}\nexport const b = g;\n';
    expect(liftFunctions(code, 'x.js').code).toBe(
      'export var f = function f() {\n  return 1;\n};\nvar g = function g() {\n};\nconst a = f();\nexport const b = g;\n',
    );
  });
});
