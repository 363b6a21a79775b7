/**
 * The table's narrow-terminal view: one record per block (as psql's `\x`), for when even a row's key
 * and its value do not fit side by side. Every line fits the width; a value too long for its line
 * continues on the next one rather than being cut.
 */
import { Chalk } from 'chalk';
import { sanitizeForTerminal } from '../../domain/text/sanitize.js';
import { displayWidth } from './display.js';

/** One column as the block view needs it: its name and its cells already as text (null is undefined). */
export interface RecordColumn {
  readonly name: string;
  readonly cells: readonly (string | undefined)[];
}

/** Splits `text` into pieces of at most `size` characters (a value never cut off, only continued). */
function pieces(text: string, size: number): string[] {
  const chars = [...text];
  if (size <= 0 || chars.length <= size) return [text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

/** Renders `rowCount` records, each a `-[ RECORD n ]` rule and one `name | value` line per column. */
export function renderRecords(cols: readonly RecordColumn[], rowCount: number, width: number, color: boolean): string {
  const chalk = new Chalk({ level: color ? 1 : 0 });
  const names = cols.map((c) => sanitizeForTerminal(c.name));
  const nameWidth = Math.min(Math.max(...names.map(displayWidth)), Math.max(8, Math.floor(width / 2)));
  const room = width - nameWidth - 3;
  const lines: string[] = [];
  for (let r = 0; r < rowCount; r++) {
    const title = `-[ RECORD ${r + 1} ]`;
    lines.push(title + '-'.repeat(Math.max(0, Math.min(width, 40) - title.length)));
    cols.forEach((c, i) => {
      const name = names[i] as string;
      const label = name + ' '.repeat(Math.max(0, nameWidth - displayWidth(name)));
      const parts = pieces(c.cells[r] ?? '-', room);
      parts.forEach((p, k) => lines.push(`${k === 0 ? chalk.bold.cyan(label) : ' '.repeat(nameWidth)} | ${p}`.replace(/ +$/, '')));
    });
  }
  return lines.join('\n') + '\n';
}
