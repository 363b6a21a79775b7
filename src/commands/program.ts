/**
 * The root program: gpumkt's global options, the commands given (every command of the registry, or
 * only the one being run when argv names it: src/commands/index.ts), the help texts around them, and commander's output and errors routed through
 * the run's Io (one line on stderr, help wrapped to the terminal). src/cli.ts runs it.
 */
import { Command } from 'commander';
import type { Context, Io } from '../context.js';
import { VERSION } from '../version.js';
import { errLines } from './err-lines.js';
import type { CommandMaker } from './index.js';
import { exitCodesFor } from './help/help-text.js';
import { GLOBAL_FLAGS } from './flags.js';
import { addFlags } from './options.js';
export { errLines } from './err-lines.js';
import { HELP_MIN_DESCRIPTION, HELP_WIDTH, wrapHelpText } from './help/help-width.js';

/** Builds the root program with its global options and `commands` (commandsFor, allCommands: src/commands/index.ts). */
export function buildProgram(ctx: Context, commands: readonly CommandMaker[]): Command {
  const program = new Command('gpumkt')
    .description('Query and export GPU-compute market data: utilization index, price-index series, market utilization, memory spot prices.')
    .version(`gpumkt ${VERSION}`, '-V, --version', 'print the version')
    .showSuggestionAfterError(true);
  addFlags(program, GLOBAL_FLAGS);
  for (const make of commands) program.addCommand(make(ctx));
  program.addHelpText(
    'after',
    `\nExamples:\n  $ gpumkt util-index --sandbox\n  $ gpumkt history h100 --from 3m -f csv -o h100.csv\n  $ gpumkt memory --category dram -f json\n\nGlobal flags go before or after the command. Docs: README.md.`,
  );
  // Every command's help ends with the exit codes, once, including commands added later.
  program.addHelpText('afterAll', ({ command }) => exitCodesFor(command));
  configureTree(program, ctx.io);
  return program;
}

/** Applies error handling to every command: children added with addCommand inherit nothing. */
function configureTree(cmd: Command, io: Io): void {
  // Two columns down to 20 columns of description (commander gives up at 40: at 60 columns the whole
  // help then ran down the left edge, see help-width.ts).
  cmd.configureHelp({ minWidthToWrap: HELP_MIN_DESCRIPTION });
  cmd.exitOverride().configureOutput({
    writeOut: (s) => void io.stdout.write(wrapHelpText(s, Math.min(io.columns, HELP_WIDTH))),
    // Help on stderr (bare `gpumkt config`) wraps at the words too, at a terminal's own width.
    writeErr: (s) => void io.stderr.write(io.stderrIsTTY ? wrapHelpText(s, Math.min(io.errColumns ?? 80, HELP_WIDTH)) : s),
    outputError: (s, write) => write(`${errLines(io, `gpumkt: ${s.trim().replace(/\s*\n\s*/g, ' ')}`)}\n`),
    getOutHelpWidth: () => Math.min(io.columns, HELP_WIDTH),
    getErrHelpWidth: () => Math.min(io.errColumns ?? 80, HELP_WIDTH),
  });
  for (const sub of cmd.commands) configureTree(sub, io);
}

/**
 * `help histroy` is the same mistake as `histroy`: commander would print the top-level help and exit 0;
 * without `help` the unknown command gets its "did you mean" and exit 2.
 */
export function helpOfUnknown(argv: readonly string[], program: Command): readonly string[] {
  const [first, name] = argv;
  if (first !== 'help' || name === undefined || name.startsWith('-')) return argv;
  const known = program.commands.some((c) => c.name() === name || c.aliases().includes(name));
  return known ? argv : argv.slice(1);
}
