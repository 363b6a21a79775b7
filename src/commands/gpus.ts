/** `gpumkt gpus`: the six GPU models and the aliases the CLI accepts for them. */
import { Command } from 'commander';
import type { Context } from '../context.js';
import { GPU_ALIASES, GPU_MODELS } from '../domain/gpus.js';

/** Declares the gpus command: one model per line, so `gpumkt gpus | while read m; do ...` works. */
export default function gpusCommand(ctx: Context): Command {
  return new Command('gpus')
    .description('list the GPU models (one per line); --aliases adds the short names accepted')
    .option('--aliases', 'show each model with its aliases, tab-separated')
    .action((flags: { aliases?: boolean }) => {
      const lines = GPU_MODELS.map((m) => {
        if (!flags.aliases) return m;
        const aliases = Object.entries(GPU_ALIASES).filter(([, v]) => v === m).map(([k]) => k);
        return `${m}\t${aliases.join(',')}`;
      });
      ctx.io.stdout.write(`${lines.join('\n')}\n`);
    });
}
