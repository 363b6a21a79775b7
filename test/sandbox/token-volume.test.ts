/**
 * The sandbox's /api/token-volume: keys only, both dates required, closed labs with a lab left out
 * (not zero) on days without volume, fixed-base growth indices, shares summing to 1, settled days only.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_PREMIUM_KEY } from '../../src/sandbox/keys.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { get, useSandbox } from './helpers.js';

const DAY = '2026-11-20';
const sb = useSandbox({ today: DAY });
interface Lab {
  lab: string;
  totalTokens: number;
  growthIndex: number;
  share: number;
}
interface Day {
  date: string;
  labs: Lab[];
  totalGrowthIndex: number | null;
}

const days = async (from: string, to: string): Promise<Day[]> =>
  (await get(sb(), `/api/token-volume?startDate=${from}&endDate=${to}`)).body.data as Day[];

describe('GET /api/token-volume', () => {
  it('needs a key (401) and both dates (400); premium and full read the same bytes', async () => {
    expect((await get(sb(), '/api/token-volume?startDate=2026-11-01&endDate=2026-11-02', null)).status).toBe(401);
    expect((await get(sb(), '/api/token-volume?startDate=2026-11-01')).status).toBe(400);
    expect((await get(sb(), '/api/token-volume')).status).toBe(400);
    const full = await get(sb(), '/api/token-volume?startDate=2026-11-01&endDate=2026-11-02');
    expect((await get(sb(), '/api/token-volume?startDate=2026-11-01&endDate=2026-11-02', SANDBOX_PREMIUM_KEY)).text).toBe(full.text);
  });

  it('serves settled days only (up to the day before the clock), newest first', async () => {
    const got = await days('2026-11-15', '2026-11-30');
    expect(got.map((d) => d.date)).toEqual(['2026-11-19', '2026-11-18', '2026-11-17', '2026-11-16', '2026-11-15']);
  });

  it('follows the clock: a day is served from 02:00 UTC the next day', async () => {
    for (const [now, last] of [
      ['2026-11-20T01:59:59.000Z', '2026-11-18'],
      ['2026-11-20T02:00:00.000Z', '2026-11-19'],
    ] as const) {
      const sb2 = await startSandbox({ now });
      try {
        const got = (await get(sb2, '/api/token-volume?startDate=2026-11-15&endDate=2026-11-20')).body.data as Day[];
        expect(got[0]?.date, now).toBe(last);
      } finally {
        await sb2.close();
      }
    }
  });

  it('covers the closed labs only, leaves a lab out on a day without volume (never 0), and then has no totalGrowthIndex', async () => {
    const got = await days('2026-02-01', '2026-11-19');
    const labs = new Set(got.flatMap((d) => d.labs.map((l) => l.lab)));
    expect([...labs]).toEqual(['anthropic', 'openai', 'google']);
    expect(got.flatMap((d) => d.labs).every((l) => Number.isSafeInteger(l.totalTokens) && l.totalTokens > 2 ** 31)).toBe(true);
    const short = got.filter((d) => d.date >= '2026-02-16' && d.labs.length < 3);
    expect(short.length).toBeGreaterThan(0);
    expect(short.every((d) => d.totalGrowthIndex === null)).toBe(true);
    expect(got.filter((d) => d.labs.length === 3).every((d) => typeof d.totalGrowthIndex === 'number')).toBe(true);
  });

  it("growthIndex is 100 at each lab's own first day; shares of a day sum to 1", async () => {
    const got = await days('2026-01-01', '2026-03-01');
    const first = (lab: string): Lab & { date: string } => {
      const d = [...got].reverse().find((x) => x.labs.some((l) => l.lab === lab)) as Day;
      return { ...(d.labs.find((l) => l.lab === lab) as Lab), date: d.date };
    };
    expect([first('anthropic').date, first('openai').date, first('google').date]).toEqual(['2026-02-02', '2026-02-02', '2026-02-16']);
    for (const lab of ['anthropic', 'openai', 'google']) expect(first(lab).growthIndex).toBe(100);
    for (const d of got) expect(Math.abs(d.labs.reduce((a, l) => a + l.share, 0) - 1)).toBeLessThan(1e-12);
    // The base does not move with the window.
    const later = await days('2026-02-20', '2026-02-20');
    expect(later[0]).toEqual(got.find((d) => d.date === '2026-02-20'));
  });
});
