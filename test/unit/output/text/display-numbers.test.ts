/** How the table view shows big integers and single timestamps (display.ts). */
import { describe, expect, it } from 'vitest';
import { groupDigits, groupsDigits, shortTime } from '../../../../src/output/text/display.js';
import { formatter as table } from '../../../../src/output/text/table.js';
import { render } from './fixture.js';

describe('digit grouping', () => {
  it('groups the integer part by thousands, sign and decimals kept', () => {
    expect(groupDigits('5229605920066')).toBe('5,229,605,920,066');
    expect(groupDigits('-12345.678')).toBe('-12,345.678');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('n/a')).toBe('n/a');
  });

  it('applies from 10,000 on, never to ids, years or epochs', () => {
    expect(groupsDigits('totalTokens', [5229605920066])).toBe(true);
    expect(groupsDigits('capacity', [1147, 9999])).toBe(false);
    expect(groupsDigits('sold', [-10000])).toBe(true);
    for (const name of ['id', 'site_id', 'year', 'epoch_ms', 'timestamp']) expect(groupsDigits(name, [1763596800])).toBe(false);
  });

  it('the table view groups a column of big integers, and right-aligns it', () => {
    const rows = [
      { lab: 'anthropic', totalTokens: 5229605920066 },
      { lab: 'meta', totalTokens: 12 },
    ];
    const out = render(table, rows, { columns: ['lab', 'totalTokens'] });
    expect(out.split('\n').slice(2, 4)).toEqual(['anthropic  5,229,605,920,066', 'meta                      12']);
  });
});

describe('shortTime', () => {
  it('shows an ISO UTC time as the table does, with its zone', () => {
    expect(shortTime('2026-11-19T16:55:00.000Z')).toBe('2026-11-19 16:55 UTC');
    expect(shortTime('2026-11-19T16:55:07.000Z')).toBe('2026-11-19 16:55:07 UTC');
    expect(shortTime('2026-11-19T00:00:00.000Z')).toBe('2026-11-19');
    expect(shortTime('2026-11-19T16:55:07.123Z')).toBe('2026-11-19T16:55:07.123Z');
    expect(shortTime('yesterday')).toBe('yesterday');
  });
});
