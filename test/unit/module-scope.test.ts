/**
 * scripts/module-scope.mjs declares each lazily evaluated module's private bindings in the module's
 * own init function instead of at the bundle's top level, where that changes nothing a program can
 * see. Checked on a bundle written by hand (which names move, which stay) and on a small program
 * bundled as dist/gpumkt.cjs is (esbuild, minified CommonJS, the namespace pass before it), run with
 * and without the pass.
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
// @ts-expect-error -- a build script in plain JavaScript, without types
import { moduleScope } from '../../scripts/module-scope.mjs';

type Scoped = { text: string; moved: number; kept: number; modules: number };
const scope = moduleScope as (text: string) => Scoped;

const dir = mkdtempSync(join(tmpdir(), 'gpumkt-test-module-scope-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// esbuild's __esm helper as it minifies it.
const ESM = 'var m=(n,e,t)=>()=>{if(t)throw t[0];try{return n&&(e=n(n=0)),e}catch(r){throw t=[r],r}};';

/** Runs a bundle in a fresh context and returns its module.exports. */
function load(text: string): Record<string, unknown> {
  const mod = { exports: {} as Record<string, unknown> };
  runInNewContext(`(function (exports, module) { ${text}\n})`, { Promise, Object, String, JSON })(mod.exports, mod);
  return mod.exports;
}

describe('module scope', () => {
  it('moves a binding only its own init names; a name used elsewhere, even once, stays', () => {
    const text = [
      '"use strict";',
      ESM,
      // A: a, p, q are its own (p and q also appear elsewhere, but only as property names); s is read
      // by B through a shorthand property, e through a spread, t through typeof, u by a nested
      // function of B that declares a u of its own (a minified scope reusing the name: it stays too).
      'var a,p,q,s,e,t,u,A=m(()=>{"use strict";a=1;p=2;q=()=>a+p;r.sum=q();s=3;e=[4,5];t=6;u=7});',
      // B: w is its own; the statement's other declarations keep their values.
      'var x=10,w,B=m(()=>{A();w=r.sum+u;r.v={s,n:[...e].length,w,t:typeof t,nested:function(){var u=0;return u}()}});',
      'var r={p:0,q:{p:1}};r.q.p=r.p;',
      'B();module.exports={v:r.v,x};',
    ].join('\n');
    const out = scope(text);
    expect(out.moved).toBe(4);
    expect(out.kept).toBe(5);
    expect(out.modules).toBe(2);
    expect(out.text).toContain('var s,e,t,u,A=m(()=>{"use strict";var a,p,q;a=1;');
    expect(out.text).toContain('var x=10,B=m(()=>{var w;A();');
    expect(load(out.text)).toEqual(load(text));
    expect(load(out.text)).toEqual({ v: { s: 3, n: 2, w: 10, t: 'number', nested: 0 }, x: 10 });
  });

  it('leaves a bundle with nothing to move as it was, and refuses one without esbuild’s helper', () => {
    const text = `"use strict";${ESM}var a,A=m(()=>{a=1});A();module.exports={a};`;
    expect(scope(text)).toEqual({ text, moved: 0, kept: 1, modules: 0 });
    expect(() => scope('var a=1;')).toThrow(/__esm helper not found/);
  });

  it('a program bundled as dist/gpumkt.cjs is does the same with its modules’ bindings moved', async () => {
    const files: Record<string, string> = {
      // Private state, a private helper, and exports read only through the namespace.
      'lazy.ts': `
        let calls = 0;
        const seen: string[] = [];
        const note = (s: string): number => { calls += 1; seen.push(s); return calls; };
        export let total = 0;
        export const add = (n: number) => { total += n; note('add' + n); return { calls, seen: [...seen], total }; };`,
      // An export an eager module imports by name: it stays at the top level.
      'shared.ts': `let hits = 0; export const hit = (): number => (hits += 1);`,
      'eager.ts': `import { hit } from './shared.js'; export const twice = (): number => { hit(); return hit(); };`,
      'entry.ts': `
        import { twice } from './eager.js';
        export async function run(): Promise<string> {
          const a = await import('./lazy.js');
          const first = a.add(2);
          const b = await import('./lazy.js');
          const second = b.add(3);
          const s = await import('./shared.js');
          return JSON.stringify({ first, second, total: a.total, same: a === b, twice: twice(), hit: s.hit(), calls: { calls: 1 }.calls });
        }`,
    };
    for (const [f, t] of Object.entries(files)) writeFileSync(join(dir, f), t);
    const r = await build({ ...CJS_OPTIONS, entryPoints: [join(dir, 'entry.ts')] });
    const text = lazyNamespaces((r.outputFiles as { text: string }[])[0]?.text).text as string;
    const out = scope(text);
    // lazy.ts: calls, seen, note, total, add; shared.ts: hits (hit is imported by eager.ts).
    expect(out.moved).toBe(6);
    const run = async (t: string): Promise<string> => (load(t).run as () => Promise<string>)();
    const before = await run(text);
    expect(JSON.parse(before)).toEqual({
      first: { calls: 1, seen: ['add2'], total: 2 },
      second: { calls: 2, seen: ['add2', 'add3'], total: 5 },
      total: 5,
      same: true,
      twice: 2,
      hit: 3,
      calls: 1,
    });
    expect(await run(out.text)).toBe(before);
  });
});
