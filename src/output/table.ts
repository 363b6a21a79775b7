/** Table: an aligned, borderless table for humans at a terminal. */
import { Chalk } from 'chalk';
import Table from 'cli-table3';
import type { Row } from '../domain/row.js';
import type { Formatter } from './format-types.js';
import { sanitizeForTerminal } from '../domain/sanitize.js';
import { cellText, displayNumber, isNumericColumn } from './values.js';

// Kept importable from here; it lives in values.ts so that code needing only the number rule does not
// load cli-table3 and chalk.
export { displayNumber } from './values.js';

const GAP = '  ';
// A text column is never squeezed below this when fitting the terminal.
const MIN_TEXT_WIDTH = 8;

type Cell = string | { content: string; hAlign: 'right' };

/**
 * The widths that fit `avail` columns: the largest common cap c with Σ clamp(c, min, natural) ≤ avail,
 * so narrow columns keep their width and only the widest ones wrap. null = natural width.
 */
export function fitWidths(natural: readonly number[], min: readonly number[], avail: number): (number | null)[] {
  const width = (c: number): number[] => natural.map((w, i) => Math.min(w, Math.max(c, min[i] ?? 1)));
  const total = (c: number): number => width(c).reduce((a, b) => a + b, 0);
  let lo = 0;
  let hi = Math.max(0, ...natural);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (total(mid) <= avail) lo = mid;
    else hi = mid - 1;
  }
  return width(lo).map((w, i) => (w < (natural[i] ?? 0) ? w : null));
}

/** The table format: numbers right-aligned, null as `-` (a dim `—` in colour), `(no rows)` when empty. */
export const formatter: Formatter = {
  name: 'table',
  description: 'an aligned table for reading at a terminal (may round long fractions)',
  streaming: false,
  *format(rows, opts) {
    const list = Array.from(rows);
    if (list.length === 0) {
      yield '(no rows)\n';
      return;
    }
    // An explicit level: colour is the caller's decision (--no-color, NO_COLOR, TTY), never chalk's.
    const chalk = new Chalk({ level: opts.color ? 1 : 0 });
    const cols = opts.columns;
    const nullText = opts.color ? chalk.dim('—') : '-';
    const numeric = cols.map((c) => isNumericColumn(list, c));
    const valueWidth = cols.map(() => 0);
    const body: Cell[][] = list.map((row) =>
      cols.map((c, i) => {
        const v = row[c];
        if (v === null || v === undefined) return nullText;
        if (typeof v !== 'number') return sanitizeForTerminal(cellText(v));
        const text = displayNumber(v);
        valueWidth[i] = Math.max(valueWidth[i] ?? 0, text.length);
        return { content: text, hAlign: 'right' };
      }),
    );
    const head = cols.map((c) => chalk.bold.cyan(sanitizeForTerminal(c)));
    const colAligns = numeric.map((n) => (n ? 'right' : 'left') as 'right' | 'left');
    const rule = opts.color ? '─' : '-';
    const render = (colWidths: (number | null)[]): { text: string; widths: (number | null)[] } => {
      const table = new Table({
        head,
        colAligns,
        colWidths,
        wordWrap: true,
        // Borderless, with one rule under the header (compact draws only that inner line).
        chars: {
          top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
          bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
          left: '', 'left-mid': '', right: '', 'right-mid': '',
          mid: rule, 'mid-mid': GAP, middle: GAP,
        },
        // Empty head/border styles: cli-table3 would otherwise colour via @colors on its own.
        style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
      });
      for (const r of body) table.push(r);
      const text = table.toString();
      return { text, widths: table.options.colWidths };
    };
    let { text, widths } = render([]);
    const natural = widths.map((w) => w ?? 0);
    const avail = opts.width - GAP.length * (cols.length - 1);
    if (natural.reduce((a, b) => a + b, 0) > avail) {
      // Headers (short API field names) and numbers never wrap; long text does.
      const min = natural.map((w, i) =>
        Math.max(cols[i]?.length ?? 0, numeric[i] === true ? (valueWidth[i] ?? 0) : Math.min(w, MIN_TEXT_WIDTH)),
      );
      text = render(fitWidths(natural, min, avail)).text;
    }
    // Left-aligned last columns are padded with spaces; trailing blanks only get in the way of copying.
    yield text.replace(/ +$/gm, '') + '\n';
  },
};
