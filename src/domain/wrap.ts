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
