/**
 * Workload cost (`/api/workload`): history from 2026-06-11 with 2026-06-30 missing, a ~36-hour settle
 * lag against the clock, class rows that sum to each lab's `all` row, plan rules (a key of any plan).
 */
import { describe, expect, it, vi } from 'vitest';
import { CLOSED_LABS, WORKLOAD_FAMILIES } from '../../src/domain/catalogues/labs.js';
import { SANDBOX_PREMIUM_KEY } from '../../src/sandbox/keys.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { AUTH_MESSAGES } from '../../src/sandbox/http.js';
import { datesBetween, errorBody, get } from './helpers.js';

type Row = Record<string, number | string | null>;
const TODAY = '2026-07-10';

describe('/api/workload', () => {
  it('serves the whole history without dates: from 2026-06-11, 2026-06-30 missing, settled 36 hours after each day', async () => {
    const sb = await startSandbox({ today: TODAY });
    try {
      const r = await get(sb, '/api/workload');
      expect(r.status).toBe(200);
      const rows = r.body.data as Row[];
      const days = [...new Set(rows.map((x) => x.date))];
      // The clock is the end of 2026-07-10: 2026-07-08 settled at 12:MM on 2026-07-10, 2026-07-09 not yet.
      expect(days).toEqual(datesBetween('2026-06-11', '2026-07-08').filter((d) => d !== '2026-06-30'));
      expect(r.body.count).toBe(rows.length);
      expect(rows.length).toBe(days.length * (5 + 7 + 5));
      for (const row of rows) {
        expect(Object.keys(row)).toEqual([
          'date',
          'lab',
          'family',
          'cCents',
          'lfl',
          'qKtok',
          'priceEffect',
          'intensityEffect',
          'mixEffect',
          'computedAt',
        ]);
        expect(String(row.computedAt) > `${String(row.date)}T23:59:59.999Z`).toBe(true);
      }
    } finally {
      await sb.close();
    }
  });

  it('never serves a day before its computedAt (a clock at noon of the settle day)', async () => {
    for (const [now, last] of [
      ['2026-07-10T11:59:00.000Z', '2026-07-07'],
      ['2026-07-10T12:30:00.000Z', '2026-07-08'],
    ] as const) {
      const sb = await startSandbox({ now });
      try {
        const rows = (await get(sb, '/api/workload?lab=openai')).body.data as Row[];
        expect(rows.at(-1)?.date, now).toBe(last);
        for (const row of rows) expect(Date.parse(String(row.computedAt))).toBeLessThanOrEqual(Date.parse(now));
      } finally {
        await sb.close();
      }
    }
  });

  it("class rows sum to their lab's all row (quantities and effects); mixEffect only on all", async () => {
    const sb = await startSandbox({ today: TODAY });
    try {
      const rows = (await get(sb, '/api/workload?startDate=2026-06-11&endDate=2026-07-05')).body.data as Row[];
      for (const lab of CLOSED_LABS) {
        for (const date of new Set(rows.map((x) => x.date))) {
          const day = rows.filter((x) => x.lab === lab && x.date === date);
          expect(day.map((x) => x.family)).toEqual(WORKLOAD_FAMILIES[lab]);
          const [all, ...classes] = day as [Row, ...Row[]];
          for (const f of ['qKtok', 'priceEffect', 'intensityEffect'] as const) {
            expect(
              Math.abs((all[f] as number) - classes.reduce((s, c) => s + (c[f] as number), 0)),
              `${lab} ${String(date)} ${f}`,
            ).toBeLessThan(1e-6);
          }
          // cCents of all is the quantity-weighted mean of its classes' unit costs.
          const spend = classes.reduce((s, c) => s + (c.cCents as number) * (c.qKtok as number), 0);
          expect(Math.abs((all.cCents as number) - spend / (all.qKtok as number))).toBeLessThan(1e-3);
          for (const c of classes) expect(c.mixEffect).toBeNull();
          expect(all.mixEffect === null).toBe(date === '2026-06-11');
        }
      }
      // The day after the gap compares with 2026-06-29: its price effect is (c − c(06-29)) × q(06-29).
      const opus = (d: string): Row => rows.find((x) => x.date === d && x.lab === 'anthropic' && x.family === 'opus') as Row;
      const expected =
        ((opus('2026-07-01').cCents as number) - (opus('2026-06-29').cCents as number)) * (opus('2026-06-29').qKtok as number);
      expect(Math.abs((opus('2026-07-01').priceEffect as number) - expected)).toBeLessThan(1e-4);
      expect(opus('2026-06-11').lfl).toBe(100);
    } finally {
      await sb.close();
    }
  });

  it('filters by lab, echoes the window, and answers the same request with the same bytes', async () => {
    const sb = await startSandbox({ today: TODAY });
    try {
      const a = await get(sb, '/api/workload?startDate=2026-07-01&endDate=2026-07-03&lab=google', SANDBOX_PREMIUM_KEY);
      expect(a.body).toMatchObject({ success: true, startDate: '2026-07-01', endDate: '2026-07-03', lab: 'google', count: 15 });
      expect(new Set((a.body.data as Row[]).map((x) => x.lab))).toEqual(new Set(['google']));
      expect((await get(sb, '/api/workload?startDate=2026-07-01&endDate=2026-07-03&lab=google')).text).toBe(a.text);
    } finally {
      await sb.close();
    }
  });

  it('needs a key (401 without one); an unknown lab or a reversed window is 400', async () => {
    const sb = await startSandbox({ today: TODAY });
    try {
      const none = await get(sb, '/api/workload', null);
      expect(none.status).toBe(401);
      expect(none.text).toBe(errorBody('Unauthorized', AUTH_MESSAGES.missing));
      expect((await get(sb, '/api/workload?lab=deepseek')).status).toBe(400);
      expect((await get(sb, '/api/workload?startDate=2026-07-05&endDate=2026-07-01')).status).toBe(400);
    } finally {
      await sb.close();
    }
  });
});

describe('/api/workload determinism', () => {
  it('the same rows whatever was computed before (a fresh model, or one that served other windows first)', async () => {
    type Model = typeof import('../../src/sandbox/models/workload-model.js');
    const q = { from: '2026-07-01', to: '2026-07-08', labs: CLOSED_LABS };
    // Fresh module instances: the model's caches start empty in each.
    vi.resetModules();
    const fresh: Model = await import('../../src/sandbox/models/workload-model.js');
    const direct = JSON.stringify(fresh.workloadRows(q));
    vi.resetModules();
    const warmed: Model = await import('../../src/sandbox/models/workload-model.js');
    warmed.workloadRows({ from: '2026-06-11', to: '2026-06-14', labs: CLOSED_LABS });
    warmed.workloadRows({ from: '2026-06-20', to: '2026-07-02', labs: ['google'] });
    expect(JSON.stringify(warmed.workloadRows(q))).toBe(direct);
  });
});
