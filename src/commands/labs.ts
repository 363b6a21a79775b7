/**
 * `gpumkt labs`: the AI labs of the token-price index (the `lab` values of token-prices), id and label,
 * tab-separated; `--free` the four the service serves without a key; `--live` asks the service's own
 * catalogue (GET /api/token-types, or /api/token-types-free with --free) instead of the built-in list.
 */
import { Command } from 'commander';
import type { Context } from '../context.js';
import { FREE_LABS, LABS, type Lab } from '../domain/catalogues/labs.js';
import { addListOptions, printList, type ListFlags } from './list-output.js';

/** Declares the labs command. */
export default function labsCommand(ctx: Context): Command {
  const cmd = new Command('labs')
    .description('list the AI labs of the token-price index (lab, label), tab-separated; --live asks the service')
    .option('--free', 'only the labs the service serves without a key (trailing month)')
    .option('--live', "the service's own catalogue (GET /api/token-types, -free with --free) instead of the built-in list");
  return addListOptions(cmd)
    .addHelpText(
      'after',
      '\nExamples:\n  $ gpumkt labs\n  $ gpumkt labs --free -f csv\n  $ gpumkt labs --live | cut -f1\n  $ gpumkt token-prices $(gpumkt labs --free | cut -f1) --from 7d',
    )
    .action(async (flags: ListFlags & { free?: boolean; live?: boolean }) => {
      let labs: readonly Lab[] = LABS.filter((l) => !flags.free || FREE_LABS.includes(l.lab));
      if (flags.live) {
        const { liveLabs } = await import('../run/one-shot/catalog-live.js');
        const live = await liveLabs(ctx, flags.free === true);
        if (!live) return;
        labs = live;
      }
      const rows = labs.map((l) => ({ lab: l.lab, label: l.label }));
      await printList(ctx, rows, ['lab', 'label'], flags, () => rows.map((l) => `${l.lab}\t${l.label}\n`).join(''));
    });
}
