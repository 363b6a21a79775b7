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
