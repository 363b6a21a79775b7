/**
 * The entry point: reads the line (without commander when it can), runs one command, and hands every
 * error to commands/report.ts, which maps it to its one line and exit code in one place. Only this
 * file (and bin/) may touch `process`.
 */
import { isatty } from 'node:tty';
import type { Command } from 'commander';
import { makeClock, type Context, type GlobalOptions, type Io, type Logger } from './context.js';
import { ExitCode, InterruptedError } from './errors.js';
import { HELP_WIDTH } from './commands/help/help-width.js';
import { oneLine, report, SHOWN, writeErr, type CommanderErrorOf } from './commands/report.js';
import { readGlobals, type RawGlobals } from './commands/globals.js';
import { quickLine } from './commands/quick-parse.js';
import { runData } from './commands/data-run.js';

export { HELP_WIDTH };

/**
 * The root program's builder and every command's declaration, for the generated reference and help
 * (scripts/reference.mjs, scripts/render-help.mjs read them from the build): loaded when asked, as a
 * run whose line is read without commander (src/commands/quick-parse.ts) never loads commander.
 */
export async function programParts(): Promise<{
  buildProgram: typeof import('./commands/program.js').buildProgram;
  allCommands: typeof import('./commands/index.js').allCommands;
}> {
  const [{ buildProgram }, { allCommands }] = await Promise.all([import('./commands/program.js'), import('./commands/index.js')]);
  return { buildProgram, allCommands };
}

/**
 * The dataset registry, for the generated reference (scripts/reference.mjs reads it from the build):
 * loaded when asked, as a run loads only its own command's descriptor.
 */
export async function datasetRegistry(): Promise<typeof import('./datasets/index.js')> {
  return import('./datasets/index.js');
}
import { VERSION } from './version.js';
import { redactAll } from './domain/secrets/redact.js';
import { stdoutFailure } from './output/files/sink.js';
import { LightAbortController } from './domain/abort.js';

/** What main() may take from a caller instead of the real process (tests). */
export interface MainOptions {
  readonly io?: Io;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

// A reader that went away (`gpumkt --help | head -1`) is not an error; without a listener, Node would
// turn the late EPIPE into an uncaught exception with a stack trace. Data goes through the sinks, which
// listen themselves and report real write failures (exit 7); this only keeps stray errors quiet.
const ignoreStreamError = (): void => undefined;

// Set once a process's streams have the listener (a run in-process after another adds none again).
let streamsQuiet = false;

function processIo(): Io {
  if (!streamsQuiet) {
    streamsQuiet = true;
    process.stdout.on('error', ignoreStreamError);
    process.stderr.on('error', ignoreStreamError);
  }
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Made on first use: building process.stdin costs ~8 ms a run (a stream and Node's fs streams), and
    // only a prompt reads it.
    get stdin() {
      return process.stdin;
    },
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    // Asked on first use (a prompt): node:tty is loaded only then, or by a stream that is a terminal.
    get stdinIsTTY() {
      return isatty(0);
    },
    columns: process.stdout.isTTY ? process.stdout.columns || 80 : 80,
    errColumns: process.stderr.isTTY ? process.stderr.columns || 80 : 80,
    rows: process.stdout.isTTY ? process.stdout.rows || 24 : undefined,
  };
}

function makeLogger(io: Io, globals: () => GlobalOptions, secrets: Set<string>): Logger {
  // Messages may quote server data (rule violations, URLs): one terminal-safe line each, secrets masked.
  const line = (m: string): string => oneLine(redactAll(m, secrets));
  return {
    warn: (m) => void (globals().quiet || writeErr(io, `gpumkt: warning: ${line(m)}`)),
    info: (m) => void (globals().quiet || writeErr(io, `gpumkt: ${line(m)}`)),
    verbose: (m) => void (globals().verbose && writeErr(io, `gpumkt: ${line(m)}`)),
  };
}

/** Runs the registered cleanups, last first; each is best effort. */
async function runCleanups(cleanups: Array<() => void | Promise<void>>): Promise<void> {
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch {
      // Cleanup is best effort; the run's own outcome is what the user needs to see.
    }
  }
}

/** How the line was read: by commander (its program), or without it (the root flags it gave). */
interface LineRead {
  program?: Command;
  globals?: RawGlobals;
}

/**
 * Reads `argv` and runs its command: a plain line of a data command without declaring anything to
 * commander (src/commands/quick-parse.ts), any other through commander's program, which then handles
 * help, the version and usage errors.
 */
async function runLine(ctx: Context, argv: readonly string[], line: LineRead): Promise<void> {
  const quick = await quickLine(argv);
  if (quick !== undefined) {
    line.globals = quick.globals;
    return runData(ctx, quick.dataset, quick.args, quick.opts);
  }
  const [{ buildProgram, helpOfUnknown }, { commandsFor }, { rewriteApiQueryFlag }] = await Promise.all([
    import('./commands/program.js'),
    import('./commands/index.js'),
    import('./commands/api.js'),
  ]);
  line.program = buildProgram(ctx, await commandsFor(argv));
  await line.program.parseAsync(rewriteApiQueryFlag(helpOfUnknown(argv, line.program)), { from: 'user' });
}

/** Runs the CLI with `argv` (without node and script) and resolves to the exit code. */
export async function main(argv: readonly string[], options: MainOptions = {}): Promise<number> {
  const io = options.io ?? processIo();
  // --version alone is answered before anything else is loaded.
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    io.stdout.write(`gpumkt ${VERSION}\n`);
    return 0;
  }
  const env = options.env ?? process.env;
  const controller = new LightAbortController();
  const cleanups: Array<() => void | Promise<void>> = [];
  const line: LineRead = {};
  // The root program's flags: as the quick reading of a data command's line gave them, else commander's.
  const globals = (): GlobalOptions => readGlobals(line.globals ?? line.program?.opts() ?? {}, env);
  const clock = makeClock(env);
  const secrets = new Set<string>();
  let committed = false;
  const ctx: Context = {
    io,
    env,
    argv,
    ...clock,
    signal: controller.signal,
    log: makeLogger(io, globals, secrets),
    globals,
    onCleanup: (fn) => void cleanups.push(fn),
    secrets,
    committed: () => void (committed = true),
  };
  let signalCount = 0;
  const onSignal = (sig: 'SIGINT' | 'SIGTERM') => {
    signalCount += 1;
    // A second signal while cleaning up means "now": leave at once with the signal's code.
    // Once the output is committed, the file is the new one: the code says so even then.
    if (signalCount > 1) process.exit(committed ? ExitCode.ok : sig === 'SIGINT' ? ExitCode.sigint : ExitCode.sigterm);
    controller.abort(new InterruptedError(sig));
  };
  const sigint = () => onSignal('SIGINT');
  const sigterm = () => onSignal('SIGTERM');
  process.on('SIGINT', sigint).on('SIGTERM', sigterm);
  // A signal that arrives once the output file is in place interrupts nothing the user can see: the
  // run says what happened to the file, success (a failure after the commit still reports itself).
  const interrupted = (): boolean => controller.signal.aborted && !committed;
  try {
    await runLine(ctx, argv, line);
    return interrupted() ? (controller.signal.reason as InterruptedError).exitCode : ExitCode.ok;
  } catch (err) {
    // After the commit, the interrupt itself is no failure.
    if (committed && err instanceof InterruptedError) return ExitCode.ok;
    if (interrupted()) {
      const reason = controller.signal.reason as InterruptedError;
      io.stderr.write(`gpumkt: ${reason.message}\n`);
      return reason.exitCode;
    }
    // Only a run that built the program can have commander's errors; a quick one has not loaded commander.
    const { CommanderError } = line.program === undefined ? { CommanderError: undefined } : await import('commander');
    const commanderError: CommanderErrorOf = (e) => (CommanderError !== undefined && e instanceof CommanderError ? e : undefined);
    // Help and the version are written by commander straight to stdout: a disk that is full says so.
    if (SHOWN.has(commanderError(err)?.code ?? '')) {
      const failure = await stdoutFailure(io.stdout);
      if (failure) return report(failure, ctx, globals().debug, commanderError);
    }
    return report(err, ctx, globals().debug, commanderError);
  } finally {
    await runCleanups(cleanups);
    process.off('SIGINT', sigint).off('SIGTERM', sigterm);
  }
}
