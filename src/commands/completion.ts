/** `gpumkt completion bash|zsh|fish`: print the shell completion script, generated from this program. */
import { Argument, Command } from 'commander';
import type { Context } from '../context.js';

/** Declares the completion command. */
export default function completionCommand(ctx: Context): Command {
  const cmd = new Command('completion');
  // Without a shell, name the three it may be (commander would only say the argument is missing).
  // (missingArgument is commander's hook for this, public in its JavaScript but not in its typings.)
  (cmd as unknown as { missingArgument: () => never }).missingArgument = () =>
    cmd.error('error: completion needs a shell: bash, zsh or fish (e.g. gpumkt completion bash)', {
      code: 'commander.missingArgument',
      exitCode: 2,
    });
  return cmd
    .description('print the completion script for bash, zsh or fish (see docs/completions.md)')
    .addArgument(new Argument('<shell>', 'the shell').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ gpumkt completion bash > ~/.local/share/bash-completion/completions/gpumkt',
        '  $ gpumkt completion zsh > ~/.zfunc/_gpumkt         # with fpath=(~/.zfunc $fpath) before compinit',
        '  $ gpumkt completion fish > ~/.config/fish/completions/gpumkt.fish',
        '  $ source <(gpumkt completion bash)               # this bash session only',
      ].join('\n'),
    )
    .action(async (shell: 'bash' | 'zsh' | 'fish', _flags: unknown, cmd: Command) => {
      const { renderCompletion } = await import('../completion/index.js');
      // The script describes the whole program this command belongs to, so it never drifts from it.
      const root = cmd.parent ?? cmd;
      ctx.io.stdout.write(renderCompletion(shell, root));
    });
}
