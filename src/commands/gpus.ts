/** `gpumkt gpus`: the six GPU models and the aliases the CLI accepts for them; --live asks the service's catalogue. */
import { Command } from 'commander';
import type { Context } from '../context.js';
import { GPU_ALIASES, GPU_MODELS } from '../domain/gpus.js';

/** Declares the gpus command: one model per line, so `gpumkt gpus | while read m; do ...` works. */
export default function gpusCommand(ctx: Context): Command {
  return new Command('gpus')
    .description('list the GPU models (one per line); --aliases adds the short names accepted; --live asks the service')
    .option('--aliases', 'show each model with its aliases, tab-separated')
    .option('--live', "the service's own catalogue (GET /api/gpu-types) instead of the built-in list")
    .addHelpText('after', '\nExamples:\n  $ gpumkt gpus\n  $ gpumkt gpus --aliases\n  $ gpumkt gpus --live')
    .action(async (flags: { aliases?: boolean; live?: boolean }) => {
      let models: readonly string[] = GPU_MODELS;
      if (flags.live) {
        const { liveGpuNames } = await import('../run/catalog-live.js');
        const live = await liveGpuNames(ctx);
        if (!live) return;
        models = live;
      }
      const lines = models.map((m) => {
        if (!flags.aliases) return m;
        const aliases = Object.entries(GPU_ALIASES).filter(([, v]) => v === m).map(([k]) => k);
        return `${m}\t${aliases.join(',')}`;
      });
      ctx.io.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
    });
}
