/**
 * What the sandbox never does, from small purpose-built servers on loopback: a util-index service
 * with a 40-day run of unpublished days (an overlap that holds no published day), rows that break
 * the spec's rules, and a series service that caps the rows of a response.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../../src/domain/time/dates.js';
import { respond, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli, TODAY } from '../helpers/cli.js';

// ---- A util-index service over a synthetic history with a gap ------------------------------------

const FIRST = '2024-01-01';
const GAP = { from: '2025-06-01', to: '2025-07-10' };
type Day = { date: string; capacity: number; rented: number };

/** The published days: every day from FIRST to TODAY except the gap. */
const DAYS: Day[] = [];
for (let d = FIRST, i = 0; d <= TODAY; d = addDays(d, 1), i++) {
  if (d >= GAP.from && d <= GAP.to) continue;
  DAYS.push({ date: d, capacity: 1000 + i, rented: 600 + ((i * 37) % 200) });
}

/** Rows of a window as the service builds them: decomposed within the window, first row no_prior_day. */
function utilRows(from: string, to: string): Array<Record<string, unknown>> {
  let prev: Day | undefined;
  return DAYS.filter((d) => d.date >= from && d.date <= to).map((t) => {
    const demandEffect = prev ? (t.rented - prev.rented) / prev.capacity : null;
    const supplyEffect = prev ? t.rented / t.capacity - t.rented / prev.capacity : null;
    const row = {
      date: t.date,
      occupancy: t.rented / t.capacity,
      eur: t.rented / t.capacity,
      index: (100 * t.rented) / t.capacity / 0.6,
      capacity: t.capacity,
      rented: t.rented,
      demandEffect,
      supplyEffect,
      occupancyChange: demandEffect === null || supplyEffect === null ? null : demandEffect + supplyEffect,
      decompositionBasis: prev ? 'like_for_like' : 'no_prior_day',
      comparable: prev !== undefined,
      readings: 24,
    };
    prev = t;
    return row;
  });
}

/** Test hook: changes the rows of a response before it is sent. */
let tamper: (rows: Array<Record<string, unknown>>) => Array<Record<string, unknown>> = (rows) => rows;
const log: Array<{ from: string; to: string }> = [];

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const from = url.searchParams.get('startDate') ?? '';
    const to = url.searchParams.get('endDate') ?? '';
    log.push({ from, to });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${CANARY_KEY}`) return send(401, { error: 'Unauthorized', message: 'Invalid API key' });
    if (daysBetween(from, to) + 1 > 400) return send(400, { error: 'Bad request', message: 'Date range too large' });
    const data = tamper(utilRows(from, to));
    if (data.length === 0) return send(404, { error: 'No data available', message: 'No daily index data found' });
    send(200, { success: true, startDate: from, endDate: to, baseAvailable: true, count: data.length, data });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const env = () => ({ GPUMKT_BASE_URL: base, GPUMKT_API_KEY: CANARY_KEY });

describe('util-index: an overlap without a published day', () => {
  it("widens back to the previous published day, so the chunk's first row keeps its decomposition", async () => {
    // The second chunk keeps 2025-07-01 on; its 14-day overlap (from 2025-06-17) lies inside the gap.
    const from = '2024-05-27';
    expect(addDays(from, 400)).toBe('2025-07-01');
    log.length = 0;
    const r = await runCli(['util-index', '--gpu', 'h100', '--from', from, '-f', 'json'], { env: env() });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const rows = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    // What one request over the whole window would give, its first row decomposed against the day before it.
    expect(rows).toEqual(utilRows(addDays(from, -14), TODAY).filter((x) => String(x.date) >= from));
    expect(rows[0]?.decompositionBasis).toBe('like_for_like');
    const after = rows.find((x) => x.date === '2025-07-11') as Record<string, unknown>;
    expect(after.decompositionBasis).toBe('like_for_like');
    // The re-request reaches back to the last published day before the gap.
    expect(log).toContainEqual({ from: '2025-05-31', to: '2025-07-11' });
    expect(log.every((q) => daysBetween(q.from, q.to) + 1 <= 400)).toBe(true);
  });
});

describe('spec checks on what the service sends', () => {
  const broken = (rows: Array<Record<string, unknown>>) =>
    rows.map((row) => {
      if (row.date === '2026-10-05') return { ...row, occupancyChange: (row.occupancyChange as number) + 0.001 };
      if (row.date === '2026-10-07') return { ...row, readings: 20 };
      if (row.date === '2026-10-09') return { ...row, demandEffect: null, supplyEffect: null, occupancyChange: null };
      return row;
    });

  it('warns on stderr and still prints the rows', async () => {
    tamper = broken;
    try {
      const r = await runCli(['util-index', '--gpu', 'h100', '--from', '2026-10-01', '--to', '2026-10-12', '-f', 'csv'], { env: env() });
      expect(r.code).toBe(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(13);
      const warnings = r.stderr.trim().split('\n');
      expect(warnings).toEqual([
        expect.stringMatching(/^gpumkt: warning: util-index H100 SXM 2026-10-05: demandEffect \+ supplyEffect .* ≠ occupancyChange/),
        'gpumkt: warning: util-index H100 SXM 2026-10-07: published with 20 readings (fewer than 24)',
        'gpumkt: warning: util-index H100 SXM 2026-10-09: only the first row may have null effects',
      ]);
    } finally {
      tamper = (rows) => rows;
    }
  });

  it('--strict makes a broken row exit 6 with one line and no output', async () => {
    tamper = broken;
    try {
      const r = await runCli(['util-index', '--gpu', 'h100', '--from', '2026-10-01', '--to', '2026-10-12', '--strict', '-f', 'csv'], {
        env: env(),
      });
      expect(r.code).toBe(6);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^gpumkt: error: the data breaks the spec's rules: util-index H100 SXM 2026-10-05: .*\(and 2 more\)\n$/);
    } finally {
      tamper = (rows) => rows;
    }
  });

  it('dates out of order are reported', async () => {
    // The last two rows swapped (the first ones are the days before the window, which are dropped).
    tamper = (rows) => [...rows.slice(0, -2), rows.at(-1), rows.at(-2)] as Array<Record<string, unknown>>;
    try {
      const r = await runCli(['util-index', '--gpu', 'h100', '--from', '2026-10-01', '--to', '2026-10-05', '--strict'], { env: env() });
      expect(r.code).toBe(6);
      expect(r.stderr).toMatch(
        /^gpumkt: error: the data breaks the spec's rules: util-index H100 SXM 2026-10-04: dates are not strictly increasing \(after 2026-10-05\)/,
      );
    } finally {
      tamper = (rows) => rows;
    }
  });

  it('clean data passes --strict', async () => {
    const r = await runCli(['util-index', '--gpu', 'h100', '--from', '2026-10-01', '--to', '2026-10-12', '--strict', '-f', 'csv'], {
      env: env(),
    });
    expect([r.code, r.stderr]).toEqual([0, '']);
  });
});

// ---- A series service that caps the rows of a response -----------------------------------------

/** The row cap the capped sandboxes apply. */
const CAP = 50;

/**
 * A sandbox that answers like the real API with `limit` lowered to CAP (limit_applied below what was
 * asked, records_found above the rows); `edit` may change each capped body further.
 */
function cappedSandbox(edit?: (body: { query: Record<string, unknown> }) => void): Promise<Sandbox> {
  const keys = { valid: [CANARY_KEY] };
  return startSandbox({
    today: TODAY,
    keys,
    intercept: (rec) => {
      const u = new URL(rec.url, 'http://x');
      if (!u.pathname.startsWith('/api/gpu/') || Number(u.searchParams.get('limit') ?? 100) <= CAP) return undefined;
      u.searchParams.set('limit', String(CAP));
      const reply = respond(
        { method: 'GET', url: u.pathname + u.search, authorization: rec.headers.authorization as string },
        { keys, today: TODAY },
      );
      const body = JSON.parse(reply.body) as { query: Record<string, unknown> };
      edit?.(body);
      return { status: reply.status, body };
    },
  });
}

describe('series: a service that caps the rows', () => {
  let capped: Sandbox;
  let plain: Sandbox;
  beforeAll(async () => {
    plain = await startSandbox({ today: TODAY, keys: { valid: [CANARY_KEY] } });
    capped = await cappedSandbox();
  });
  afterAll(async () => {
    await capped.close();
    await plain.close();
  });
  const run = (sb: Sandbox, args: string[]) => runCli(args, { env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY } });

  it.each([
    ['history', 'h100', '--from', '1y', '--granularity', 'daily'],
    ['volume', 'b200', '--from', '10d'],
    ['range', 'h200', '--from', '3m'],
  ])('%s %s %s %s: every row, in parts of at most the cap, equal to the uncapped answer', async (...args) => {
    const before = capped.requests.length;
    const got = await run(capped, [...args, '-f', 'csv']);
    const want = await run(plain, [...args, '-f', 'csv']);
    expect([got.code, got.stderr]).toEqual([0, '']);
    expect(got.stdout).toBe(want.stdout);
    expect(got.stdout.trim().split('\n').length - 1).toBeGreaterThan(CAP);
    const parts = capped.requests.slice(before).slice(1);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const q of parts) expect(Number(q.query.limit)).toBeLessThanOrEqual(CAP);
  });

  it('without records_found, a full response under a lowered limit_applied is fetched in parts too', async () => {
    const quiet = await cappedSandbox((body) => void delete body.query.records_found);
    try {
      const args = ['history', 'a100', '--from', '6m', '--granularity', 'daily', '-f', 'csv'];
      const got = await run(quiet, args);
      const want = await run(plain, args);
      expect([got.code, got.stderr]).toEqual([0, '']);
      expect(got.stdout).toBe(want.stdout);
      expect(quiet.requests.length).toBeGreaterThan(2);
    } finally {
      await quiet.close();
    }
  });

  it('--raw cannot be split: exit 6 naming the cap, nothing printed', async () => {
    const r = await run(capped, ['history', 'h100', '--from', '1y', '--granularity', 'daily', '--raw']);
    expect(r.code).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/reports 366 rows in the window but sent 50/);
  });
});
