/** `--as-of` (src/domain/time/as-of.ts): a date is the end of that UTC day, a time that instant, anything else exit 2. */
import { describe, expect, it } from 'vitest';
import { endOfDay, parseAsOf } from '../../../../src/domain/time/as-of.js';
import { UsageError } from '../../../../src/errors.js';

const NOW = new Date('2026-11-20T12:34:56.789Z');

describe('parseAsOf', () => {
  it.each([
    ['2026-11-20', '2026-11-20T23:59:59.999Z'],
    ['2024-02-29', '2024-02-29T23:59:59.999Z'],
    ['today', '2026-11-20T23:59:59.999Z'],
    ['yesterday', '2026-11-19T23:59:59.999Z'],
    ['7d', '2026-11-13T23:59:59.999Z'],
    ['1m', '2026-10-20T23:59:59.999Z'],
    ['now', '2026-11-20T12:34:56.789Z'],
    ['NOW', '2026-11-20T12:34:56.789Z'],
    ['2026-11-20T18:00:00Z', '2026-11-20T18:00:00.000Z'],
    ['2026-11-20T18:00:00.5Z', '2026-11-20T18:00:00.500Z'],
    ['2026-11-20T18:00Z', '2026-11-20T18:00:00.000Z'],
    ['2026-11-20T19:00:00+01:00', '2026-11-20T18:00:00.000Z'],
    ['2026-11-20T00:30:00-05:00', '2026-11-20T05:30:00.000Z'],
    ['2026-11-20 18:00:00', '2026-11-20T18:00:00.000Z'],
    ['2026-11-20t18:00:00z', '2026-11-20T18:00:00.000Z'],
  ])('%s → %s', (input, want) => {
    expect(parseAsOf(input, NOW)).toBe(want);
  });

  it.each(['', 'soon', '2026-02-30', '2026-11-20T25:00:00Z', '2026-11-20T18:00:00+1', '20261120', '2026-11-20Z', '1990-01-01T00:00:00Z'])(
    '%j is one clear usage error (exit 2)',
    (input) => {
      let err: unknown;
      try {
        parseAsOf(input, NOW);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).exitCode).toBe(2);
      expect((err as Error).message).toMatch(/^invalid --as-of /);
      expect((err as Error).message).not.toContain('\n');
    },
  );

  it('names the bounds for a date outside them', () => {
    expect(() => parseAsOf('1999-12-31', NOW)).toThrow(/before 2000-01-01/);
  });

  it('endOfDay is the last millisecond of the UTC day', () => {
    expect(endOfDay('2026-12-31')).toBe('2026-12-31T23:59:59.999Z');
  });
});
