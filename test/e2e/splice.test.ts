/**
 * Long util-index windows are joined on their overlap rows without assuming how the service rebases:
 * under either sandbox rebasing the joined series equals one request over the whole window on the same
 * base (the sandbox's model answers that request; the service caps one at 400 days); overlap rows that
 * disagree beyond a change of base are reported (exit 6 with --strict).
 */
import { describe, expect, it } from 'vitest';
import { utilIndexSeries } from '../../src/sandbox/index.js';
import { rewriting, runAt } from './append-helpers.js';

const NOW = '2026-11-20T12:00:00Z';
const FROM = '2024-02-10';
const TO = '2026-05-31';
/** The first request reaches 14 days before the window. */
const LEAD_FROM = '2024-01-27';

describe('splicing long windows', () => {
  it.each(['per-response', 'exact'] as const)(
    'rebase %s: three requests join into the one-request answer, on an unpublished base and on the default one',
    async (rebase) => {
      for (const baseDate of ['2023-06-01', '2026-01-01']) {
        const r = await runAt(NOW, ['util-index', '--gpu', 'b200', '--from', FROM, '--to', TO, '--base-date', baseDate, '-f', 'json'], {
          sb: { rebase },
        });
        expect(r.code, r.stderr).toBe(0);
        expect(r.requests.length).toBeGreaterThanOrEqual(3);
        // The first row decomposed against the day before the window, as the CLI asks for it.
        const one = utilIndexSeries({ gpuType: 'B200', from: FROM, to: TO, baseDate, today: '2026-11-20', rebase, decomposeFirst: true });
        expect(JSON.parse(r.stdout)).toEqual(one.rows);
        expect(r.stderr === '').toBe(one.baseAvailable);
      }
    },
  );

  it('overlap rows that disagree beyond a change of base: a warning, and exit 6 with --strict', async () => {
    // The later requests' index is bent by the date, so no one ratio maps them onto the first.
    const bend = rewriting(NOW, (rows, req) =>
      req.query.startDate === LEAD_FROM ? rows : rows.map((row, i) => ({ ...row, index: (row.index as number) * (1 + i * 1e-3) })),
    );
    const args = ['util-index', '--gpu', 'b200', '--from', FROM, '--to', TO, '-f', 'csv'];
    const warned = await runAt(NOW, args, { sb: { intercept: bend } });
    expect(warned.code).toBe(0);
    expect(warned.stderr).toMatch(
      /^gpumkt: warning: the index of two joined responses disagrees on \d{4}-\d{2}-\d{2} \(.+ and .+\) by more than a change of base/m,
    );
    const strict = await runAt(NOW, [...args, '--strict'], { sb: { intercept: bend } });
    expect(strict.code).toBe(6);
    expect(strict.stdout).toBe('');
  });
});
