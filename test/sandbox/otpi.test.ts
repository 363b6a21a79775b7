/**
 * The sandbox's token-price index (/api/otpi) and lab catalogues: the free tier (4 labs, trailing
 * month) without a key, all 11 labs and the whole history with one, the documented history and gap,
 * `date` XOR a range, and no day served before it is settled.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_PREMIUM_KEY } from '../../src/sandbox/keys.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { FREE_LABS, LABS } from '../../src/domain/catalogues/labs.js';
import { datesBetween, get, useSandbox } from './helpers.js';

const DAY = '2026-11-20';
const sb = useSandbox({ today: DAY });
interface Row {
  date: string;
  lab: string;
  indexPerMtok: number;
  computedAt: string;
}

describe('GET /api/otpi', () => {
  it('without a key: the 4 free labs of the latest settled day, access public-1mo', async () => {
    const r = await get(sb(), '/api/otpi', null);
    expect(r.status).toBe(200);
    expect(r.body.access).toBe('public-1mo');
    expect(r.body.date).toBe('2026-11-19');
    expect((r.body.data as Row[]).map((x) => x.lab)).toEqual(FREE_LABS);
  });

  it('without a key, a paid lab or a day before the trailing month is 401', async () => {
    expect((await get(sb(), '/api/otpi?lab=meta-llama', null)).status).toBe(401);
    expect((await get(sb(), '/api/otpi?startDate=2026-10-19&endDate=2026-10-25', null)).status).toBe(401);
    expect((await get(sb(), '/api/otpi?startDate=2026-10-20&endDate=2026-10-25&lab=openai', null)).status).toBe(200);
    expect((await get(sb(), '/api/otpi?date=2026-09-01', null)).status).toBe(401);
  });

  it('with a key: all 11 labs, access premium or full by the key', async () => {
    const full = await get(sb(), '/api/otpi');
    const premium = await get(sb(), '/api/otpi', SANDBOX_PREMIUM_KEY);
    expect((full.body.data as Row[]).map((x) => x.lab)).toEqual(LABS.map((l) => l.lab));
    expect([full.body.access, premium.body.access]).toEqual(['full', 'premium']);
    expect(premium.body.data).toEqual(full.body.data);
  });

  it('date with a range, half a range, or an unknown lab is 400', async () => {
    for (const q of [
      'date=2026-11-01&startDate=2026-11-01&endDate=2026-11-02',
      'startDate=2026-11-01',
      'endDate=2026-11-01',
      'lab=anthropc',
      'date=2026-02-30',
    ]) {
      const r = await get(sb(), `/api/otpi?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error).toBe('Bad request');
    }
  });

  it('a range comes oldest first, echoes its dates, and starts with the history on 2025-07-04', async () => {
    const r = await get(sb(), '/api/otpi?startDate=2025-07-01&endDate=2025-07-06&lab=xiaomi');
    expect([r.body.startDate, r.body.endDate]).toEqual(['2025-07-01', '2025-07-06']);
    expect((r.body.data as Row[]).map((x) => x.date)).toEqual(['2025-07-04', '2025-07-05', '2025-07-06']);
  });

  it('has no rows from 2026-04-04 to 2026-06-03 (the documented gap); a day in it is 404', async () => {
    const r = await get(sb(), '/api/otpi?startDate=2026-04-01&endDate=2026-06-06&lab=openai');
    expect((r.body.data as Row[]).map((x) => x.date)).toEqual([
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-06-04',
      '2026-06-05',
      '2026-06-06',
    ]);
    const gap = await get(sb(), '/api/otpi?date=2026-05-01');
    expect(gap.status).toBe(404);
    expect(gap.body.message).toBe('No OTPI data found for 2026-05-01');
  });

  it("serves a day only once settled (computedAt after its end, before the clock): never the clock's own day", async () => {
    const r = await get(sb(), `/api/otpi?startDate=2026-11-10&endDate=2026-11-25&lab=google`);
    const rows = r.body.data as Row[];
    expect(rows.map((x) => x.date)).toEqual(datesBetween('2026-11-10', '2026-11-19'));
    for (const x of rows) {
      expect(x.computedAt > `${x.date}T23:59:59.999Z`).toBe(true);
      expect(x.computedAt <= `${DAY}T23:59:59.999Z`).toBe(true);
    }
    expect((await get(sb(), `/api/otpi?date=${DAY}`)).status).toBe(404);
  });

  it('follows the clock: early in the morning yesterday is not settled yet, and no computedAt is after the clock', async () => {
    for (const [now, latest] of [
      ['2026-11-20T00:10:00.000Z', '2026-11-18'],
      ['2026-11-20T03:00:00.000Z', '2026-11-19'],
    ] as const) {
      const early = await startSandbox({ now });
      try {
        const r = await get(early, '/api/otpi');
        expect(r.body.date, now).toBe(latest);
        expect((r.body.data as Row[]).every((x) => x.computedAt <= now)).toBe(true);
        const range = await get(early, '/api/otpi?startDate=2026-11-15&endDate=2026-11-20');
        expect((range.body.data as Row[]).at(-1)?.date).toBe(latest);
      } finally {
        await early.close();
      }
    }
  });

  it('answers the same request with the same bytes, and a day the same in a range and alone', async () => {
    const a = await get(sb(), '/api/otpi?startDate=2026-11-01&endDate=2026-11-05');
    expect((await get(sb(), '/api/otpi?startDate=2026-11-01&endDate=2026-11-05')).text).toBe(a.text);
    const one = await get(sb(), '/api/otpi?date=2026-11-03&lab=moonshotai');
    expect((a.body.data as Row[]).find((x) => x.date === '2026-11-03' && x.lab === 'moonshotai')).toEqual((one.body.data as Row[])[0]);
  });
});

describe('GET /api/token-types, /api/token-types-free', () => {
  it('list the labs as { lab, label }, without a key', async () => {
    const all = await get(sb(), '/api/token-types', null);
    expect(all.body.data).toEqual(LABS.map((l) => ({ lab: l.lab, label: l.label })));
    const free = await get(sb(), '/api/token-types-free', null);
    expect((free.body.data as Row[]).map((x) => x.lab)).toEqual(FREE_LABS);
  });
});
