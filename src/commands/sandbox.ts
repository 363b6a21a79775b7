/** `gpumkt sandbox`: serve the built-in sandbox API in the foreground until Ctrl-C. */
import { Command } from 'commander';
import type { Context } from '../context.js';
import { parsePort } from './parse.js';

/** Declares the sandbox command. */
export default function sandboxCommand(ctx: Context): Command {
  return new Command('sandbox')
    .description('serve the built-in sandbox API (synthetic data) on loopback until Ctrl-C')
    .option('--port <n>', 'port to listen on (0 picks a free one)', parsePort, 8787)
    .option('--host <address>', 'address to bind (loopback unless told otherwise)', '127.0.0.1')
    .addHelpText(
      'after',
      '\nExamples:\n  $ gpumkt sandbox --port 8787\n  $ GPUMKT_BASE_URL=http://127.0.0.1:8787 GPUMKT_API_KEY=<printed key> gpumkt util-index',
    )
    .action(async (flags: { port: number; host: string }) => {
      const { serveSandbox } = await import('../sandbox/serve.js');
      const today = ctx.env.GPUMKT_TODAY ? ctx.today() : undefined;
      await serveSandbox({ port: flags.port, host: flags.host, today }, ctx.io, ctx.signal);
    });
}
