/**
 * The widest help text: help wraps at the terminal's width up to this many columns. Wider terminals get
 * the same text as a pipe, so the text rendered at build time (dist/help.json, served by bin/) is the
 * text commander would print.
 */
export const HELP_WIDTH = 80;

/**
 * The narrowest description column help keeps beside its terms: at 60 columns the options and
 * commands stay two columns; narrower still, each description follows its term, wrapped.
 */
export const HELP_MIN_DESCRIPTION = 20;

/**
 * Help text with every line wider than `width` wrapped at word boundaries, continuing at the line's own
 * indentation: commander wraps its option and command columns, not the free text added after them.
 */
export function wrapHelpText(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => (line.length <= width ? line : wrapLine(line, width)))
    .join('\n');
}

function wrapLine(line: string, width: number): string {
  const indent = /^ */.exec(line)?.[0] ?? '';
  const out: string[] = [];
  let current = '';
  for (const word of line.slice(indent.length).split(/ +/)) {
    if (current !== '' && indent.length + current.length + 1 + word.length > width) {
      out.push(indent + current);
      current = word;
    } else {
      current = current === '' ? word : `${current} ${word}`;
    }
  }
  out.push(indent + current);
  return out.join('\n');
}
