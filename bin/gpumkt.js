#!/usr/bin/env node
// The only place that touches process.exitCode: runs main(), waits until what it wrote to stdout and
// stderr has been handed to the OS, then ends the process with the run's code (process.exit() before
// that would drop what is still buffered).
// CommonJS (bin/package.json): --version and --help are answered without starting Node's ES module
// loader, which alone costs about a fifth of `node -e 0`. Commands run dist/gpumkt.cjs, one CommonJS
// file compiled from a V8 code cache (bin/load-bundle.js).
'use strict';
const { fstatSync, readFileSync, writeSync } = require('node:fs');
const { join } = require('node:path');

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
process.on('unhandledRejection', fatal);
process.on('uncaughtException', fatal);
// Node prints its warnings itself, as two lines ("(node:123) …" and "(Use `node --trace-warnings …`)").
// Two are known and harmless on paths gpumkt takes on purpose: undici marks its SOCKS5 proxy support
// experimental, and an https:// proxy given by IP address makes Node warn about the TLS server name
// (DEP0123). Those are dropped; any other warning becomes one line, like every message of gpumkt.
process.removeAllListeners('warning');
process.on('warning', (w) => {
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
});

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
process.on('SIGINT', onSignal).on('SIGTERM', onSignal);

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
    const help = JSON.parse(readFileSync(join(__dirname, '../dist/help.json'), 'utf8'));
    // Only a character device may be a terminal: on a pipe or a file, process.stdout is not built to ask.
    if (fstatSync(1).isCharacterDevice() && process.stdout.isTTY && (process.stdout.columns || 80) < help.width) return undefined;
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
    while (done < buf.length) done += writeSync(1, buf, done);
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
    return readFileSync(join(__dirname, '../completions', COMPLETIONS[args[1]]), 'utf8');
  } catch {
    return undefined;
  }
}
async function run() {
  let help;
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    // Answered without loading the CLI at all: the version module is one line.
    writeOut(`gpumkt ${require('../dist/version.cjs')}\n`);
  } else if ((help = prebuiltHelp(argv) ?? prebuiltCompletion(argv)) !== undefined) {
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
    // One CommonJS file compiled from a code cache (bin/load-bundle.js), not the ES module chunks.
    const { loadBundle, runKind } = require('./load-bundle.js');
    const { main } = loadBundle('gpumkt.cjs', process.env, runKind(argv));
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
run().catch(fatal);
