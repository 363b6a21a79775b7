import { describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/domain/row.js';
import { displayNumber, fitColumns, formatter as table, noticeText } from '../../../../src/output/text/table.js';
import { render, rows } from './fixture.js';

describe('table', () => {
  it('prints a borderless table: header rule, numbers right-aligned with one decimal count a column, null as -', () => {
    expect(render(table, rows)).toBe(
      'date        gpu              price  change  note\n' +
        '----------  ---------------  -----  ------  --------\n' +
        '2024-01-01  H100 SXM           2.5   -1.25  -\n' +
        '2024-01-02  Ünïcødé 東京 🚀    0.1    3.00  a, "b" c\n',
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

  it('at a terminal leaves out the least important columns, never a key or the value, and says which', () => {
    const row: Row = { gpu: 'a long gpu name of 28 chars', note: 'short', price: 1.5 };
    const notes: string[] = [];
    const text = render(table, [row], {
      columns: ['gpu', 'note', 'price'],
      width: 36,
      fit: true,
      keys: ['gpu'],
      priority: ['price'],
      notice: (m) => notes.push(m),
    });
    expect(text.split('\n')[0]).toMatch(/^gpu +price$/);
    // Too narrow for the names: the count and the way to see them.
    expect(notes).toEqual(['1 column hidden to fit 36 columns (-f csv shows all)']);
    const roomy = render(table, [row], { columns: ['gpu', 'note', 'price'], width: 80, fit: true, keys: ['gpu'], priority: ['price'] });
    expect(roomy.split('\n')[0]).toMatch(/^gpu +note +price$/);
  });

  it('names the hidden columns only while the note fits the terminal too', () => {
    expect(noticeText(['price', 'readings'], 80)).toBe('2 columns hidden to fit 80 columns: price, readings (-f csv shows all)');
    expect(noticeText(['weeklyHigh', 'weeklyLow', 'updatedAt'], 80)).toBe(
      '3 columns hidden: weeklyHigh, weeklyLow, updatedAt (-f csv shows all)',
    );
    expect(noticeText(['a-very-long-column-name', 'another-long-column-name', 'and-a-third-one'], 80)).toBe(
      '3 columns hidden to fit 80 columns (-f csv shows all)',
    );
  });

  it('off a terminal prints every column whole, however narrow the width', () => {
    const wide: Row = { gpu: 'a very long gpu name', note: 'short', price: 1.5 };
    const text = render(table, [wide], { columns: ['gpu', 'note', 'price'], width: 10, fit: false });
    expect(text.split('\n')[2]).toBe('a very long gpu name  short    1.5');
  });

  it('gives a numeric column one decimal count, so points line up and float noise never shows', () => {
    const list: Row[] = [{ v: 0.1 + 0.2 }, { v: 2.0759 }, { v: -0.00063203 }, { v: 100 }];
    const lines = render(table, list, { columns: ['v'] })
      .split('\n')
      .slice(2, 6);
    // Six significant digits of the largest value (100.000), so every row shows three decimals.
    expect(lines).toEqual(['  0.300', '  2.076', ' -0.001', '100.000']);
    const dots = lines.map((l) => l.indexOf('.'));
    expect(new Set(dots).size).toBe(1);
  });

  it('shows daily timestamps as dates and hourly ones without zero seconds', () => {
    const list: Row[] = [
      { t: '2026-11-19T00:00:00.000Z', h: '2026-11-19T01:00:00.000Z' },
      { t: '2026-11-20T00:00:00.000Z', h: '2026-11-19T02:00:00.000Z' },
    ];
    expect(render(table, list, { columns: ['t', 'h'] }).split('\n')[2]).toBe('2026-11-19  2026-11-19 01:00');
  });

  it('rounds only long fractions, for display', () => {
    expect(displayNumber(2.5)).toBe('2.5');
    expect(displayNumber(-0.0123456789)).toBe('-0.0123457');
    expect(displayNumber(1234.123456789)).toBe('1234.123457');
    expect(displayNumber(0.1 + 0.2)).toBe('0.3');
    expect(displayNumber(1e-7)).toBe('1e-7');
    expect(displayNumber(123456789)).toBe('123456789');
  });

  it('keeps columns in display order and leaves out unlisted ones last-first', () => {
    const cols = [
      { name: 'k', width: 10 },
      { name: 'a', width: 10 },
      { name: 'b', width: 10 },
      { name: 'c', width: 10 },
    ];
    expect(fitColumns(cols, ['k'], ['c'], 34)).toEqual(['k', 'a', 'c']);
    expect(fitColumns(cols, ['k'], [], 22)).toEqual(['k', 'a']);
    // Keys stay even when they alone are wider.
    expect(fitColumns(cols, ['k', 'a'], [], 5)).toEqual(['k', 'a']);
  });
});

describe('table too narrow for the key and the value', () => {
  it('shows one record per block, every line within the width, nothing hidden', () => {
    const wide: Row = { gpu: 'a very long gpu name that does not fit in forty columns', note: 'provisional', price: 1234567.5 };
    const notes: string[] = [];
    const text = render(table, [wide, { ...wide, note: null }], {
      columns: ['gpu', 'note', 'price'],
      width: 40,
      fit: true,
      keys: ['gpu'],
      priority: ['price'],
      notice: (m) => notes.push(m),
    });
    const lines = text.trimEnd().split('\n');
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(40);
    expect(lines[0]).toMatch(/^-\[ RECORD 1 \]-+$/);
    expect(lines).toContain('price | 1,234,568');
    expect(lines).toContain('note  | provisional');
    expect(lines).toContain('note  | -');
    expect(lines.filter((l) => /RECORD/.test(l))).toHaveLength(2);
    // The long key continues on the next line, never cut: joined back it is whole.
    expect(
      lines
        .filter((l) => l.startsWith('gpu') || l.startsWith('      | '))
        .slice(0, 2)
        .map((l) => l.slice(8))
        .join(''),
    ).toBe(wide.gpu);
    expect(notes).toEqual([]);
  });
});

describe('columns that belong together', () => {
  it('min and max are left out together, never one without the other', () => {
    const row: Row = { gpu: 'H100 SXM', count: 366, last: 0.775658, min: 0.705334, max: 0.815334, mean: 0.765669 };
    const notes: string[] = [];
    // Wide enough for everything but one of min/max.
    const text = render(table, [row], {
      columns: ['gpu', 'count', 'last', 'min', 'max', 'mean'],
      width: 50,
      fit: true,
      keys: ['gpu'],
      priority: ['last', 'count', 'mean', 'min', 'max'],
      together: [['min', 'max']],
      notice: (m) => notes.push(m),
    });
    expect(text.split('\n')[0]).toMatch(/^gpu +count +last +mean$/);
    expect(notes[0]).toMatch(/^2 columns hidden/);
  });
});
