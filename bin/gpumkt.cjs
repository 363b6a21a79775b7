#!/usr/bin/env node
// gpumkt's launcher, one CommonJS file run by Node itself: every file more that it required would cost
// each run its resolving, reading and compiling (~1 M instructions a file), so the code cache's loader
// and its folder rules are here too, and a test requires this file for them (module.exports below; the
// CLI starts only when Node runs this file as its main module). Named .cjs: for a .js file Node would
// first look for the nearest package.json to learn its module type (~0.7 M instructions a run).
//
// The only place that touches process.exitCode: runs main(), waits until what it wrote to stdout and
// stderr has been handed to the OS, then ends the process with the run's code (process.exit() before
// that would drop what is still buffered). --version and --help are answered without loading the
// program. Commands run dist/gpumkt.cjs, the whole program as one CommonJS file (scripts/build-cjs.mjs),
// compiled from a V8 code cache (loadBundle, below).
'use strict';
const fs = require('node:fs');
const { basename, dirname, isAbsolute, join, sep } = require('node:path');
const vm = require('node:vm');

// ---- The code cache ----
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

// The folder's rules: a real folder, ours, that no one else can write to.
// Made here first, one level at a time and private (0700 whatever the umask): Node's own attempt, like
// fs.mkdirSync(…, { recursive: true }), spins forever on a path it cannot create (seen under /proc).
function makeDir(dir) {
  try {
    fs.mkdirSync(dir, 0o700);
  } catch (err) {
    if (err.code === 'EEXIST') return;
    if (err.code !== 'ENOENT' || dirname(dir) === dir) throw err;
    makeDir(dirname(dir));
    fs.mkdirSync(dir, 0o700);
  }
}

/**
 * Makes `dir` if needed and says whether code may be cached there: only a real folder (not a symbolic
 * link) that is ours and that no one else can write to, since whatever it holds is run as our code.
 */
function usableCacheDir(dir) {
  try {
    // Asked first, so the common case (the folder is there) makes no error: an error's message and
    // stack cost more than the whole check.
    let st = fs.lstatSync(dir, { throwIfNoEntry: false });
    if (st === undefined) {
      makeDir(dir);
      st = fs.lstatSync(dir);
    }
    // The umask may have widened what mkdir asked for; the mode is checked as it is, not fixed up.
    const ours = typeof process.getuid !== 'function' || st.uid === process.getuid();
    return st.isDirectory() && ours && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

// Paths on a run's way are put together by hand (path.join and its normalising cost a run ~0.2 M
// instructions of Node's code compiled): the parts are known to be plain names.
const DIST = `${dirname(__dirname)}${sep}dist`;
/** `base` without trailing separators ('/' becomes '': a root joins as `${''}${sep}name`). */
function trimmed(base) {
  let end = base.length;
  while (end > 0 && (base[end - 1] === sep || base[end - 1] === '/')) end -= 1;
  return base.slice(0, end);
}
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
  const base = env.XDG_CACHE_HOME || (env.HOME && `${trimmed(env.HOME)}${sep}.cache`);
  if (!base || !isAbsolute(base)) return undefined;
  const dir = `${trimmed(base)}${sep}gpumkt${sep}code-cache`;
  return usableCacheDir(dir) ? dir : undefined;
}

/**
 * The bytes of the file at `path`, in a buffer of their own (not Node's shared pool): loadBundle reads
 * the code cache into the same memory once the text is made from it. Each page of fresh memory a run
 * touches costs a page fault (~5 µs of kernel time here); the cache in a buffer of its own touched
 * ~160 more on every run.
 */
function readWhole(path) {
  const fd = fs.openSync(path, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const buf = Buffer.allocUnsafeSlow(size);
    let n = 0;
    for (let k; n < size && (k = fs.readSync(fd, buf, n, size - n, n)) > 0;) n += k;
    return n === size ? buf : buf.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/** The cached code at `path` when the file is ours and private, else undefined; read into `spare` when it fits. */
function readCache(path, spare) {
  let fd;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    const st = fs.fstatSync(fd);
    if (!st.isFile() || !ours(st) || st.size > MAX_CACHE_BYTES) return undefined;
    const buf = spare && spare.length >= st.size ? new Uint8Array(spare.buffer, spare.byteOffset, st.size) : Buffer.allocUnsafe(st.size);
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
 * commands that are neither data nor lake (and none), and for a data command its own, `query.<word>`
 * (`latest` from `history`'s cache compiled ~1 % of its instructions again on every run). Read from the
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
  if (word === undefined || word === '--' || OTHER_COMMANDS.has(word)) return 'other';
  return fileWord(word) ? `query.${word}` : 'query';
}

/** True when `word` may name a data command's cache: a lowercase letter, then up to 39 more or digits or `-` (every dataset name). */
function fileWord(word) {
  if (word.length > 40 || !(word.charCodeAt(0) >= 97 && word.charCodeAt(0) <= 122)) return false;
  for (let i = 1; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45)) return false;
  }
  return true;
}

/**
 * True when the cache file `f` of `name` is to go once `current` (`<kind>-<hash>-<node>-<arch>`) is
 * written: one of the same kind, one of another bundle or Node (no run of this install reads it again),
 * or the single cache earlier versions kept (no kind).
 */
function replacedBy(f, name, kind, current) {
  const rest = f.slice(name.length + 1);
  if (rest === current) return false;
  const sameKind = rest.startsWith(`${kind}-`) && isHash(rest.slice(kind.length + 1, kind.length + 17));
  return sameKind || !rest.endsWith(current.slice(kind.length)) || (isHash(rest.slice(0, 16)) && rest[16] === '-');
}

/** Writes `data` to `path` atomically (0600), dropping the caches of the same file at the same path (`name`) it replaces (replacedBy). */
function writeCache(dir, path, name, kind, data) {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, data, { mode: 0o600, flag: 'wx' });
    fs.renameSync(tmp, path);
    for (const f of fs.readdirSync(dir))
      if (f.startsWith(`${name}-`) && !f.endsWith('.tmp') && replacedBy(f, name, kind, basename(path).slice(name.length + 1)))
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
 * written at exit when there was none (and `writes`).
 */
function loadBundle(file, env = process.env, kind = 'query', loaded = new Map(), writes = true) {
  const path = `${DIST}${sep}${sep === '/' ? file : file.replaceAll('/', sep)}`;
  if (loaded.has(path)) return loaded.get(path).exports;
  // ASCII only (scripts/build-cjs.mjs checks): read as Latin-1, a byte a character, not decoded as UTF-8.
  const raw = readWhole(path);
  const source = raw.latin1Slice(0, raw.length);
  const hash = bundleHash(source);
  const dir = hash !== undefined ? cacheFolder(env) : undefined;
  // Older caches of this file at this path are dropped when a new one is written; other installs' stay.
  const name = `${safeName(file)}-${pathKey(path)}`;
  const cachePath = dir && `${dir}${sep}${name}-${kind}-${hash}-${process.version}-${process.arch}`;
  // V8 reads the cache while it compiles and keeps none of it: the file's buffer, its text made, holds it.
  const cachedData = cachePath && readCache(cachePath, raw);
  const wrapped = hash !== undefined && source.startsWith(WRAPPER[0], HASH_LENGTH) && source.endsWith(WRAPPER[1]);
  const script = new vm.Script(wrapped ? source : WRAPPER[0] + source + WRAPPER[1], { filename: path, cachedData });
  if (writes && cachePath && (cachedData === undefined || script.cachedDataRejected)) {
    // At exit, the cache holds every function the run compiled, not only the top level. A data
    // command's is written by a run that succeeded: a misspelt command word leaves no file behind.
    process.once('exit', (code) => {
      if (code === 0 || !kind.startsWith('query.')) writeCache(dir, cachePath, name, kind, script.createCachedData());
    });
  }
  const mod = { exports: {}, filename: path, id: path, loaded: false };
  loaded.set(path, mod);
  // The bundle's own libraries come through here too, so they are cached alike; everything else it
  // requires is one of Node's own modules (node:… or a bare builtin name), the same from any folder.
  const req = (id) => (id.startsWith('./lib/') ? loadBundle(id.slice(2), env, kind, loaded, writes) : require(id));
  script.runInThisContext().call(mod.exports, mod.exports, req, mod, path, dirname(path));
  mod.loaded = true;
  return mod.exports;
}

module.exports = { loadBundle, runKind, usableCacheDir };

// ---- The CLI ----

const debug = process.argv.includes('--debug');
// Last line of defence: whatever escapes main() is one line on stderr and exit 1, never a stack
// trace (unless --debug), and never a silent success.
function fatal(err) {
  const message = err instanceof Error ? err.message : String(err);
  try {
    process.stderr.write(
      `gpumkt: internal error: ${message.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim()} (this is a bug; rerun with --debug for details)\n`,
    );
    if (debug && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  } catch {
    // stderr itself is gone: the exit code still tells.
  }
  process.exitCode = 1;
}
// Node prints its warnings itself, as two lines ("(node:123) …" and "(Use `node --trace-warnings …`)").
// Two are known and harmless on paths gpumkt takes on purpose: undici marks its SOCKS5 proxy support
// experimental, and an https:// proxy given by IP address makes Node warn about the TLS server name
// (DEP0123). Those are dropped; any other warning becomes one line, like every message of gpumkt.
function onWarning(w) {
  if (w.name === 'ExperimentalWarning' || w.code === 'DEP0123') return;
  try {
    process.stderr.write(
      `gpumkt: warning: ${w.name}: ${String(w.message)
        .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
        .trim()}\n`,
    );
  } catch {
    // stderr itself is gone: nothing to tell.
  }
}

const argv = process.argv.slice(2);

// SIGINT and SIGTERM from start to exit. While main() runs, its own handlers decide (they are then not
// the only listeners). Before it starts, nothing has been written: the run ends as main() would end an
// interrupted one (same message, 130/143). Once main() has returned, the run's outcome is settled (its
// output committed or its error reported) while the process may live on until its event loop drains: a
// signal then exits with the run's own code, never the raw signal's. The process does not wait for its
// event loop to drain (a lingering socket) either: Node's own exit closes the signal handles before the
// process ends, and a signal in that moment would end it by the raw signal beside a committed file.
let settled;
function onSignal(sig) {
  if (settled !== undefined) process.exit(settled);
  if (process.listenerCount(sig) > 1) return;
  try {
    process.stderr.write(`gpumkt: interrupted by ${sig}\n`);
  } catch {
    // stderr itself is gone: the exit code still tells.
  }
  process.exit(sig === 'SIGINT' ? 130 : 143);
}

// `gpumkt --help`, `gpumkt <command…> --help|-h` and `gpumkt help [command…]`, exactly, are answered
// from dist/help.json, which the build renders with the program itself (scripts/render-help.mjs; a test
// keeps them equal), so no command code is loaded. Only where commander would wrap at the same width:
// output that is not a terminal, or a terminal at least that wide (src/commands/help/help-width.ts).
function prebuiltHelp(args) {
  let path;
  const last = args[args.length - 1];
  if (last === '--help' || last === '-h') path = args.slice(0, -1);
  else if (args[0] === 'help' && args.length <= 2)
    path = args.slice(1); // commander's help takes one command
  else return undefined;
  if (path.some((a) => a.startsWith('-'))) return undefined;
  try {
    const help = JSON.parse(fs.readFileSync(join(__dirname, '../dist/help.json'), 'utf8'));
    // Only a character device may be a terminal: on a pipe or a file, process.stdout is not built to ask.
    if (fs.fstatSync(1).isCharacterDevice() && process.stdout.isTTY && (process.stdout.columns || 80) < help.width) return undefined;
    const text = help.texts[path.join(' ')];
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}
// --version, the prebuilt help and the completion scripts are written straight to file descriptor 1:
// building process.stdout (a socket on a pipe, a stream on a terminal, with Node's net and stream
// modules) costs about as much as all the rest of such a run. A reader that went away (EPIPE) is not an
// error; a descriptor its parent left non-blocking (EAGAIN) gets the rest through process.stdout; any
// other failure (a full disk) is the one line and exit 7 of every command's output.
function writeOut(text) {
  const buf = Buffer.from(text, 'utf8');
  let done = 0;
  try {
    while (done < buf.length) done += fs.writeSync(1, buf, done);
  } catch (err) {
    if (err && err.code === 'EAGAIN') process.stdout.write(buf.subarray(done));
    else if (!err || err.code !== 'EPIPE') {
      const message = err instanceof Error ? err.message : String(err);
      process.stderr.write(
        `gpumkt: error: cannot write to standard output: ${message.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim()}\n`,
      );
      process.exitCode = 7;
    }
  }
}
// `gpumkt completion bash|zsh|fish`, exactly, prints the committed script in completions/, which
// test/completion/generated.test.ts holds equal to what the program generates.
const COMPLETIONS = { bash: 'gpumkt.bash', zsh: '_gpumkt', fish: 'gpumkt.fish' };
function prebuiltCompletion(args) {
  if (args.length !== 2 || args[0] !== 'completion' || !Object.hasOwn(COMPLETIONS, args[1])) return undefined;
  try {
    return fs.readFileSync(join(__dirname, '../completions', COMPLETIONS[args[1]]), 'utf8');
  } catch {
    return undefined;
  }
}
// Whether the line may have a prebuilt answer (help, completion), asked first: a data command's run
// then compiles neither function below (Node compiles this file's functions on their first call).
function mayBePrebuilt(args) {
  const last = args[args.length - 1];
  return last === '--help' || last === '-h' || args[0] === 'help' || args[0] === 'completion';
}
async function run() {
  let help;
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    // Answered without loading the CLI at all: the version module is one line.
    writeOut(`gpumkt ${require('../dist/version.cjs')}\n`);
  } else if (mayBePrebuilt(argv) && (help = prebuiltHelp(argv) ?? prebuiltCompletion(argv)) !== undefined) {
    writeOut(help);
  } else {
    // undici parses HTTP with llhttp compiled to WebAssembly. V8 compiles it at once with its baseline
    // compiler and then again, optimised, on background threads, and Node waits for those threads at
    // exit: 100–400 ms added to every run that made a request, for code a CLI run never needs.
    // Baseline only. (node:v8 is loaded here, not above: --version does without its ~2 ms.) Set at run
    // time, a flag brings none of the flags it implies on the command line: on Node 24 llhttp's hot
    // functions were still re-compiled, optimised, during a big body, and the compiler's scratch memory
    // stayed with its thread (10 MiB of peak RSS). The tiering flags say it outright.
    require('node:v8').setFlagsFromString('--liftoff-only --no-wasm-tier-up --no-wasm-dynamic-tiering');
    // One CommonJS file compiled from a code cache (loadBundle, above), not the ES module chunks.
    // A dry run reads a cache but writes none: it runs neither the request nor the output, and a cache
    // it wrote would leave every later run of the command compiling those.
    const { main } = loadBundle('gpumkt.cjs', process.env, runKind(argv), new Map(), !argv.includes('--dry-run'));
    const code = await main(argv);
    // An earlier fatal() wins over a clean finish.
    if (process.exitCode === undefined || process.exitCode === 0) process.exitCode = code;
    // An interrupted run ends now: output a reader has stopped taking (a full pipe) must not hold it.
    if (code === 130 || code === 143) process.exit(process.exitCode);
    settled = process.exitCode;
    // Settled: once stdout and stderr are flushed, end here (a signal meanwhile exits with `settled`).
    await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
    process.exit();
  }
  settled = process.exitCode ?? 0;
}
// Resolves once every earlier write to `stream` has been handed to the OS (or the stream failed).
function flushed(stream) {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) return resolve();
    stream.write('', () => resolve());
  });
}
// Only as Node's main module: a test requires this file for the code cache's functions.
if (require.main === module) {
  process.on('unhandledRejection', fatal);
  process.on('uncaughtException', fatal);
  // Node's own listener, removed by name (removeAllListeners compiles more of node:events: ~0.1 M a run).
  for (const listener of process.listeners('warning')) process.off('warning', listener);
  process.on('warning', onWarning);
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  run().catch(fatal);
}
