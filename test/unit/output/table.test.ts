import { describe, expect, it } from 'vitest';
import type { Row } from '../../../src/domain/row.js';
import { displayNumber, fitWidths, formatter as table } from '../../../src/output/table.js';
import { render, rows } from './fixture.js';

describe('table', () => {
  it('prints a borderless table: header rule, numbers right-aligned, null as -', () => {
    expect(render(table, rows)).toBe(
      'date        gpu              price  change  note\n' +
        '----------  ---------------  -----  ------  --------\n' +
        '2024-01-01  H100 SXM           2.5   -1.25  -\n' +
        '2024-01-02  Ünïcødé 東京 🚀    0.1       3  a, "b" c\n',
    );
  });

  it('colours the header and null only when asked', () => {
    const text = render(table, rows, { color: true });
    expect(text).toContain('\x1b[1m\x1b[36mdate\x1b[39m\x1b[22m');
    expect(text).toContain('\x1b[2m—\x1b[22m');
    expect(text).toContain('──────────  ───');
  });

  it('never prints an ESC byte without colour, even from hostile strings', () => {
    const hostile: Row = { date: '\x1b]0;owned\x07x', gpu: '\x1b[2J\x9b1mG', price: 1, change: null, note: '\x1b[31m' };
    const text = render(table, [hostile], { color: false });
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    expect(text).toContain('x');
  });

  it('says (no rows) when there is nothing to show', () => {
    expect(render(table, [])).toBe('(no rows)\n');
  });

  it('wraps long text to fit the terminal width, never numbers or headers', () => {
    const wide: Row = { gpu: 'a very long gpu name that does not fit in forty columns at all', note: 'short', price: 1234567.5 };
    const text = render(table, [wide], { columns: ['gpu', 'note', 'price'], width: 40 });
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(40);
    expect(text).toContain('1234567.5');
    expect(text.split('\n')[0]).toMatch(/^gpu +note +price$/);
    expect(text.replace(/\s+/g, ' ')).toContain('a very long gpu name');
  });

  it('rounds only long fractions, for display', () => {
    expect(displayNumber(2.5)).toBe('2.5');
    expect(displayNumber(-0.0123456789)).toBe('-0.0123457');
    expect(displayNumber(1234.123456789)).toBe('1234.123457');
    expect(displayNumber(0.1 + 0.2)).toBe('0.3');
    expect(displayNumber(1e-7)).toBe('1e-7');
    expect(displayNumber(123456789)).toBe('123456789');
  });

  it('fits widths by capping only the widest columns', () => {
    expect(fitWidths([10, 50, 8], [8, 8, 8], 40)).toEqual([null, 22, null]);
    expect(fitWidths([10, 20], [8, 8], 40)).toEqual([null, null]);
    // When even the minimums do not fit, columns stop at their minimum (the terminal wraps the rest).
    expect(fitWidths([30, 30], [20, 20], 10)).toEqual([20, 20]);
  });
});
