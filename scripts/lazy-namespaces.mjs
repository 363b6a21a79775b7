// A module the program imports lazily (`await import('./x.js')`) gets a namespace object in the
// bundle, filled by esbuild's __export helper at the bundle's top level: `var X={};H(X,{a:()=>a,…});`
// runs at every start for every such module (an object literal of getters and a defineProperty per
// export, ~55 modules: ~4 M instructions, ~1.5 % of a 30-row query), whether the run imports it or
// not. This moves each of those calls into the module's own init function (esbuild's __esm wrapper),
// so a namespace is filled when its module is first imported. Only where that is provably the same:
// the namespace is used nowhere but in `(I(),X)`, the form esbuild writes for an import, always with
// the same init I, whose body then fills it before anything can read it. Anything else is left as it
// was. Operates on esbuild's minified CommonJS output (scripts/build-cjs.mjs).

const ID = '[\\w$]+';

/** The minified names of esbuild's __export and __esm helpers in `text`. */
function helpers(text) {
  const exp = new RegExp(
    `(${ID})=\\(([\\w$]),([\\w$])\\)=>\\{for\\(var ([\\w$]) in \\3\\)${ID}\\(\\2,\\4,\\{get:\\3\\[\\4\\],enumerable:!0\\}\\)\\}`,
  ).exec(text);
  const esm = new RegExp(
    `(${ID})=\\(([\\w$]),([\\w$]),([\\w$])\\)=>\\(\\)=>\\{if\\(\\4\\)throw \\4\\[0\\];try\\{return \\2&&\\(\\3=\\2\\(\\2=0\\)\\),\\3\\}`,
  ).exec(text);
  return { exportHelper: exp?.[1], esmHelper: esm?.[1] };
}

const escape = (s) => s.replace(/[$]/g, '\\$');

/**
 * `text` with the namespace fills moved into their modules' init functions; `moved` counts them and
 * `kept` those left at the top level. Throws when esbuild's helpers are not found (a new esbuild:
 * revisit this transform).
 */
export function lazyNamespaces(text) {
  const { exportHelper, esmHelper } = helpers(text);
  if (exportHelper === undefined || esmHelper === undefined)
    throw new Error("build: esbuild's __export or __esm helper not found; revisit scripts/lazy-namespaces.mjs");
  const fills = [...text.matchAll(new RegExp(`var (${ID})=\\{\\};${escape(exportHelper)}\\(\\1,\\{([^{}]*)\\}\\);`, 'g'))];
  let moved = 0;
  let kept = 0;
  for (const fill of fills) {
    const [, ns, props] = fill;
    const uses = [...text.matchAll(new RegExp(`(?<![\\w$.])${escape(ns)}(?![\\w$])`, 'g'))];
    const imports = [...text.matchAll(new RegExp(`\\((${ID})\\(\\),${escape(ns)}\\)`, 'g'))];
    const inits = new Set(imports.map((m) => m[1]));
    // Its declaration, the fill, and each import: nothing else may name it.
    const init = inits.size === 1 ? [...inits][0] : undefined;
    const declOf = (t) => [
      ...t.matchAll(new RegExp(`(?<![\\w$.])${escape(init)}=${escape(esmHelper)}\\(\\(\\)=>\\{("use strict";)?`, 'g')),
    ];
    if (init === undefined || uses.length !== 2 + imports.length || declOf(text).length !== 1) {
      kept += 1;
      continue;
    }
    const call = `${exportHelper}(${ns},{${props}});`;
    // Out of the top level (the declaration stays), then into the init's body after its directive.
    text = text.replace(fill[0], () => `var ${ns}={};`);
    const [decl] = declOf(text);
    const at = decl.index + decl[0].length;
    text = text.slice(0, at) + call + text.slice(at);
    moved += 1;
  }
  return { text, moved, kept };
}
