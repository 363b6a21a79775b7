/** JSON for a person at a terminal (as `gh api` prints it): indented two spaces, keys and values coloured. */
import { Chalk } from 'chalk';

/** `value` indented, with colour when `color` (keys blue, strings green, numbers and booleans yellow, null dim). */
export function prettyJson(value: unknown, color: boolean): string {
  const chalk = new Chalk({ level: color ? 1 : 0 });
  const text = JSON.stringify(value, null, 2);
  if (!color) return `${text}\n`;
  // Each token of JSON.stringify's output, recoloured: a string followed by ':' is a key.
  const token = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false)\b|\bnull\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
  return `${text.replace(token, (m, str: string | undefined, colon: string | undefined, bool: string | undefined) => {
    if (str !== undefined) return colon !== undefined ? chalk.blue(str) + colon : chalk.green(str);
    if (bool !== undefined) return chalk.yellow(m);
    return m === 'null' ? chalk.dim(m) : chalk.yellow(m);
  })}\n`;
}
