/**
 * The commands a run declares. The registry itself is src/commands/all.ts (every command, in help
 * order), loaded only when a run needs it: a run whose command word (the first word after the global
 * flags) names a data command declares that command alone, from its own descriptor
 * (src/datasets/loaders.ts). Declaring the other commands, and evaluating their descriptors and
 * modules, costs every request and a known command never needs them: no suggestion, no list. Any
 * other command word (`help`, a typo, another command, none) gets every command.
 */
import type { Context } from '../context.js';
import { loadDataset } from '../datasets/loaders.js';
import { datasetCommand } from './dataset-command.js';
import { commandIndex } from './command-word.js';
import type { CommandMaker } from './all.js';

export type { CommandMaker } from './all.js';

/**
 * The declarations a run with the command line `argv` needs: its command word (after the global
 * flags) names a data command, that command; otherwise, or when help is asked before the command
 * word (`gpumkt -h history` prints the root's help, which lists every command), every command.
 */
export async function commandsFor(argv: readonly string[]): Promise<readonly CommandMaker[]> {
  const at = commandIndex(argv);
  const helpFirst = argv.slice(0, at).some((a) => a === '-h' || a === '--help');
  const ds = helpFirst ? undefined : await loadDataset(argv[at]);
  if (ds !== undefined) return [(ctx: Context) => datasetCommand(ctx, ds)];
  return (await import('./all.js')).COMMANDS;
}

/** Every command's declaration (the generated reference, the help file, the tests). */
export async function allCommands(): Promise<readonly CommandMaker[]> {
  return (await import('./all.js')).COMMANDS;
}
