// The bundle bin/gpumkt.js runs: the whole program as one CommonJS file (dist/gpumkt.cjs), which bin/
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

/** Libraries kept out of dist/gpumkt.cjs, each bundled alone as dist/lib/<file>: no run pays for one it does not use. */
export const LAZY_LIBRARIES = {
  zod: 'zod.cjs',
  chalk: 'chalk.cjs',
  hyparquet: 'hyparquet.cjs',
  'hyparquet-writer': 'hyparquet-writer.cjs',
  '@jmespath-community/jmespath': 'jmespath.cjs',
};

// Node modules the request path loads only for code it rarely runs. Each `x = require("node:x")` of
// the bundle becomes a stand-in that loads the module on first use: crypto (lock and manifest ids),
// os (a lock's host name), fs/promises (writes to files; it brings readline along), tls (a SOCKS
// proxy to an https:// API; ~10 ms and crypto with it). Only plain
// assignments are replaced: the stand-in has no own keys, so a default or namespace import of it
// (esbuild's `__toESM(require(…))`) keeps the real module. assert (undici's internal checks, called
// only as assert(value)) becomes a function that loads it only when a check fails. Together ~3 ms of
// Node's own module compiling a run.
const LAZY_BUILTINS = ['node:crypto', 'node:os', 'node:fs/promises', 'node:tls'];
const LAZY_HELPER = `"use strict";var __gpumktLazy=(id)=>{let m;const load=()=>m??=require(id);return new Proxy(function(){},{get:(_,k)=>load()[k],apply:(_,t,a)=>Reflect.apply(load(),t,a),has:(_,k)=>k in load()})};var __gpumktAssert=(v,m)=>{if(!v)require("node:assert")(v,m)};\n`;

// undici loads node:http (and with it Node's HTTP server) for one identity check of a request body.
// A body gpumkt sends is never an IncomingMessage, and when node:http is not loaded none can exist.
const HTTP_IMPORT = "const { IncomingMessage } = require('node:http')";
const HTTP_USE = '=== IncomingMessage';
const MAX_HEADER =
  /const http = require\('node:http'\)\n([\s\S]*?)const getDefaultNodeMaxHeaderSize = http &&[\s\S]*?\n {2}: \(\) => \{ throw new InvalidArgumentError\('http module not available or http\.maxHeaderSize invalid'\) \}\n/;
const lazyHttp = {
  name: 'undici-lazy-http',
  setup(b) {
    // Its client reads http.maxHeaderSize when loaded; src/api/transport/dispatcher.ts gives maxHeaderSize, so
    // the default is looked up (and node:http loaded) only when a caller does not.
    b.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!MAX_HEADER.test(text)) throw new Error('build: undici changed; revisit the lazy http.maxHeaderSize patch');
      return {
        contents: text.replace(MAX_HEADER, "$1const getDefaultNodeMaxHeaderSize = () => require('node:http').maxHeaderSize\n"),
        loader: 'js',
      };
    });
    b.onLoad({ filter: /undici[\\/]lib[\\/]core[\\/]util\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes(HTTP_IMPORT) || text.split(HTTP_USE).length !== 2)
        throw new Error('build: undici changed; revisit the lazy node:http patch');
      const patched = text
        .replace(HTTP_IMPORT, "const loadedHttp = () => process.moduleLoadList.includes('NativeModule http')")
        .replace(HTTP_USE, "=== (loadedHttp() ? require('node:http').IncomingMessage : undefined)");
      return { contents: patched, loader: 'js' };
    });
  },
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

// The first line names the file's content hash: bin/load-bundle.js keys its code cache by it.
const withHash = (text) => `/*gpumkt-bundle:${createHash('sha256').update(text).digest('hex').slice(0, 16)}*/\n${text}`;

/**
 * Builds dist/gpumkt.cjs and dist/lib/*.cjs. `common` holds the options shared with the ES module
 * build (define, and the undici and commander plugins). The bundle's first line names its content
 * hash, which keys its code cache.
 */
export async function buildCjs(common) {
  const dist = fileURLToPath(new URL('../dist/', import.meta.url));
  const base = {
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
  const main = await build({
    ...base,
    ...common,
    plugins: [...common.plugins, lazyHttp, lazyLibraries],
    entryPoints: ['src/cli.ts'],
    outfile: `${dist}gpumkt.cjs`,
  });
  let text = main.outputFiles[0].text;
  for (const id of LAZY_BUILTINS) {
    const plain = new RegExp(`(?<=[=,:]\\s*)require\\("${id}"\\)`, 'g');
    if (!plain.test(text)) throw new Error(`build: ${id} no longer required by the bundle; drop it from LAZY_BUILTINS`);
    text = text.replace(plain, `__gpumktLazy("${id}")`);
  }
  const assertions = /(?<=[=,]\s*)require\("node:assert"\)(?=[,;])/g;
  if (!assertions.test(text)) throw new Error('build: node:assert no longer required by the bundle; drop its stand-in');
  text = text.replace(assertions, '__gpumktAssert');
  if (/(?<![\w.])import\(\s*["'`]/.test(text))
    throw new Error('build: dist/gpumkt.cjs still holds an import(), which fails under vm.Script');
  text = LAZY_HELPER + text;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  writeFileSync(`${dist}gpumkt.cjs`, withHash(text));
  mkdirSync(`${dist}lib`, { recursive: true });
  for (const [pkg, file] of Object.entries(LAZY_LIBRARIES)) {
    const lib = await build({ ...base, entryPoints: [pkg], outfile: `${dist}lib/${file}` });
    mkdirSync(dirname(lib.outputFiles[0].path), { recursive: true });
    writeFileSync(lib.outputFiles[0].path, withHash(lib.outputFiles[0].text));
  }
  return { bytes: Buffer.byteLength(text), hash };
}
