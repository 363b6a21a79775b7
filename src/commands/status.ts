/** `gpumkt status`: service health, base URL, where the key comes from and its plan; never the key (src/run/one-shot/status.ts). */
import { Command } from 'commander';
import type { Context } from '../context.js';
import { hasOwnExitCodes } from './help/help-text.js';
import { formatOption } from './options.js';

/** Declares the status command. */
export default function statusCommand(ctx: Context): Command {
  return hasOwnExitCodes(new Command('status'))
    .description('is the service healthy, is a key configured (where from, which plan); never prints the key')
    .addOption(formatOption('text, or json for scripts', ['text', 'json']).default('text'))
    .addHelpText(
      'after',
      '\nExamples:\n  $ gpumkt status\n  $ gpumkt status -f json\n  $ gpumkt status --sandbox\n\nExit codes:\n  0 healthy and the key accepted    3 no key, or the key refused\n  5 the service unreachable or unhealthy    6 /health answered with no JSON',
    )
    .action(async (flags: { format?: 'text' | 'json' }) => {
      const { runStatus } = await import('../run/one-shot/status.js');
      await runStatus(ctx, flags);
    });
}
