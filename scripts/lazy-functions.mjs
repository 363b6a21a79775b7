// An esbuild plugin for dist/gpumkt.cjs: each src/ module's top-level function declarations become
// function expressions assigned at the top of the module (`function f(…) {…}` → `var f = function
// f(…) {…};`), so that they live in the module's init function, not at the bundle's top level.
//
// Why: esbuild evaluates a lazily imported module through an init function run on first import, but a
// function declaration is hoisted, so esbuild keeps every one at the bundle's top level. V8 then makes
// each of them (~1,050) as the bundle starts, and the code cache carries their descriptions for every
// run, whether the run loads their module or not (a query loads about a third of them). As assigned
// expressions they are part of their module's init: made when it runs, cached only when it ran.
// −1.4 M instructions of a 30-row query (~0.6 %), ~55 KiB less of the cache's top level.
//
// The same semantics: the expressions come first in their module, in their order, before any other
// statement of it, as hoisting would have it; and src/ has no import cycle (the dependency rules
// forbid one), so no other module can call a function before its module's init has run.
//
// How: esbuild turns the TypeScript into JavaScript first (per file, the tsconfig's options), which it
// prints one top-level statement from column 0, a function's closing brace alone on a line at column 0.
// Each cut function is compiled on its own as an expression, and a cut that does not compile (a template
// literal holding such a line) goes on to the next such line; no cut at all fails the build.
import { readFile } from 'node:fs/promises';
import { Script } from 'node:vm';
import { transform } from 'esbuild';

/** `function f(`, `async function f(`, `function* f(`, each possibly exported; not `export default`. */
const DECLARATION = /^(export )?(async )?function(\*)? ?([\w$]+)\(/;

/** True when `source` compiles as a script. */
function compiles(source) {
  try {
    new Script(source);
    return true;
  } catch {
    return false;
  }
}

/**
 * `code`, esbuild's JavaScript of one module (not minified), with its top-level function declarations
 * turned into expressions at its top; `lifted` counts them. Throws when a function has no whole cut.
 */
export function liftFunctions(code, file) {
  const lines = code.split('\n');
  const lifted = [];
  const kept = [];
  for (let i = 0; i < lines.length; i++) {
    const m = DECLARATION.exec(lines[i]);
    if (m === null) {
      kept.push(lines[i]);
      continue;
    }
    const [, exported = '', , , name] = m;
    // The function ends at the first closing brace alone at column 0 after which it compiles: one inside
    // a template literal leaves the literal open, so the cut goes on to the next.
    let end = i;
    let expression;
    for (;;) {
      while (end < lines.length && lines[end] !== '}' && !(end === i && lines[i].endsWith('}'))) end++;
      if (end === lines.length) throw new Error(`build: ${file}: function ${name} is not whole at any cut`);
      expression = lines
        .slice(i, end + 1)
        .join('\n')
        .slice(exported.length);
      if (compiles(`(${expression});`)) break;
      end++;
    }
    // The expression keeps its name (esbuild may rename that inner binding, `f2`, as the minifier renames
    // every name): a function expression without one costs V8 a name inferred from its context, ~1 M
    // instructions more over a 30-row query.
    lifted.push(`${exported}var ${name} = ${expression};`);
    i = end;
  }
  return { code: [...lifted, ...kept].join('\n'), lifted: lifted.length };
}

/**
 * The plugin: every .ts file under `srcDir` is turned into JavaScript with the tsconfig's compiler
 * options (what esbuild's own loader would do) and its functions lifted. `stats` counts files and
 * functions, for the build to check that the plugin did its work.
 */
export function lazyFunctions(srcDir, compilerOptions, stats = { files: 0, lifted: 0 }) {
  const tsconfigRaw = { compilerOptions };
  return {
    name: 'lazy-functions',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!args.path.startsWith(srcDir)) return undefined;
        const source = await readFile(args.path, 'utf8');
        const { code } = await transform(source, { loader: 'ts', format: 'esm', target: 'node20.19', tsconfigRaw, sourcefile: args.path });
        const out = liftFunctions(code, args.path);
        stats.files += 1;
        stats.lifted += out.lifted;
        return { contents: out.code, loader: 'js' };
      });
    },
  };
}
