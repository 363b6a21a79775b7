// How the bundles get undici, shared by scripts/build.mjs, scripts/build-cjs.mjs and the bench's naive
// undici script (bench/naive-undici.cjs): the slim entry, node:http loaded only when needed, and Node's
// rarely used modules behind stand-ins that load them on first use.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// `import … from 'undici'` gets only the pieces the client uses (undici-slim.cjs), without HTTP/2
// (undici-no-h2.cjs).
export const undiciSlim = {
  name: 'undici-slim',
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, (args) =>
      args.importer.endsWith('undici-slim.cjs') ? undefined : { path: fileURLToPath(new URL('./undici-slim.cjs', import.meta.url)) },
    );
    b.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) =>
      args.importer.includes('undici') ? { path: fileURLToPath(new URL('./undici-no-h2.cjs', import.meta.url)) } : undefined,
    );
  },
};

// Node modules the request path loads only for code it rarely runs. Each `x = require("node:x")` of
// the bundle becomes a stand-in that loads the module on first use: crypto (lock and manifest ids),
// os (a lock's host name), fs/promises (writes to files; it brings readline along), tls (a SOCKS
// proxy to an https:// API; ~10 ms and crypto with it). Only plain
// assignments are replaced: the stand-in has no own keys, so a default or namespace import of it
// (esbuild's `__toESM(require(…))`) keeps the real module. assert (undici's internal checks, called
// only as assert(value)) becomes a function that loads it only when a check fails. Together ~3 ms of
// Node's own module compiling a run.
const LAZY_BUILTINS = ['node:crypto', 'node:os', 'node:fs/promises', 'node:tls', 'node:tty'];
const LAZY_HELPER = `"use strict";var __gpumktLazy=(id)=>{let m;const load=()=>m??=require(id);return new Proxy(function(){},{get:(_,k)=>load()[k],apply:(_,t,a)=>Reflect.apply(load(),t,a),has:(_,k)=>k in load()})};var __gpumktAssert=(v,m)=>{if(!v)require("node:assert")(v,m)};\n`;

// undici loads node:http (and with it Node's HTTP server) for one identity check of a request body.
// A body gpumkt sends is never an IncomingMessage, and when node:http is not loaded none can exist.
const HTTP_IMPORT = "const { IncomingMessage } = require('node:http')";
const HTTP_USE = '=== IncomingMessage';
const MAX_HEADER =
  /const http = require\('node:http'\)\n([\s\S]*?)const getDefaultNodeMaxHeaderSize = http &&[\s\S]*?\n {2}: \(\) => \{ throw new InvalidArgumentError\('http module not available or http\.maxHeaderSize invalid'\) \}\n/;
export const undiciLazyHttp = {
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

/**
 * Puts the stand-ins of LAZY_BUILTINS and node:assert into the CommonJS bundle `text` and prepends
 * their helper. With `strict` (the program's bundle) a builtin the bundle no longer requires is an
 * error, so the list cannot go stale.
 */
export function lazyBuiltins(text, { strict = true } = {}) {
  for (const id of LAZY_BUILTINS) {
    const plain = new RegExp(`(?<=[=,:]\\s*)require\\("${id}"\\)`, 'g');
    if (strict && !plain.test(text)) throw new Error(`build: ${id} no longer required by the bundle; drop it from LAZY_BUILTINS`);
    text = text.replace(plain, `__gpumktLazy("${id}")`);
  }
  const assertions = /(?<=[=,]\s*)require\("node:assert"\)(?=[,;])/g;
  if (strict && !assertions.test(text)) throw new Error('build: node:assert no longer required by the bundle; drop its stand-in');
  return LAZY_HELPER + text.replace(assertions, '__gpumktAssert');
}
