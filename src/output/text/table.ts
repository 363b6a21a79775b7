/**
 * Table: an aligned, borderless table for humans. At a terminal it fits the width by leaving out the
 * least important columns (the row's key never), and says so on stderr; cells are never wrapped, and only
 * one longer than CELL_CAP characters is cut (a note says so).
 */
import { Chalk } from 'chalk';
import type { Row } from '../../domain/row.js';
import type { FormatOptions, Formatter } from '../format-types.js';
import { sanitizeForTerminal } from '../../domain/text/sanitize.js';
import { cellText, isNumericColumn } from './values.js';
import { renderRecords } from './table-records.js';
import { columnDecimals, displayWidth, fixedNumber, formatTime, groupDigits, groupsDigits, timeStyle } from './display.js';

// Kept importable from here; it lives in values.ts so that code needing only the number rule does not
// load chalk.
export { displayNumber } from './values.js';

const GAP = '  ';

/**
 * The longest cell the table shows, in characters: a longer one is cut to this (its last character
 * `…`) and a note says so. A server string of megabytes would otherwise widen every line of its column
 * to megabytes; the machine formats (-f csv, json, …) always carry the whole value.
 */
export const CELL_CAP = 1000;

/** `text` cut to CELL_CAP characters (never inside a surrogate pair); `cut` counts the cells cut. */
function capCell(text: string, cut: { count: number }): string {
  if (text.length <= CELL_CAP) return text;
  cut.count += 1;
  let end = CELL_CAP - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** `line` without its trailing spaces, in time linear in their number (a `/ +$/` restarts at every space). */
function trimSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line.charCodeAt(end - 1) === 0x20) end -= 1;
  return end === line.length ? line : line.slice(0, end);
}

// Lines per chunk the table yields: the writer hands each on (and lets signals in) before the next.
const CHUNK_LINES = 500;

/** One column, its cells already text (null is undefined). */
interface Column {
  readonly name: string;
  readonly numeric: boolean;
  readonly cells: readonly (string | undefined)[];
  readonly width: number;
}

/** The cells of `name` as shown: numbers with one decimal count, timestamps without empty parts. */
function buildColumn(rows: readonly Row[], name: string, nullWidth: number, cut: { count: number }): Column {
  const numeric = isNumericColumn(rows, name);
  const values = rows.map((r) => r[name]);
  let cells: (string | undefined)[];
  if (numeric) {
    const numbers = values.filter((v): v is number => typeof v === 'number');
    const decimals = columnDecimals(numbers);
    const group = groupsDigits(name, numbers) ? groupDigits : (s: string) => s;
    cells = values.map((v) => (typeof v === 'number' ? group(fixedNumber(v, decimals)) : undefined));
  } else {
    const style = timeStyle(values);
    cells = values.map((v) => {
      if (v === null || v === undefined) return undefined;
      return sanitizeForTerminal(capCell(style && typeof v === 'string' ? formatTime(v, style) : cellText(v), cut));
    });
  }
  const header = displayWidth(sanitizeForTerminal(name));
  const width = Math.max(header, ...cells.map((c) => (c === undefined ? nullWidth : displayWidth(c))));
  return { name, numeric, cells, width };
}

/**
 * The columns kept to fit `avail` cells: keys always; the others left out least important first
 * (`priority` lists the important ones first; unlisted columns count least, the last one first;
 * `empty` ones, with no value in any row, go before all of them).
 */
export function fitColumns(
  cols: readonly { name: string; width: number }[],
  keys: readonly string[],
  priority: readonly string[],
  avail: number,
  together: readonly (readonly string[])[] = [],
  empty: readonly string[] = [],
): string[] {
  const total = (list: readonly { width: number }[]): number =>
    list.reduce((a, c) => a + c.width, 0) + GAP.length * Math.max(0, list.length - 1);
  const rank = (name: string, i: number): number => {
    if (empty.includes(name)) return priority.length + cols.length + i;
    const p = priority.indexOf(name);
    return p >= 0 ? p : priority.length + i;
  };
  let kept = [...cols];
  const droppable = cols
    .map((c, i) => ({ c, r: rank(c.name, i) }))
    .filter(({ c }) => !keys.includes(c.name))
    .sort((a, b) => b.r - a.r);
  for (const { c } of droppable) {
    if (total(kept) <= avail) break;
    // A column's group goes with it (keys never do).
    const group = together.find((g) => g.includes(c.name)) ?? [c.name];
    kept = kept.filter((k) => k !== c && !(group.includes(k.name) && !keys.includes(k.name)));
  }
  return kept.map((c) => c.name);
}

/** Below this many columns a terminal is narrow: columns empty in every row are left out. */
export const NARROW = 80;

// The note goes out as `gpumkt: <note>`: it too must fit the terminal.
const NOTE_PREFIX = 'gpumkt: '.length;

/**
 * The note about hidden columns: with their names when the line still fits `width`. Columns the user
 * named (`--columns`: `named`) are always named, on as many lines as it takes: never hidden silently.
 */
export function noticeText(left: readonly string[], width: number, named = false): string {
  const n = `${left.length} column${left.length === 1 ? '' : 's'}`;
  const see = '(-f csv shows all)';
  const names = left.join(', ');
  const forms = [
    `${n} hidden to fit ${width} columns: ${names} ${see}`,
    `${n} hidden: ${names} ${see}`,
    `${n} hidden to fit ${width} columns ${see}`,
  ];
  return forms.find((f) => NOTE_PREFIX + displayWidth(f) <= width) ?? ((named ? forms[1] : forms[2]) as string);
}

/** Renders the kept columns: numbers right-aligned (one decimal count each, so points line up); CHUNK_LINES lines a chunk. */
function* render(cols: readonly Column[], opts: FormatOptions, rowCount: number): Generator<string> {
  const chalk = new Chalk({ level: opts.color ? 1 : 0 });
  const nullText = opts.color ? chalk.dim('—') : '-';
  const pad = (text: string, shown: number, col: Column): string => {
    const fill = ' '.repeat(Math.max(0, col.width - shown));
    return col.numeric ? fill + text : text + fill;
  };
  // Left-aligned last columns are padded with spaces; trailing blanks only get in the way of copying.
  let lines: string[] = [];
  lines.push(cols.map((c) => pad(chalk.bold.cyan(sanitizeForTerminal(c.name)), displayWidth(sanitizeForTerminal(c.name)), c)).join(GAP));
  lines.push(cols.map((c) => (opts.color ? '─' : '-').repeat(c.width)).join(GAP));
  for (let r = 0; r < rowCount; r++) {
    if (lines.length >= CHUNK_LINES) {
      yield lines.map(trimSpaces).join('\n') + '\n';
      lines = [];
    }
    lines.push(
      cols
        .map((c) => {
          const cell = c.cells[r];
          return cell === undefined ? pad(nullText, 1, c) : pad(cell, displayWidth(cell), c);
        })
        .join(GAP),
    );
  }
  yield lines.map(trimSpaces).join('\n') + '\n';
}

/** The table format: numbers right-aligned, null as `-` (a dim `—` in colour), `(no rows)` when empty. */
export const formatter: Formatter = {
  name: 'table',
  description: 'an aligned table for reading at a terminal (fits the width; numbers rounded for display)',
  streaming: false,
  *format(rows, opts) {
    const list = Array.from(rows);
    if (list.length === 0) {
      yield '(no rows)\n';
      return;
    }
    const cut = { count: 0 };
    let cols = opts.columns.map((c) => buildColumn(list, c, 1, cut));
    if (cut.count > 0)
      opts.notice?.(
        `${cut.count} cell${cut.count === 1 ? '' : 's'} longer than ${CELL_CAP} characters cut (-f csv shows ${cut.count === 1 ? 'it' : 'them'} whole)`,
      );
    if (opts.fit === true && Number.isFinite(opts.width)) {
      // The key, then the value: when even these do not fit side by side, one record per block.
      const value = (opts.priority ?? []).find((p) => cols.some((c) => c.name === p));
      const keys = [...(opts.keys ?? opts.columns.slice(0, 1)), ...(value === undefined ? [] : [value])];
      const needed = cols.filter((c) => keys.includes(c.name));
      if (needed.reduce((a, c) => a + c.width, 0) + GAP.length * Math.max(0, needed.length - 1) > opts.width) {
        yield renderRecords(cols, list.length, opts.width, opts.color);
        return;
      }
      // A column with no value in any row (an empty region) is the first to give way, and on a narrow
      // terminal it goes whether or not the rest fits (unless named with --columns).
      const empty = cols
        .filter((c) => !keys.includes(c.name) && c.cells.every((cell) => cell === undefined || cell === ''))
        .map((c) => c.name);
      if (opts.width < NARROW && !opts.selected && empty.length > 0) {
        opts.notice?.(`empty in every row, not shown: ${empty.join(', ')} (-f csv shows all)`);
        cols = cols.filter((c) => !empty.includes(c.name));
      }
      const kept = fitColumns(cols, keys, opts.priority ?? [], opts.width, opts.together, empty);
      if (kept.length < cols.length) {
        opts.notice?.(
          noticeText(
            cols.filter((c) => !kept.includes(c.name)).map((c) => c.name),
            opts.width,
            opts.selected,
          ),
        );
        cols = cols.filter((c) => kept.includes(c.name));
      }
    }
    yield* render(cols, opts, list.length);
  },
};
