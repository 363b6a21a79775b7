#!/usr/bin/env node
// The only place that touches process.exitCode: runs main() and lets Node exit on its own,
// so piped output is never cut short (process.exit() would drop what is still buffered).
import module from 'node:module';

const debug = process.argv.includes('--debug');
// Last line of defence: whatever escapes main() is one line on stderr and exit 1, never a stack
// trace (unless --debug), and never a silent success.
function fatal(err) {
  const message = err instanceof Error ? err.message : String(err);
  try {
    process.stderr.write(`gpumkt: internal error: ${message.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim()} (this is a bug; rerun with --debug for details)\n`);
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
    process.stderr.write(`gpumkt: warning: ${w.name}: ${String(w.message).replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim()}\n`);
  } catch {
    // stderr itself is gone: nothing to tell.
  }
});

// Node ≥ 22.1 keeps V8's compiled code of dist/ on disk (in $NODE_COMPILE_CACHE, else
// <tmpdir>/node-compile-cache), so later runs skip most parsing and compiling; older Nodes lack it.
module.enableCompileCache?.();
const argv = process.argv.slice(2);
try {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    // Answered without loading the CLI at all: the version module is one line.
    const { VERSION } = await import('../dist/version.js');
    process.stdout.write(`gpumkt ${VERSION}\n`);
  } else {
    // undici parses HTTP with llhttp compiled to WebAssembly. V8 compiles it at once with its baseline
    // compiler and then again, optimised, on background threads, and Node waits for those threads at
    // exit: 100–400 ms added to every run that made a request, for code a CLI run never needs.
    // Baseline only. (node:v8 is loaded here, not above: --version does without its ~2 ms.)
    (await import('node:v8')).setFlagsFromString('--liftoff-only');
    const { main } = await import('../dist/cli.js');
    const code = await main(argv);
    // An earlier fatal() wins over a clean finish.
    if (process.exitCode === undefined || process.exitCode === 0) process.exitCode = code;
  }
} catch (err) {
  fatal(err);
}
