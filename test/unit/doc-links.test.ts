/**
 * Links between the pages hold: every relative link of README.md, CONTRIBUTING.md and docs/**.md
 * names a file or folder of the repository, and every #anchor (on the same page or another) names a
 * heading of that page, as GitHub makes its anchors. Links inside code are not links.
 */
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docPages, readDoc, ROOT } from '../helpers/docs.js';

/** The text of a page without fenced code blocks and inline code spans. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a page's headings (a repeated heading gets -1, -2, … as on GitHub). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading as string);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The relative links of a page: [page, target path relative to the root ('' for itself), anchor]. */
function links(page: string): Array<{ target: string; anchor: string | undefined; raw: string }> {
  const out = [];
  for (const [, raw] of prose(readDoc(page)).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const link = raw as string;
    if (/^[a-z]+:/i.test(link)) continue;
    const [path, anchor] = link.split('#') as [string, string | undefined];
    out.push({ target: path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path))), anchor, raw: link });
  }
  return out;
}

describe('links between the pages', () => {
  const pages = docPages();

  it('finds the pages and their links', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/cron.md', 'docs/commands/history.md']));
    expect(pages.flatMap(links).length).toBeGreaterThan(50);
  });

  it.each(pages)('%s: every relative link and anchor resolves', (page) => {
    for (const { target, anchor, raw } of links(page)) {
      expect(existsSync(join(ROOT, target)), `${page}: (${raw}) names no file`).toBe(true);
      if (anchor === undefined) continue;
      expect(target.endsWith('.md'), `${page}: (${raw}) has an anchor into a file that is not a page`).toBe(true);
      expect([...anchors(readDoc(target))], `${page}: (${raw}) names no heading of ${target}`).toContain(anchor);
    }
  });

  it('a broken link and a dead anchor would be found', () => {
    expect(anchors('# Cron exports\n## Atomic `-o`, signals and exit codes\n## Bounds\n## Bounds\n')).toEqual(
      new Set(['cron-exports', 'atomic--o-signals-and-exit-codes', 'bounds', 'bounds-1']),
    );
    expect(prose('see [a](#x) and `[b](#y)`\n```\n[c](#z)\n```\n')).not.toMatch(/#y|#z/);
  });
});
