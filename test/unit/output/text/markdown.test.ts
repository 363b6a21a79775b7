import { describe, expect, it } from 'vitest';
import { formatter as markdown } from '../../../../src/output/text/markdown.js';
import { render, rows } from './fixture.js';

describe('markdown', () => {
  it('prints a pipe table, numeric columns right-aligned, cells on one line', () => {
    expect(render(markdown, rows)).toBe(
      '| date | gpu | price | change | note |\n' +
        '| --- | --- | ---: | ---: | --- |\n' +
        '| 2024-01-01 | H100 SXM | 2.5 | -1.25 |  |\n' +
        '| 2024-01-02 | Ünïcødé 東京 🚀 | 0.1 | 3 | a, "b" c |\n',
    );
  });

  it('escapes pipes and backslashes and strips escape sequences', () => {
    expect(render(markdown, [{ a: 'x|y\\', b: '\x1b[31mred\x1b[0m' }], { columns: ['a', 'b'] })).toBe(
      '| a | b |\n| --- | --- |\n| x\\|y\\\\ | red |\n',
    );
  });

  it('prints header and separator for no rows, never colour', () => {
    expect(render(markdown, [], { columns: ['a'], color: true })).toBe('| a |\n| --- |\n');
  });
});
