/** The pure model behind the sandbox: internal consistency, and long windows stitched from ≤ 400-day requests. */
import { describe, expect, it } from 'vitest';
import { GPU_MODELS, type GpuModel } from '../../src/domain/catalogues/gpus.js';
import { addDays, daysBetween, splitWindow } from '../../src/domain/time/dates.js';
import {
  HISTORY_START,
  dayStats,
  hourReading,
  publishedDay,
  readingsOn,
  seriesPoints,
  utilIndexRows,
  utilIndexSeries,
} from '../../src/sandbox/models/market.js';
import { TODAY } from './helpers.js';

describe('readings and days', () => {
  it('a day is the rounded mean of its hourly readings, and rented never exceeds capacity', () => {
    for (let m = 0; m < GPU_MODELS.length; m++) {
      for (const d of [0, 17, 400, 700]) {
        const hours = Array.from({ length: 24 }, (_, h) => hourReading(m, d * 24 + h)).filter((r) => r !== undefined);
        expect(hours.length).toBe(readingsOn(m, d));
        for (const r of hours) {
          expect(Number.isInteger(r.capacity) && Number.isInteger(r.rented)).toBe(true);
          expect(r.rented).toBeLessThanOrEqual(r.capacity);
        }
        const s = dayStats(m, d)!;
        const mean = (f: (r: (typeof hours)[number]) => number): number => hours.reduce((a, r) => a + f(r), 0) / hours.length;
        expect(s.capacity).toBe(Math.round(mean((r) => r.capacity) * 100) / 100);
        expect(s.rented).toBe(Math.round(mean((r) => r.rented) * 100) / 100);
        expect(s.price).toBe(Math.round(mean((r) => r.price) * 10000) / 10000);
      }
    }
    expect(hourReading(0, -1)).toBeUndefined();
    expect(dayStats(0, -1)).toBeUndefined();
  });

  it('prices stay in a plausible band per model', () => {
    const band: Record<GpuModel, [number, number]> = {
      'H100 SXM': [1.7, 2.7],
      H200: [2.4, 3.6],
      'A100 SXM4': [0.85, 1.45],
      B200: [3.4, 5.1],
      'RTX 5090': [0.38, 0.82],
      'RTX PRO 6000 WS': [0.78, 1.32],
    };
    for (const gpu of GPU_MODELS) {
      const { points } = seriesPoints({ gpu, from: HISTORY_START, to: TODAY, granularity: 'daily', today: TODAY });
      for (const p of points) {
        expect(p.price).toBeGreaterThanOrEqual(band[gpu][0]);
        expect(p.price).toBeLessThanOrEqual(band[gpu][1]);
      }
    }
  });

  it('nothing exists after today', () => {
    expect(publishedDay('H100 SXM', addDays(TODAY, 1), TODAY)).toBeUndefined();
    expect(seriesPoints({ gpu: 'H200', from: TODAY, to: addDays(TODAY, 5), granularity: 'hourly', today: TODAY }).total).toBe(
      readingsOn(1, daysBetween(HISTORY_START, TODAY)),
    );
  });
});

describe('long windows stitched from ≤ 400-day requests', () => {
  for (const gpuType of ['H100 SXM', undefined] as const) {
    it(`decomposeFirst chunks equal the whole window for ${gpuType ?? 'the aggregate'}`, () => {
      const window = { from: HISTORY_START, to: TODAY };
      const q = { gpuType, baseDate: '2026-01-01', today: TODAY, decomposeFirst: true };
      const whole = utilIndexSeries({ ...q, ...window });
      expect(whole.baseAvailable).toBe(true);
      const chunks = splitWindow(window, 400);
      expect(chunks.length).toBe(3);
      const stitched = chunks.flatMap((c) => utilIndexRows({ ...q, ...c }));
      expect(stitched).toEqual(whole.rows);
      expect(whole.rows.filter((r) => r.decompositionBasis === 'no_prior_day').map((r) => r.date)).toEqual([whole.rows[0]!.date]);
      // The service's own behaviour differs exactly at the first row of each later chunk.
      const served = chunks.map((c) => utilIndexRows({ ...q, ...c, decomposeFirst: false }));
      for (const rows of served) expect(rows[0]!.decompositionBasis).toBe('no_prior_day');
      expect(served.flatMap((rows) => rows.slice(1))).toEqual(stitched.filter((r) => !served.some((rows) => rows[0]!.date === r.date)));
    });
  }
});
