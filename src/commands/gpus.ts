/** `gpumkt gpus`: the six GPU models and the aliases the CLI accepts for them; --live asks the service's catalogue, --free its no-key list. */
import { Command } from 'commander';
import type { Context } from '../context.js';
import { GPU_ALIASES, GPU_MODELS } from '../domain/catalogues/gpus.js';
import { addListOptions, printList, type ListFlags } from './list-output.js';

/** Declares the gpus command: one model per line, so `gpumkt gpus | while read m; do ...` works. */
export default function gpusCommand(ctx: Context): Command {
  const cmd = new Command('gpus')
    .description(
      'list the GPU models (one per line); --aliases adds the short names accepted; --live asks the service, --free its no-key models',
    )
    .option('--aliases', 'show each model with its aliases, tab-separated (a column with -f)')
    .option('--live', "the service's own catalogue (GET /api/gpu-types) instead of the built-in list")
    .option('--free', 'only the models the service serves without a key (GET /api/gpu-types-free)');
  return addListOptions(cmd)
    .addHelpText(
      'after',
      '\nExamples:\n  $ gpumkt gpus\n  $ gpumkt gpus --aliases -f csv\n  $ gpumkt gpus --live\n  $ gpumkt gpus --free\n  $ gpumkt gpus | while read -r m; do gpumkt history "$m" -o "$m.csv"; done',
    )
    .action(async (flags: ListFlags & { aliases?: boolean; live?: boolean; free?: boolean }) => {
      let models: readonly string[] = GPU_MODELS;
      if (flags.live || flags.free) {
        const { liveGpuNames } = await import('../run/one-shot/catalog-live.js');
        const live = await liveGpuNames(ctx, flags.free === true);
        if (!live) return;
        models = live;
      }
      const aliasesOf = (m: string): string =>
        Object.entries(GPU_ALIASES)
          .filter(([, v]) => v === m)
          .map(([k]) => k)
          .join(',');
      const rows = models.map((m) => ({ model: m, aliases: aliasesOf(m) }));
      const columns = flags.aliases ? ['model', 'aliases'] : ['model'];
      await printList(ctx, rows, columns, flags, () =>
        rows.map((r) => (flags.aliases ? `${r.model}\t${r.aliases}\n` : `${r.model}\n`)).join(''),
      );
    });
}
