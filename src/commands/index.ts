/**
 * The commands a run declares. The registry itself is src/commands/all.ts (every command, in help
 * order), loaded only when a run needs it: a run whose first word names a data command declares that
 * command alone, from its own descriptor (src/datasets/loaders.ts). Declaring the other commands, and
 * evaluating their descriptors and modules, costs every request and a known command never needs them:
 * no suggestion, no list. Any other first word (a flag, `help`, a typo, another command) gets every
 * command.
 */
import type { Context } from '../context.js';
import { loadDataset } from '../datasets/loaders.js';
import { datasetCommand } from './dataset-command.js';
import type { CommandMaker } from './all.js';

export type { CommandMaker } from './all.js';

/** The declarations a run whose first word is `first` needs. */
export async function commandsFor(first: string | undefined): Promise<readonly CommandMaker[]> {
  const ds = await loadDataset(first);
  if (ds !== undefined) return [(ctx: Context) => datasetCommand(ctx, ds)];
  return (await import('./all.js')).COMMANDS;
}

/** Every command's declaration (the generated reference, the help file, the tests). */
export async function allCommands(): Promise<readonly CommandMaker[]> {
  return (await import('./all.js')).COMMANDS;
}
