/**
 * The rest of the GPU routes in the sandbox: the previous settled day, the rolling 24-hour average and
 * its daily history, the record nearest a time, the public daily series (and its H100 twin), and the
 * deprecated day-index alias. Each is checked against the series it is cut from, under every plan.
 */
import { describe, expect, it } from 'vitest';
import { addDays, subtractMonths } from '../../src/domain/time/dates.js';
import { SANDBOX_DAILY_ONLY_KEY, SANDBOX_DEMO_KEY } from '../../src/sandbox/keys.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { TODAY, digestsOf, errorBody, get, useSandbox } from './helpers.js';

const sb = useSandbox();
const H100 = '/api/gpu/H100%20SXM';
const MISSING = errorBody('Unauthorized', 'API key required. Use Authorization: Bearer YOUR_API_KEY');
const DAILY_ONLY = errorBody('Forbidden', 'Premium access is daily-grain only. Hourly and real-time data require a full subscription.');
const DATETIME = errorBody('Bad request', 'datetime query parameter is required (format: YYYY-MM-DD HH:MM:SS or ISO 8601)');
type Row = Record<string, unknown>;

/** history-range's rows (they carry exact_timestamp) of a window, for a full key. */
async function hourly(path: string, from: string, to: string): Promise<Row[]> {
  return (await get(sb(), `${path}/history-range?startDate=${from}&endDate=${to}&granularity=hourly&limit=1000`)).body.data as Row[];
}

/** history-simple's daily rows of a window, oldest first. */
async function daily(path: string, from: string, to: string): Promise<Row[]> {
  return (
    (await get(sb(), `${path}/history-simple?startDate=${from}&endDate=${to}&granularity=daily&limit=1000`)).body.data as Row[]
  ).reverse();
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('/api/daily-index/{gpu}/previous', () => {
  it('is the settled day before /api/daily-index, cut from the daily series, for every model', async () => {
    for (const gpu of ['H100%20SXM', 'B200', 'RTX%20PRO%206000%20WS']) {
      const latest = (await get(sb(), `/api/daily-index?gpuType=${gpu}`)).body.data as Row;
      const prev = (await get(sb(), `/api/daily-index/${gpu}/previous`)).body.data as Row;
      const rows = await daily(`/api/gpu/${gpu}`, addDays(TODAY, -10), TODAY);
      const before = rows.filter((r) => String(r.timestamp).slice(0, 10) < String(latest.date)).at(-1) as Row;
      expect(prev).toEqual({
        gpu_name: decodeURIComponent(gpu),
        region: '',
        index_value: before.index_value,
        date: String(before.timestamp).slice(0, 10),
      });
      expect(String(prev.date) < String(latest.date)).toBe(true);
    }
  });

  it('is public for the free five (same bytes with any key); RTX PRO 6000 WS needs a key', async () => {
    const anon = await get(sb(), '/api/daily-index/H200/previous', null);
    expect(anon.status).toBe(200);
    expect((await get(sb(), '/api/daily-index/H200/previous', SANDBOX_DAILY_ONLY_KEY)).text).toBe(anon.text);
    expect((await get(sb(), '/api/daily-index/RTX%20PRO%206000%20WS/previous', null)).text).toBe(MISSING);
    expect((await get(sb(), '/api/daily-index/H300/previous', null)).status).toBe(400);
  });

  it('/api/day-index, the deprecated alias, answers exactly as /api/daily-index', async () => {
    for (const q of ['?gpuType=B200', '?gpuType=RTX%20PRO%206000%20WS', '']) {
      for (const key of [null, SANDBOX_DEMO_KEY]) {
        const [a, b] = await Promise.all([get(sb(), `/api/day-index${q}`, key), get(sb(), `/api/daily-index${q}`, key)]);
        expect([a.status, a.text]).toEqual([b.status, b.text]);
      }
    }
  });
});

describe('/api/gpu/{gpu}/rolling-24h-average', () => {
  it('is the mean of the hourly readings taken in the last 24 hours (full key)', async () => {
    const r = await get(sb(), `${H100}/rolling-24h-average`);
    expect(r.status).toBe(200);
    const end = Date.parse(`${TODAY}T23:59:59.999Z`);
    const hours = (await hourly(H100, addDays(TODAY, -1), TODAY)).filter((h) => Date.parse(String(h.exact_timestamp)) > end - 86_400_000);
    expect(hours.length).toBeGreaterThan(20);
    expect(Math.abs(r.body.data.average_usd_per_hour - mean(hours.map((h) => h.index_value as number)))).toBeLessThan(1e-12);
    expect(r.body).toMatchObject({ success: true, access: 'full', data: { gpu_name: 'H100 SXM', region: '' } });
    const newest = hours
      .map((h) => String(h.exact_timestamp))
      .sort()
      .at(-1);
    expect(r.body.data.last_updated).toBe(newest);
  });

  it("is a route for sub-daily data: a premium key gets the service's 403, no key 401", async () => {
    expect((await get(sb(), `${H100}/rolling-24h-average`, SANDBOX_DAILY_ONLY_KEY)).text).toBe(DAILY_ONLY);
    expect((await get(sb(), `${H100}/rolling-24h-average`, null)).text).toBe(MISSING);
  });

  it('never serves readings after its clock: at 10:30 the average ends with the 10:00 reading', async () => {
    const now = `${TODAY}T10:30:00.000Z`;
    const clocked = await startSandbox({ now });
    try {
      const r = (await get(clocked, `${H100}/rolling-24h-average`)).body.data as Row;
      expect(String(r.last_updated) <= now).toBe(true);
      const hours = (
        (await get(clocked, `${H100}/history-range?startDate=${addDays(TODAY, -1)}&endDate=${TODAY}&granularity=hourly&limit=100`)).body
          .data as Row[]
      ).filter((h) => Date.parse(String(h.exact_timestamp)) > Date.parse(now) - 86_400_000);
      expect(hours.every((h) => String(h.exact_timestamp) <= now)).toBe(true);
      expect(Math.abs((r.average_usd_per_hour as number) - mean(hours.map((h) => h.index_value as number)))).toBeLessThan(1e-12);
      const hist = (await get(clocked, `${H100}/rolling-24h-average/history?startDate=${addDays(TODAY, -2)}&endDate=${addDays(TODAY, 5)}`))
        .body.data as Row[];
      expect(hist[0]).toEqual({ date: TODAY, average_usd_per_hour: r.average_usd_per_hour });
    } finally {
      await clocked.close();
    }
  });
});

describe('/api/gpu/{gpu}/rolling-24h-average/history', () => {
  it('any key, daily: a settled day is the mean of its own readings, today the current value; newest first', async () => {
    for (const key of [SANDBOX_DEMO_KEY, SANDBOX_DAILY_ONLY_KEY]) {
      const r = await get(sb(), `${H100}/rolling-24h-average/history?startDate=${addDays(TODAY, -6)}&endDate=${TODAY}`, key);
      expect(r.body).toMatchObject({
        success: true,
        access: key === SANDBOX_DEMO_KEY ? 'full' : 'premium',
        granularity: 'daily',
        query: { gpu_name: 'H100 SXM', records_found: 7 },
      });
      const rows = r.body.data as Row[];
      expect(rows.map((x) => x.date)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => addDays(TODAY, -n)));
      const hours = await hourly(H100, addDays(TODAY, -6), TODAY);
      const days = await daily(H100, addDays(TODAY, -6), TODAY);
      for (const row of rows) {
        const own = hours.filter((h) => String(h.recorded_at).startsWith(String(row.date))).map((h) => h.index_value as number);
        expect(Math.abs((row.average_usd_per_hour as number) - mean(own)), String(row.date)).toBeLessThan(1e-12);
        // The daily index is the same mean, rounded to 4 decimals.
        const day = days.find((d) => String(d.timestamp).startsWith(String(row.date))) as Row;
        expect(Math.abs((row.average_usd_per_hour as number) - (day.index_value as number))).toBeLessThanOrEqual(5e-5 + 1e-12);
      }
    }
    const now = (await get(sb(), `${H100}/rolling-24h-average`)).body.data as Row;
    const today = (await get(sb(), `${H100}/rolling-24h-average/history?startDate=${TODAY}&endDate=${TODAY}`)).body.data as Row[];
    expect(today).toEqual([{ date: TODAY, average_usd_per_hour: now.average_usd_per_hour }]);
  });

  it('defaults to the 30 days ending today; no rows before the history or after the clock; no key 401', async () => {
    const r = await get(sb(), `/api/gpu/B200/rolling-24h-average/history`);
    expect(r.body.data).toHaveLength(30);
    expect(r.body.data[0].date).toBe(TODAY);
    expect(
      (await get(sb(), `/api/gpu/B200/rolling-24h-average/history?startDate=2023-12-30&endDate=2024-01-02`)).body.data.map(
        (x: Row) => x.date,
      ),
    ).toEqual(['2024-01-02', '2024-01-01']);
    expect(
      (await get(sb(), `/api/gpu/B200/rolling-24h-average/history?startDate=${addDays(TODAY, 1)}&endDate=${addDays(TODAY, 9)}`)).body.data,
    ).toEqual([]);
    expect((await get(sb(), `/api/gpu/B200/rolling-24h-average/history`, null)).text).toBe(MISSING);
    expect((await get(sb(), `/api/gpu/B200/rolling-24h-average/history?startDate=2026-03-10&endDate=2026-03-01`)).status).toBe(400);
  });
});

describe('/api/gpu/{gpu}/history?datetime=', () => {
  it('a full key gets the nearest hourly record, a premium key the nearest daily one, with the gap in seconds', async () => {
    const at = `${addDays(TODAY, -3)} 12:31:00`;
    const full = (await get(sb(), `${H100}/history?datetime=${encodeURIComponent(at)}`)).body;
    const hours = await hourly(H100, addDays(TODAY, -3), addDays(TODAY, -3));
    const atMs = Date.parse(`${addDays(TODAY, -3)}T12:31:00Z`);
    const nearest = [...hours].sort(
      (a, b) => Math.abs(Date.parse(String(a.recorded_at)) - atMs) - Math.abs(Date.parse(String(b.recorded_at)) - atMs),
    )[0] as Row;
    expect(full).toMatchObject({ access: 'full', granularity: 'hourly' });
    expect(full.data).toEqual({
      gpu_name: 'H100 SXM',
      requested_datetime: `${addDays(TODAY, -3)}T12:31:00.000Z`,
      timestamp: nearest.recorded_at,
      index_value: nearest.index_value,
      time_difference: Math.abs(Date.parse(String(nearest.recorded_at)) - atMs) / 1000,
      is_exact: false,
    });
    const prem = (await get(sb(), `${H100}/history?datetime=${encodeURIComponent(at)}`, SANDBOX_DAILY_ONLY_KEY)).body;
    const days = await daily(H100, addDays(TODAY, -4), addDays(TODAY, -2));
    expect(prem).toMatchObject({ access: 'premium', granularity: 'daily' });
    // 12:31 is nearer the next midnight (41 340 s) than its own (45 060 s).
    expect(prem.data).toMatchObject({
      timestamp: `${addDays(TODAY, -2)}T00:00:00.000Z`,
      index_value: days[2]?.index_value,
      time_difference: 41_340,
      is_exact: false,
    });
  });

  it('an exact hour is exact; the two documented forms (and a zone) name the same instant', async () => {
    const a = await get(sb(), `${H100}/history?datetime=${encodeURIComponent(`${addDays(TODAY, -3)} 05:00:00`)}`);
    const b = await get(sb(), `${H100}/history?datetime=${addDays(TODAY, -3)}T07:00:00%2B02:00`);
    expect(a.body.data).toMatchObject({ timestamp: `${addDays(TODAY, -3)}T05:00:00.000Z`, time_difference: 0, is_exact: true });
    expect(b.text).toBe(a.text);
  });

  it('never 404s for a time out of range: the edge record, and the gap', async () => {
    const before = (await get(sb(), `${H100}/history?datetime=2023-12-31T23:00:00Z`)).body.data as Row;
    expect(before).toMatchObject({ timestamp: '2024-01-01T00:00:00.000Z', time_difference: 3600, is_exact: false });
    const after = (await get(sb(), `${H100}/history?datetime=2030-01-01`)).body.data as Row;
    const last = (await get(sb(), `${H100}/history-simple?startDate=${TODAY}&endDate=${TODAY}&granularity=hourly&limit=1`)).body
      .data[0] as Row;
    expect(after).toMatchObject({ timestamp: last.timestamp, index_value: last.index_value, is_exact: false });
    expect(after.time_difference).toBe((Date.parse('2030-01-01T00:00:00Z') - Date.parse(String(last.timestamp))) / 1000);
  });

  it("datetime missing or unreadable: the service's 400; no key: 401", async () => {
    for (const q of ['', '?datetime=', '?datetime=yesterday', '?datetime=2026-02-30', '?datetime=2026-03-01T25:00']) {
      expect([q, (await get(sb(), `${H100}/history${q}`)).text]).toEqual([q, DATETIME]);
    }
    expect((await get(sb(), `${H100}/history?datetime=2026-03-01`, null)).text).toBe(MISSING);
  });
});

describe('/api/gpu/{gpu}/index-history and /api/h100-history', () => {
  const start = subtractMonths(TODAY, 3);

  it('without a key: the free five over the trailing 3 months, daily, access public-3mo; the same rows as history-simple', async () => {
    const r = await get(sb(), `/api/gpu/A100%20SXM4/index-history?startDate=${start}&endDate=${TODAY}`, null);
    expect(r.body).toMatchObject({ success: true, access: 'public-3mo', granularity: 'daily' });
    const simple = await daily('/api/gpu/A100%20SXM4', start, TODAY);
    expect([...(r.body.data as Row[])].reverse()).toEqual(simple);
    expect((await get(sb(), `/api/gpu/A100%20SXM4/index-history`, null)).text).toBe(r.text);
  });

  it('without a key: 401 for RTX PRO 6000 WS or a startDate before the window; a key reads the full history', async () => {
    expect((await get(sb(), '/api/gpu/RTX%20PRO%206000%20WS/index-history', null)).text).toBe(MISSING);
    expect((await get(sb(), `${H100}/index-history?startDate=${addDays(start, -1)}`, null)).text).toBe(MISSING);
    const keyed = await get(sb(), `${H100}/index-history?startDate=2024-01-01&endDate=2024-01-31`, SANDBOX_DAILY_ONLY_KEY);
    expect(keyed.body).toMatchObject({ access: 'premium', query: { records_found: 31 } });
    expect((await get(sb(), '/api/gpu/RTX%20PRO%206000%20WS/index-history')).body.access).toBe('full');
  });

  it('/api/h100-history is index-history of H100 SXM', async () => {
    for (const key of [null, SANDBOX_DEMO_KEY]) {
      const q = `?startDate=${addDays(TODAY, -20)}&endDate=${TODAY}`;
      expect((await get(sb(), `/api/h100-history${q}`, key)).text).toBe((await get(sb(), `${H100}/index-history${q}`, key)).text);
    }
  });

  it('serves the same bytes on every machine (pinned digests)', async () => {
    const paths = [
      `${H100}/rolling-24h-average/history?startDate=2025-01-01&endDate=${TODAY}`,
      `${H100}/history?datetime=2025-06-01T08:20:00Z`,
      '/api/daily-index/B200/previous',
      `${H100}/index-history`,
    ];
    expect(await digestsOf(sb(), paths)).toEqual(GOLDEN);
  });
});

/** Digests of the paths above for TODAY: a change means the model of these routes changed. */
const GOLDEN = ['bbde6f67cece782c', '08deffdcfad316f5', '4170dd46e4da649c', '6b8afc9d1ff34e28'];
