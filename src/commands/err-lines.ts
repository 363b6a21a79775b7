/** How a message is laid out on stderr, for commander's errors (program.ts) and gpumkt's own (cli.ts). */
import type { Io } from '../context.js';
import { wrapWords } from '../output/wrap.js';

/** A message as stderr shows it: wrapped at the terminal's width at a terminal, else one line. */
export function errLines(io: Io, message: string): string {
  return io.stderrIsTTY ? wrapWords(message, io.errColumns ?? 80).join('\n') : message;
}
