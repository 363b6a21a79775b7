/** The sandbox's power routes: the seven markets' daily rows, the hourly operations, and their plan rules. */
import { describe, expect, it } from 'vitest';
import { SANDBOX_PREMIUM_KEY } from '../../src/sandbox/keys.js';
import { DAILY_ONLY_MESSAGE } from '../../src/sandbox/http.js';
import { get, TODAY, useSandbox } from './helpers.js';
import { addDays } from '../../src/domain/time/dates.js';

const sb = useSandbox();
// A clock within a day: the hourly routes serve the hours that have come, never later ones.
const midday = useSandbox({ today: undefined, now: '2026-03-15T10:30:00.000Z' });
const YESTERDAY = addDays(TODAY, -1);
type Row = Record<string, unknown>;

describe('GET /api/power/markets', () => {
  it('serves the seven markets, ERCOT with load and off-peak, the others with volume and trades', async () => {
    const r = await get(sb(), `/api/power/markets?startDate=2026-03-02&endDate=${YESTERDAY}`);
    expect(r.status).toBe(200);
    const rows = r.body.data as Row[];
    expect([...new Set(rows.map((x) => x.market))]).toEqual([
      'WECC Northwest',
      'PJM',
      'CAISO',
      'ISO-NE',
      'WECC Southwest',
      'MISO',
      'ERCOT',
    ]);
    for (const row of rows) {
      const ercot = row.market === 'ERCOT';
      // The dictionary's optional numbers: a field the market does not carry is left out, never null.
      expect(Object.values(row)).not.toContain(null);
      expect(Object.keys(row), String(row.market)).toEqual(
        ercot ? ['d', 'market', 'hub', 'p', 'o', 'l'] : ['d', 'market', 'hub', 'p', 't', 'g'],
      );
      expect(row.p as number).toBeGreaterThan(0);
      if (ercot) expect(row.o as number).toBeLessThan(row.p as number);
      // The traded hubs print on weekdays; ERCOT every day.
      if (!ercot) expect([0, 6]).not.toContain(new Date(`${String(row.d)}T00:00:00Z`).getUTCDay());
    }
    expect(rows.filter((x) => x.market === 'ERCOT')).toHaveLength(13);
    expect(r.body.count).toBe(rows.length);
  });

  it('serves settled days only: nothing of today or later, nothing before 2017-01-03', async () => {
    const late = await get(sb(), `/api/power/markets?market=ERCOT&startDate=${addDays(TODAY, -2)}&endDate=${addDays(TODAY, 5)}`);
    expect((late.body.data as Row[]).map((x) => x.d)).toEqual([addDays(TODAY, -2), YESTERDAY]);
    const early = await get(sb(), '/api/power/markets?market=pjm&startDate=2016-12-01&endDate=2017-01-10');
    expect((early.body.data as Row[]).map((x) => x.d)).toEqual([
      '2017-01-03',
      '2017-01-04',
      '2017-01-05',
      '2017-01-06',
      '2017-01-09',
      '2017-01-10',
    ]);
  });

  it('defaults to the 30 days ending yesterday; one market by name; the same request gives the same bytes', async () => {
    const all = await get(sb(), '/api/power/markets?market=ERCOT');
    expect((all.body.data as Row[]).map((x) => x.d).at(0)).toBe(addDays(YESTERDAY, -29));
    expect((all.body.data as Row[]).map((x) => x.d).at(-1)).toBe(YESTERDAY);
    expect((await get(sb(), '/api/power/markets?market=ERCOT')).text).toBe(all.text);
  });

  it('refuses an unknown market (400), no key (401); a premium key reads it', async () => {
    expect((await get(sb(), '/api/power/markets?market=NYISO')).status).toBe(400);
    expect((await get(sb(), '/api/power/markets', null)).status).toBe(401);
    expect((await get(sb(), '/api/power/markets', SANDBOX_PREMIUM_KEY)).status).toBe(200);
  });
});

describe('GET /api/power/load and /api/power/fuel-mix', () => {
  it.each(['load', 'fuel-mix'])('%s: full keys only (premium: the daily-only 403, no key: 401)', async (route) => {
    const premium = await get(sb(), `/api/power/${route}`, SANDBOX_PREMIUM_KEY);
    expect(premium.status).toBe(403);
    expect(premium.body).toEqual({ error: 'Forbidden', message: DAILY_ONLY_MESSAGE });
    expect((await get(sb(), `/api/power/${route}`, null)).status).toBe(401);
  });

  it("hourly rows up to the clock, never later; each fuel mix adds up to the hour's demand", async () => {
    const load = await get(midday(), '/api/power/load?market=PJM');
    const hours = (load.body.data as Row[]).map((x) => x.timestamp);
    expect(hours.at(0)).toBe('2026-03-15T00:00:00.000Z');
    expect(hours.at(-1)).toBe('2026-03-15T10:00:00.000Z');
    expect(hours).toHaveLength(11);
    const mix = await get(midday(), '/api/power/fuel-mix?market=PJM');
    (mix.body.data as Row[]).forEach((row, i) => {
      const sum = ['coal_mw', 'gas_mw', 'nuclear_mw', 'hydro_mw', 'wind_mw', 'solar_mw', 'other_mw'].reduce(
        (a, k) => a + (row[k] as number),
        0,
      );
      expect(Math.abs(sum - ((load.body.data as Row[])[i]?.actual_mw as number))).toBeLessThan(0.5);
    });
    const every = await get(midday(), '/api/power/load');
    expect(every.body.count).toBe(7 * 11);
  });
});
