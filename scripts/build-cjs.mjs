// The bundle bin/gpumkt.cjs runs: the whole program as one CommonJS file (dist/gpumkt.cjs), which bin/
// compiles with a V8 code cache (vm.Script cachedData), plus the heavy libraries a run may never need
// as their own files in dist/lib/, required on first use. One CommonJS file skips Node's ES module
// loader (resolving, linking and compiling ~50 chunks cost ~20 ms a run), and a code cache works on
// Node 20 too. Modules the program imports lazily stay lazy: esbuild wraps each in an init function
// run on first import, so a csv export never evaluates the table view, the config store or Parquet.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lazyBuiltins, undiciLazyHttp } from './undici-build.mjs';
import { lazyNamespaces } from './lazy-namespaces.mjs';
import { lazyFunctions } from './lazy-functions.mjs';
import { moduleScope } from './module-scope.mjs';

/** Libraries kept out of dist/gpumkt.cjs, each bundled alone as dist/lib/<file>: no run pays for one it does not use. */
export const LAZY_LIBRARIES = {
  zod: 'zod.cjs',
  chalk: 'chalk.cjs',
  hyparquet: 'hyparquet.cjs',
  'hyparquet-writer': 'hyparquet-writer.cjs',
  '@jmespath-community/jmespath': 'jmespath.cjs',
};

// The heavy libraries resolve to their dist/lib/ files, required at run time.
const lazyLibraries = {
  name: 'lazy-libraries',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      const file = LAZY_LIBRARIES[args.path];
      return file && args.kind !== 'entry-point' ? { path: `./lib/${file}`, external: true } : undefined;
    });
  },
};

// Node's CommonJS wrapper, written into the file: bin/gpumkt.cjs compiles the file's text as it is.
// Wrapping it at run time made a second copy of the whole bundle (~800 KiB) in the young generation at
// every start, and with it one more scavenge (~1 % of a 30-row query's instructions).
const WRAPPER = ['(function (exports, require, module, __filename, __dirname) { ', '\n});'];
// The first line names the file's content hash: bin/gpumkt.cjs keys its code cache by it (and by
// the file's path, which V8's cached code carries into stack frames). The wrapper follows, and is hashed
// with the text: V8 checks a cache against the source's length only, and the same text laid out anew
// must not meet the cache of the old layout.
const withHash = (text) => {
  // bin/gpumkt.cjs reads the files as Latin-1, one byte a character (cheaper than decoding UTF-8):
  // esbuild writes non-ASCII characters as escapes, and this holds it to that.
  if (/[^\x00-\x7f]/.test(text)) throw new Error('build: a CommonJS file holds a non-ASCII character; bin/ reads them as Latin-1');
  const wrapped = `${WRAPPER[0]}${text}${WRAPPER[1]}`;
  return `/*gpumkt-bundle:${createHash('sha256').update(wrapped).digest('hex').slice(0, 16)}*/\n${wrapped}`;
};

/** esbuild's options for a CommonJS file run through vm.Script (dist/, and the bench's naive undici script). */
export const CJS_OPTIONS = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.19',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
  // import() becomes a require() in a promise: vm.Script code has no ES module loader behind it.
  supported: { 'dynamic-import': false },
};

/**
 * Builds dist/gpumkt.cjs and dist/lib/*.cjs. `common` holds the options shared with the ES module
 * build (define, and the undici and commander plugins). The bundle's first line names its content
 * hash, which keys its code cache.
 */
export async function buildCjs(common) {
  const dist = fileURLToPath(new URL('../dist/', import.meta.url));
  // src/'s top-level functions made in their modules' init functions, not at the bundle's top level (lazy-functions.mjs).
  const { compilerOptions } = JSON.parse(readFileSync(new URL('../tsconfig.json', import.meta.url), 'utf8'));
  const lifted = { files: 0, lifted: 0 };
  const main = await build({
    ...CJS_OPTIONS,
    ...common,
    plugins: [
      ...common.plugins,
      undiciLazyHttp,
      lazyLibraries,
      lazyFunctions(fileURLToPath(new URL('../src/', import.meta.url)), compilerOptions, lifted),
    ],
    entryPoints: ['src/cli.ts'],
    outfile: `${dist}gpumkt.cjs`,
  });
  if (lifted.files < 100 || lifted.lifted < 500)
    throw new Error(`build: ${lifted.lifted} functions of ${lifted.files} src/ files lifted; revisit scripts/lazy-functions.mjs`);
  // Namespaces of lazily imported modules filled on first import, not at every start (lazy-namespaces.mjs).
  const filled = lazyNamespaces(lazyBuiltins(main.outputFiles[0].text));
  if (filled.moved === 0)
    throw new Error('build: no lazily imported module namespace found to fill on import; revisit scripts/lazy-namespaces.mjs');
  // Each module's private bindings declared in its own init function, not at the top level (module-scope.mjs).
  const { text, moved } = moduleScope(filled.text);
  if (moved < 500) throw new Error(`build: ${moved} bindings moved into their modules' init functions; revisit scripts/module-scope.mjs`);
  if (/(?<![\w.])import\(\s*["'`]/.test(text))
    throw new Error('build: dist/gpumkt.cjs still holds an import(), which fails under vm.Script');
  const file = withHash(text);
  writeFileSync(`${dist}gpumkt.cjs`, file);
  mkdirSync(`${dist}lib`, { recursive: true });
  for (const [pkg, file] of Object.entries(LAZY_LIBRARIES)) {
    const lib = await build({ ...CJS_OPTIONS, entryPoints: [pkg], outfile: `${dist}lib/${file}` });
    mkdirSync(dirname(lib.outputFiles[0].path), { recursive: true });
    writeFileSync(lib.outputFiles[0].path, withHash(lib.outputFiles[0].text));
  }
  return { bytes: Buffer.byteLength(text), hash: file.slice('/*gpumkt-bundle:'.length, '/*gpumkt-bundle:'.length + 16) };
}
