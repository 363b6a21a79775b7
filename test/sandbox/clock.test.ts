/** The sandbox's clock: nothing after it is served, today is provisional, util-index waits for 24 readings. */
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../../src/domain/time/dates.js';
import { HISTORY_START, hourReading, memoryRow, memoryRows } from '../../src/sandbox/models/market.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { MEMORY_TYPES } from '../../src/domain/catalogues/memory-types.js';
import { TODAY, get } from './helpers.js';

const H100 = '/api/gpu/H100%20SXM';
const D = daysBetween(HISTORY_START, TODAY);
/** When H100 SXM's reading of hour `hh` of TODAY was taken (every hour of TODAY has one). */
const takenAt = (hh: number): number => hourReading(0, D * 24 + hh)!.exactMs;
const AT_1036 = Date.parse(`${TODAY}T10:36:00.000Z`);

const opened: Sandbox[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});
async function sandbox(opts: SandboxOptions): Promise<Sandbox> {
  const s = await startSandbox(opts);
  opened.push(s);
  return s;
}

describe('the clock', () => {
  it('at 10:36 hourly rows end with the 10:00 reading, and no row of any series is after the clock', async () => {
    expect(takenAt(10)).toBeLessThan(AT_1036);
    const sb = await sandbox({ now: AT_1036 });
    for (const leaf of ['history-range', 'volume-metrics']) {
      const r = await get(sb, `${H100}/${leaf}?startDate=${TODAY}&granularity=hourly&limit=100`);
      const stamps = r.body.data.map((x: { recorded_at: string }) => x.recorded_at).sort();
      expect(stamps).toEqual(Array.from({ length: 11 }, (_, h) => `${TODAY}T${String(h).padStart(2, '0')}:00:00.000Z`));
      expect(r.body.query.records_found).toBe(11);
      for (const x of r.body.data) expect(Date.parse(x.exact_timestamp)).toBeLessThanOrEqual(AT_1036);
    }
    const later = await get(sb, `${H100}/history-simple?startDate=${TODAY}&endDate=${addDays(TODAY, 3)}&granularity=hourly`);
    expect(later.body.data[0].timestamp).toBe(`${TODAY}T10:00:00.000Z`);
  });

  it('a reading exists from the moment it is taken, not before', async () => {
    const before = await sandbox({ now: takenAt(10) - 1 });
    const at = await sandbox({ now: new Date(takenAt(10)) });
    const q = `${H100}/history-simple?startDate=${TODAY}&granularity=hourly`;
    expect((await get(before, q)).body.data[0].timestamp).toBe(`${TODAY}T09:00:00.000Z`);
    expect((await get(at, q)).body.data[0].timestamp).toBe(`${TODAY}T10:00:00.000Z`);
  });

  it("today's daily row is the average of the hours so far, and changes as the clock moves", async () => {
    let clock = AT_1036;
    const sb = await sandbox({ now: () => clock });
    const hourly = await get(sb, `${H100}/history-simple?startDate=${TODAY}&granularity=hourly`);
    const prices: number[] = hourly.body.data.map((x: { index_value: number }) => x.index_value);
    const mean = Math.round((prices.reduce((a, b) => a + b, 0) / prices.length) * 10000) / 10000;
    const daily = await get(sb, `${H100}/history-range?startDate=${addDays(TODAY, -2)}&granularity=daily`);
    const today = daily.body.data.find((x: { recorded_at: string }) => x.recorded_at === `${TODAY}T00:00:00.000Z`);
    expect(today).toEqual({
      recorded_at: `${TODAY}T00:00:00.000Z`,
      exact_timestamp: new Date(takenAt(10)).toISOString(),
      index_value: mean,
      data_type: 'daily',
    });
    clock = Date.parse(`${TODAY}T18:30:00.000Z`);
    const evening = await get(sb, `${H100}/history-range?startDate=${addDays(TODAY, -2)}&granularity=daily`);
    const todayLater = evening.body.data.find((x: { recorded_at: string }) => x.recorded_at === `${TODAY}T00:00:00.000Z`);
    expect(todayLater.index_value).not.toBe(mean);
    // Settled days do not move with the clock.
    expect(evening.body.data.filter((x: { recorded_at: string }) => x.recorded_at !== today.recorded_at)).toEqual(
      daily.body.data.filter((x: { recorded_at: string }) => x.recorded_at !== today.recorded_at),
    );
  });

  it('util-index omits today until its 24th reading is taken, then serves it like any day', async () => {
    const q = `/api/utilization-index/history?gpuType=H100%20SXM&startDate=${addDays(TODAY, -3)}&endDate=${TODAY}`;
    const dates = (b: { data: { date: string }[] }): string[] => b.data.map((x) => x.date);
    const noon = await get(await sandbox({ now: AT_1036 }), q);
    expect(dates(noon.body)).toEqual([addDays(TODAY, -3), addDays(TODAY, -2), addDays(TODAY, -1)]);
    const almost = await get(await sandbox({ now: takenAt(23) - 1 }), q);
    expect(dates(almost.body)).not.toContain(TODAY);
    const complete = await get(await sandbox({ now: takenAt(23) }), q);
    expect(dates(complete.body)).toContain(TODAY);
    expect(complete.body.data.at(-1).readings).toBe(24);
    // A pinned day (no time) is complete, as it always was.
    const pinned = await get(await sandbox({ today: TODAY }), q);
    expect(pinned.text).toBe(complete.text);
    // A base day that is still provisional is not available.
    const base = await get(await sandbox({ now: AT_1036 }), `${q}&baseDate=${TODAY}`);
    expect(base.body.baseAvailable).toBe(false);
  });

  it('the aggregate waits for every model; the default window ends on the clock\u2019s date', async () => {
    const noon = await get(await sandbox({ now: AT_1036 }), '/api/utilization-index/history');
    expect(noon.body.endDate).toBe(TODAY);
    expect(noon.body.data.at(-1).date).toBe(addDays(TODAY, -1));
  });

  it('memory rows are today\u2019s once picked up, the previous reading\u2019s before', async () => {
    // A Monday: before the pick-ups the snapshot is Friday's reading, and the envelope says so.
    const MONDAY = '2026-03-16';
    const early = await get(await sandbox({ now: `${MONDAY}T05:00:00Z` }), '/api/memory-index');
    expect(early.body.data).toEqual(memoryRows(addDays(MONDAY, -1)));
    expect(early.body.date).toBe('2026-03-13T00:00:00.000Z');
    const late = await get(await sandbox({ now: `${MONDAY}T08:00:00Z` }), '/api/memory-index');
    expect(late.body.data).toEqual(memoryRows(MONDAY));
    expect(late.body.date).toBe(`${MONDAY}T00:00:00.000Z`);
    // Half way through the pick-ups: each type as far as it has been picked up.
    const t = MEMORY_TYPES[0]!;
    const picked = Date.parse(memoryRow(t, MONDAY).updatedAt);
    const one = await get(await sandbox({ now: picked - 1 }), `/api/memory-index?type=${t.id}`);
    expect(one.body.data).toEqual(memoryRow(t, addDays(MONDAY, -1)));
    const two = await get(await sandbox({ now: picked }), `/api/memory-index?type=${t.id}`);
    expect(two.body).toEqual({ success: true, date: `${MONDAY}T00:00:00.000Z`, data: memoryRow(t, MONDAY), count: 1 });
  });

  it('without today or now the clock is the real time: nothing after the moment of the request', async () => {
    const sb = await sandbox({});
    const r = await get(sb, `${H100}/history-range?granularity=hourly&limit=48`);
    const served = Date.now();
    expect(r.body.data.length).toBeGreaterThan(0);
    for (const x of r.body.data) expect(Date.parse(x.exact_timestamp)).toBeLessThanOrEqual(served);
  });

  it('refuses an ambiguous or malformed clock', () => {
    expect(() => startSandbox({ today: TODAY, now: AT_1036 })).toThrow('give today or now, not both');
    for (const now of ['2026-03-15', '2026-03-15T10:36:00', 'noon', Number.NaN]) {
      expect(() => startSandbox({ now })).toThrow(TypeError);
    }
    expect(() => startSandbox({ today: '2026-02-30' })).toThrow(TypeError);
  });
});
