/** The chart's markers and its legend (chart.ts): one marker per series, and what each stands for. */
import { sanitizeForTerminal } from '../../domain/text/sanitize.js';

/** Markers by series, in legend order; they repeat after eight series ('+' is the axes' tick, so never a marker). */
export const MARKERS = ['*', 'o', 'x', '#', '@', '%', '&', '='] as const;

/** The legend: as many entries a line as fit the width; with `gap`, what that glyph means last. */
export function legend(labels: readonly string[], width: number, paint: (text: string, s: number) => string, gap?: string): string[] {
  const lines: string[] = [];
  let line = '';
  let visible = 0;
  const entries = labels.map((label, s) => [MARKERS[s % MARKERS.length] as string, sanitizeForTerminal(label), s] as const);
  if (gap !== undefined) entries.push([gap, 'no value there (a gap in the data)', -1] as const);
  entries.forEach(([marker, name, s]) => {
    const entryWidth = 2 + name.length;
    if (visible > 0 && visible + 3 + entryWidth > width) {
      lines.push(line);
      line = '';
      visible = 0;
    }
    const sep = visible > 0 ? '   ' : '';
    line += `${sep}${paint(marker, s)} ${name}`;
    visible += sep.length + entryWidth;
  });
  if (line) lines.push(line);
  return lines;
}
