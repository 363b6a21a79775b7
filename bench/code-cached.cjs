// Runs a CommonJS bundle the way bin/gpumkt.cjs runs dist/gpumkt.cjs (its loadBundle): llhttp
// compiled by WebAssembly's baseline compiler only, the file compiled from a V8 code cache kept next to
// it (<bundle>.cache, written at exit by a run that had none). For bench/naive-undici.cjs.
// usage: node bench/code-cached.cjs <bundle.cjs> args…
'use strict';
require('node:v8').setFlagsFromString('--liftoff-only --no-wasm-tier-up --no-wasm-dynamic-tiering');
const fs = require('node:fs');
const { dirname } = require('node:path');
const vm = require('node:vm');

const file = process.argv[2];
process.argv.splice(2, 1);
const cache = `${file}.cache`;
let cachedData;
try {
  cachedData = fs.readFileSync(cache);
} catch {
  // First run: compiled as usual, the cache is written at exit.
}
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) { ${fs.readFileSync(file, 'utf8')}\n});`, {
  filename: file,
  cachedData,
});
if (cachedData === undefined || script.cachedDataRejected) process.once('exit', () => fs.writeFileSync(cache, script.createCachedData()));
const mod = { exports: {} };
script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, dirname(file));
