/** Markdown: a GitHub-flavoured pipe table, for pasting into issues, PRs and docs. */
import type { Formatter } from '../format-types.js';
import { sanitizeForTerminal } from '../../domain/text/sanitize.js';
import { cellText, isNumericColumn } from './values.js';

// `|` would end the cell and `\` could escape our own `\|`, so both are backslash-escaped; GFM renders
// `\\` and `\|` as the plain characters, so the rendered text is exactly the value.
const MD_SPECIAL = /[\\|]/g;

/** One markdown cell: terminal-safe, one line (sanitize turns CR/LF/TAB into spaces), pipes escaped. */
export function markdownCell(v: unknown): string {
  return sanitizeForTerminal(cellText(v)).replace(MD_SPECIAL, '\\$&');
}

/** The markdown format. Never coloured: its text is meant to be pasted and rendered elsewhere. */
export const formatter: Formatter = {
  name: 'markdown',
  description: 'a GitHub-flavoured Markdown table',
  // Alignment depends on every value of a column, so the whole result is needed first.
  streaming: false,
  *format(rows, opts) {
    const list = Array.from(rows);
    const cols = opts.columns;
    const line = (cells: readonly string[]): string => '| ' + cells.join(' | ') + ' |\n';
    let out = line(cols.map(markdownCell));
    out += line(cols.map((c) => (isNumericColumn(list, c) ? '---:' : '---')));
    for (const row of list) out += line(cols.map((c) => markdownCell(row[c])));
    yield out;
  },
};
