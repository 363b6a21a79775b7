/** Shell completion scripts generated from the commander program: `renderCompletion('bash', program)`. */
import type { Command } from 'commander';
import { renderBash } from './bash.js';
import { renderFish } from './fish.js';
import { renderZsh } from './zsh.js';
import { describeProgram } from './spec.js';

/** The shells gpumkt writes completion scripts for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** One supported shell. */
export type Shell = (typeof SHELLS)[number];

/** Where each script is committed in the source tree (completions/), by shell. */
export const SCRIPT_FILES: Readonly<Record<Shell, string>> = { bash: 'gpumkt.bash', zsh: '_gpumkt', fish: 'gpumkt.fish' };

/** The completion script for `shell`, generated from the program's commands, flags and choices. */
export function renderCompletion(shell: Shell, program: Command): string {
  const spec = describeProgram(program);
  switch (shell) {
    case 'bash':
      return renderBash(spec);
    case 'zsh':
      return renderZsh(spec);
    case 'fish':
      return renderFish(spec);
  }
}
