/** util-index rebasing when the base day is not published: the two behaviours the option `rebase` selects. */
import { describe, expect, it } from 'vitest';
import { daysBetween } from '../../src/domain/time/dates.js';
import { HISTORY_START, nearestPublishedDay, publishedDay, readingsOn } from '../../src/sandbox/models/market.js';
import { get, useSandbox } from './helpers.js';

// H100 SXM around these days (the model's outages; checked below): 2025-10-29 has 22 readings
// between two complete days; 2025-11-14 (23) and 2025-11-15 (13) run two days.
const LONE_GAP = '2025-10-29';
const GAP_1 = '2025-11-14';
const GAP_2 = '2025-11-15';
const util = (from: string, to: string, baseDate: string): string =>
  `/api/utilization-index/history?gpuType=H100%20SXM&startDate=${from}&endDate=${to}&baseDate=${baseDate}`;
type Row = { date: string; index: number };

describe('rebasing', () => {
  const perResponse = useSandbox({ rebase: 'per-response' });
  const exact = useSandbox({ rebase: 'exact' });
  const byDefault = useSandbox();

  it('the outage days these tests rely on are unpublished, their neighbours published', () => {
    const n = (date: string): number => readingsOn(0, daysBetween(HISTORY_START, date));
    expect([n('2025-10-28'), n(LONE_GAP), n('2025-10-30')]).toEqual([24, 22, 24]);
    expect([n('2025-11-13'), n(GAP_1), n(GAP_2), n('2025-11-16')]).toEqual([24, 23, 13, 24]);
  });

  it('per-response (the default): each response starts at 100, overlapping windows differ by one factor', async () => {
    const [a, b] = await Promise.all([
      get(perResponse(), util('2026-01-01', '2026-02-15', LONE_GAP)),
      get(perResponse(), util('2026-02-01', '2026-03-10', LONE_GAP)),
    ]);
    for (const r of [a, b]) {
      expect(r.body.baseAvailable).toBe(false);
      expect(r.body.data[0].index).toBe(100);
    }
    const later = new Map<string, number>(b.body.data.map((x: Row) => [x.date, x.index]));
    const ratios = a.body.data.filter((x: Row) => later.has(x.date)).map((x: Row) => later.get(x.date)! / x.index);
    expect(ratios.length).toBeGreaterThan(10);
    expect(ratios[0]).not.toBeCloseTo(1, 3);
    for (const q of ratios) expect(q).toBeCloseTo(ratios[0], 12);
    expect((await get(byDefault(), util('2026-02-01', '2026-03-10', LONE_GAP))).text).toBe(b.text);
  });

  it('exact: every response is on the published day nearest the base, so windows agree with one request', async () => {
    const whole = await get(exact(), util('2025-12-01', '2026-03-10', LONE_GAP));
    const parts = await Promise.all([
      get(exact(), util('2025-12-01', '2026-01-20', LONE_GAP)),
      get(exact(), util('2026-01-10', '2026-03-10', LONE_GAP)),
    ]);
    expect(whole.body.baseAvailable).toBe(false);
    const index = new Map<string, number>(whole.body.data.map((x: Row) => [x.date, x.index]));
    for (const p of parts) {
      expect(p.body.baseAvailable).toBe(false);
      for (const x of p.body.data as Row[]) expect(x.index).toBe(index.get(x.date));
    }
    // The base is the day before the gap (a tie: the earlier day): that day is exactly 100.
    const around = await get(exact(), util('2025-10-20', '2025-11-05', LONE_GAP));
    expect(around.body.data.find((x: Row) => x.date === '2025-10-28').index).toBe(100);
    expect(nearestPublishedDay('H100 SXM', LONE_GAP, '2026-03-15')?.date).toBe('2025-10-28');
  });

  it('exact: across a two-day gap the nearest published day wins; outside the history its edge', () => {
    expect(nearestPublishedDay('H100 SXM', GAP_1, '2026-03-15')?.date).toBe('2025-11-13');
    expect(nearestPublishedDay('H100 SXM', GAP_2, '2026-03-15')?.date).toBe('2025-11-16');
    expect(nearestPublishedDay('H100 SXM', '2099-01-01', '2026-03-15')?.date).toBe('2026-03-15');
    const first = nearestPublishedDay('H100 SXM', '2020-01-01', '2026-03-15')!.date;
    expect(first >= HISTORY_START).toBe(true);
    expect(publishedDay('H100 SXM', first, '2026-03-15')).toBeDefined();
  });

  it('a published base day is the base in both behaviours, wherever it lies', async () => {
    const q = util('2026-02-01', '2026-03-10', '2025-06-02');
    const [a, b] = await Promise.all([get(perResponse(), q), get(exact(), q)]);
    expect(a.body.baseAvailable).toBe(true);
    expect(a.text).toBe(b.text);
    expect(a.body.data[0].index).not.toBe(100);
  });
});
