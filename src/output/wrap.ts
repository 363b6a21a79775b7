/** Wrapping of stderr messages at word boundaries, so a notice never runs past the terminal's edge. */

/**
 * `text` as lines of at most `width` characters, broken at spaces; continuation lines are indented by
 * `indent` spaces (so they read as one message). A word longer than a line (a URL, a path) stays whole.
 */
export function wrapWords(text: string, width: number, indent = 2): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (word === '') continue;
    const pad = lines.length === 0 ? '' : ' '.repeat(indent);
    const candidate = line === '' ? pad + word : `${line} ${word}`;
    if (line !== '' && [...candidate].length > width) {
      lines.push(line);
      line = ' '.repeat(indent) + word;
    } else {
      line = candidate;
    }
  }
  if (line !== '') lines.push(line);
  return lines.length === 0 ? [''] : lines;
}

/**
 * Lines of a `label    value` report fitted to `width`: a line that fits is kept as it is; a longer one
 * wraps at spaces with its continuation under the value column (`valueColumn` cells in), so the
 * labels stay readable on a narrow terminal.
 */
export function wrapReport(text: string, width: number, valueColumn: number): string {
  const fit = (line: string): string[] => {
    if ([...line].length <= width) return [line];
    // The label (or the indent of a line under a value) stays; the value wraps in what is left.
    const lead = /^ */.exec(line)?.[0].length ?? 0;
    const head = lead > 0 ? lead : valueColumn;
    const more = lead >= valueColumn ? 2 : 0;
    const value = wrapWords(line.slice(head).trimStart(), Math.max(10, width - head), more);
    return value.map((l, i) => (i === 0 ? line.slice(0, head) : ' '.repeat(head)) + l);
  };
  const lines = text.split('\n');
  return lines.flatMap((line, i) => (i === lines.length - 1 && line === '' ? [line] : fit(line))).join('\n');
}
