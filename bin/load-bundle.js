// Loads dist/gpumkt.cjs (the whole program as one CommonJS file, scripts/build-cjs.mjs) and the
// libraries it requires from dist/lib/ with a V8 code cache: V8's compiled code of each file is kept on
// disk after the first run, so later runs skip parsing and compiling (vm.Script cachedData: the same
// on Node 20, which has no module.enableCompileCache, and on Node 24). The cache is gpumkt's own folder
// under the user's cache dir ($XDG_CACHE_HOME/gpumkt/code-cache, else ~/.cache/gpumkt/code-cache),
// created 0700, and used only while the folder and each file belong to this user and nobody else may
// write them: compiled code read from a place others can write would run as their code. Any trouble
// with the cache (missing, foreign, unwritable, rejected by V8) means compiling as usual, without a
// word. NODE_DISABLE_COMPILE_CACHE=1 turns it off. A cache is keyed by the file's content and by its
// path: V8's cached code carries the file name it was compiled under, so two installs of the same
// version sharing one cache folder would otherwise name each other's paths in --debug stack frames.
'use strict';
const fs = require('node:fs');
const { basename, dirname, isAbsolute, join } = require('node:path');
const vm = require('node:vm');

const DIST = join(__dirname, '../dist');
// The first line: /*gpumkt-bundle:<16 lowercase hex digits>*/ (read by hand: a pattern is compiled anew every run).
const HASH_OPEN = '/*gpumkt-bundle:';
const HASH_CLOSE = '*/\n';
const HASH_LENGTH = '/*gpumkt-bundle:0123456789abcdef*/\n'.length;
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
// Node's own CommonJS wrapper (require('node:module').wrapper), written out: loading node:module for it
// costs ~1 ms of every run. The build writes it into each file after the hash line (scripts/build-cjs.mjs),
// so the text read is compiled as it is, not copied once more with the wrapper around it.
const WRAPPER = ['(function (exports, require, module, __filename, __dirname) { ', '\n});'];

/**
 * A short key of `path` (two 32-bit FNV-1a hashes, 16 hex digits): node:crypto would cost every run
 * more than the whole key is worth, and a collision only shares a cache between two install paths.
 */
function pathKey(path) {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x811c9dc5) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** True when `s` is 16 lowercase hex digits (a content hash as the build writes it). */
function isHash(s) {
  if (s.length !== 16) return false;
  for (let i = 0; i < 16; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/** The content hash the bundle's first line names, or undefined when it has no such line. */
function bundleHash(source) {
  if (!source.startsWith(HASH_OPEN) || !source.startsWith(HASH_CLOSE, HASH_OPEN.length + 16)) return undefined;
  const hash = source.slice(HASH_OPEN.length, HASH_OPEN.length + 16);
  return isHash(hash) ? hash : undefined;
}

/** `file` (gpumkt.cjs, lib/zod.cjs) as part of a file name: every character but a letter, digit, `_`, `.` or `-` as `_`. */
function safeName(file) {
  let out = '';
  for (let i = 0; i < file.length; i++) {
    const c = file.charCodeAt(i);
    const keep = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 45;
    out += keep ? file[i] : '_';
  }
  return out;
}

/** True when `st` belongs to this user and neither group nor others may write it. */
function ours(st) {
  return st.uid === process.getuid() && (st.mode & 0o022) === 0;
}

/** gpumkt's code cache folder, made (0700 at every level) when missing; undefined when there is none we may trust. */
function cacheFolder(env) {
  if (env.NODE_DISABLE_COMPILE_CACHE || typeof process.getuid !== 'function') return undefined;
  const base = env.XDG_CACHE_HOME || (env.HOME && join(env.HOME, '.cache'));
  if (!base || !isAbsolute(base)) return undefined;
  const dir = join(base, 'gpumkt', 'code-cache');
  // The folder rules are bin/compile-cache.js's: a real folder, ours, that no one else can write to.
  return require('./compile-cache.js').usableCacheDir(dir) ? dir : undefined;
}

/** The cached code at `path` when the file is ours and private, else undefined. */
function readCache(path) {
  let fd;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    const st = fs.fstatSync(fd);
    if (!st.isFile() || !ours(st) || st.size > MAX_CACHE_BYTES) return undefined;
    const buf = Buffer.allocUnsafe(st.size);
    return fs.readSync(fd, buf, 0, st.size, 0) === st.size ? buf : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * The kind of run whose cache a run uses (V8 caches the functions a run compiled, so one cache for
 * every kind would leave a query to compile its own functions on every run after a sync wrote the
 * cache, +6 % of its instructions, and the reverse): `lake` for sync and lake, `other` for the
 * commands that are neither data nor lake (and none), `query` for the data commands. Read from the
 * command word, the first word after the global flags and their values (src/commands/command-word.ts;
 * a test holds these lists to the program's commands and valued flags). A wrong guess costs time only.
 */
const VALUED_GLOBALS = new Set(['--base-url', '--profile', '--config', '--timeout', '--retries']);
const LAKE_COMMANDS = new Set(['sync', 'lake']);
const OTHER_COMMANDS = new Set(['gpus', 'memory-types', 'labs', 'status', 'api', 'config', 'sandbox', 'completion', 'help']);
function runKind(argv) {
  let i = 0;
  while (i < argv.length && argv[i].startsWith('-') && argv[i] !== '--') i += VALUED_GLOBALS.has(argv[i]) ? 2 : 1;
  const word = argv[i];
  if (LAKE_COMMANDS.has(word)) return 'lake';
  return word === undefined || word === '--' || OTHER_COMMANDS.has(word) ? 'other' : 'query';
}

/** True when the cache file `f` of `name` is of `kind`, or of the single cache earlier versions kept (no kind). */
function sameKindOrOld(f, name, kind) {
  const rest = f.slice(name.length + 1);
  return rest.startsWith(`${kind}-`) || (isHash(rest.slice(0, 16)) && rest[16] === '-');
}

/** Writes `data` to `path` atomically (0600), dropping older caches of the same file at the same path (`name`) for the same kind of run. */
function writeCache(dir, path, name, kind, data) {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, data, { mode: 0o600, flag: 'wx' });
    fs.renameSync(tmp, path);
    for (const f of fs.readdirSync(dir))
      if (f.startsWith(`${name}-`) && f !== basename(path) && !f.endsWith('.tmp') && sameKindOrOld(f, name, kind))
        fs.rmSync(join(dir, f), { force: true });
  } catch {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // Nothing more to do: the next run compiles again.
    }
  }
}

/**
 * Runs the CommonJS file `file` of dist/ (gpumkt.cjs, lib/*.cjs) once and returns its exports,
 * compiled from the code cache of `kind`'s runs (runKind) when there is a good one; the cache is
 * written at exit when there was none.
 */
function loadBundle(file, env = process.env, kind = 'query', loaded = new Map()) {
  const path = join(DIST, file);
  if (loaded.has(path)) return loaded.get(path).exports;
  // ASCII only (scripts/build-cjs.mjs checks): read as Latin-1, a byte a character, not decoded as UTF-8.
  const source = fs.readFileSync(path, 'latin1');
  const hash = bundleHash(source);
  const dir = hash !== undefined ? cacheFolder(env) : undefined;
  // Older caches of this file at this path are dropped when a new one is written; other installs' stay.
  const name = `${safeName(file)}-${pathKey(path)}`;
  const cachePath = dir && join(dir, `${name}-${kind}-${hash}-${process.version}-${process.arch}`);
  const cachedData = cachePath && readCache(cachePath);
  const wrapped = hash !== undefined && source.startsWith(WRAPPER[0], HASH_LENGTH) && source.endsWith(WRAPPER[1]);
  const script = new vm.Script(wrapped ? source : WRAPPER[0] + source + WRAPPER[1], { filename: path, cachedData });
  if (cachePath && (cachedData === undefined || script.cachedDataRejected)) {
    // At exit, the cache holds every function the run compiled, not only the top level.
    process.once('exit', () => writeCache(dir, cachePath, name, kind, script.createCachedData()));
  }
  const mod = { exports: {}, filename: path, id: path, loaded: false };
  loaded.set(path, mod);
  // The bundle's own libraries come through here too, so they are cached alike; everything else it
  // requires is one of Node's own modules (node:… or a bare builtin name), the same from any folder.
  const req = (id) => (id.startsWith('./lib/') ? loadBundle(id.slice(2), env, kind, loaded) : require(id));
  script.runInThisContext().call(mod.exports, mod.exports, req, mod, path, dirname(path));
  mod.loaded = true;
  return mod.exports;
}

module.exports = { loadBundle, runKind };
