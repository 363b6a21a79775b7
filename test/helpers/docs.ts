/** The project's documentation as tests read it: README.md, CONTRIBUTING.md and every page under docs/. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** Every Markdown page of the documentation, as paths relative to the root (README.md first). */
export function docPages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md'))
    .sort();
  return ['README.md', ...(existsSync(join(ROOT, 'CONTRIBUTING.md')) ? ['CONTRIBUTING.md'] : []), ...docs.map((f) => `docs/${f}`)];
}

/** The text of a page, by its path relative to the root. */
export function readDoc(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}
