/** Plans by key prefix, the sub-daily-only route, and the public free window. */
import { describe, expect, it } from 'vitest';
import { GPU_MODELS } from '../../src/domain/catalogues/gpus.js';
import { DEFAULT_SANDBOX_KEYS, SANDBOX_DEMO_KEY, SANDBOX_INACTIVE_KEY, SANDBOX_PREMIUM_KEY, keyAccess } from '../../src/sandbox/keys.js';
import { FREE_GPU_MODELS, freeWindowStart, identifyCaller, windowedAccess } from '../../src/sandbox/plans.js';
import { ApiError } from '../../src/sandbox/http.js';
import { TODAY, errorBody, get, useSandbox } from './helpers.js';

const H100 = '/api/gpu/H100%20SXM';
const FORBIDDEN = errorBody('Forbidden', 'Premium access is daily-grain only. Hourly and real-time data require a full subscription.');
const MISSING = errorBody('Unauthorized', 'API key required. Use Authorization: Bearer YOUR_API_KEY');

describe('plans by key prefix', () => {
  const sb = useSandbox({ keys: { valid: ['sk_live_abc', 'sk_prem_abc', 'other-key', SANDBOX_DEMO_KEY], dailyOnly: ['plain-daily'] } });

  it('sk_live_ and unknown prefixes are full, sk_prem_ and configured daily-only keys premium', async () => {
    const q = `${H100}/history-range?granularity=hourly&startDate=${TODAY}`;
    for (const [key, access, grain] of [
      ['sk_live_abc', 'full', 'hourly'],
      ['other-key', 'full', 'hourly'],
      ['sk_prem_abc', 'premium', 'daily'],
      ['plain-daily', 'premium', 'daily'],
    ] as const) {
      const r = await get(sb(), q, key);
      expect([key, r.status, r.body.access, r.body.granularity, r.body.query.data_granularity]).toEqual([key, 200, access, grain, grain]);
      expect(new Set(r.body.data.map((x: { data_type: string }) => x.data_type))).toEqual(new Set([grain]));
    }
  });

  it('the documented sandbox keys: sk_live_sandbox full, sk_prem_sandbox premium, sk_live_sandbox_revoked inactive', () => {
    expect([SANDBOX_DEMO_KEY, SANDBOX_PREMIUM_KEY, SANDBOX_INACTIVE_KEY]).toEqual([
      'sk_live_sandbox',
      'sk_prem_sandbox',
      'sk_live_sandbox_revoked',
    ]);
    expect(
      [SANDBOX_DEMO_KEY, SANDBOX_PREMIUM_KEY, SANDBOX_INACTIVE_KEY, 'sk_live_other'].map((k) => keyAccess(k, DEFAULT_SANDBOX_KEYS)),
    ).toEqual(['full', 'premium', 'inactive', 'unknown']);
  });

  it('no key is 401 on every route served today (they all need a key), /hourly included', async () => {
    for (const path of [
      `${H100}/history-simple`,
      `${H100}/volume-metrics`,
      `${H100}/history-range`,
      `${H100}/hourly`,
      '/api/utilization-index/history',
      '/api/memory-index',
    ]) {
      const r = await get(sb(), path, null);
      expect([path, r.status, r.text]).toEqual([path, 401, MISSING]);
    }
  });
});

describe('/api/gpu/{gpuName}/hourly, a route for sub-daily data only', () => {
  const sb = useSandbox();

  it('serves a full key hourly rows, newest first', async () => {
    const r = await get(sb(), `${H100}/hourly?startDate=${TODAY}&limit=5`);
    expect(r.status).toBe(200);
    expect([r.body.access, r.body.granularity, r.body.query.data_granularity, r.body.query.limit_applied]).toEqual([
      'full',
      'hourly',
      'hourly',
      5,
    ]);
    expect(r.body.data.map((x: { recorded_at: string }) => x.recorded_at)).toEqual(
      [23, 22, 21, 20, 19].map((h) => `${TODAY}T${h}:00:00.000Z`),
    );
    const range = await get(sb(), `${H100}/history-range?startDate=${TODAY}&granularity=hourly`);
    const byTime = new Map(range.body.data.map((x: { recorded_at: string }) => [x.recorded_at, x]));
    for (const x of r.body.data) expect(x).toEqual(byTime.get(x.recorded_at));
  });

  it('answers a premium key 403 with the documented message, whatever it asks', async () => {
    for (const path of [`${H100}/hourly`, `${H100}/hourly?granularity=daily`, '/api/gpu/nonsense/hourly?limit=0']) {
      const r = await get(sb(), path, SANDBOX_PREMIUM_KEY);
      expect([r.status, r.text]).toEqual([403, FORBIDDEN]);
    }
  });

  it('validates like the other series for a full key', async () => {
    expect((await get(sb(), '/api/gpu/h100/hourly')).status).toBe(400);
    expect((await get(sb(), `${H100}/hourly?limit=0`)).status).toBe(400);
  });
});

describe('the free window (no key, public routes)', () => {
  /** The 401 windowedAccess throws, or 'ok' with what it serves. */
  const attempt = (f: () => unknown): unknown => {
    try {
      return f();
    } catch (e) {
      return e instanceof ApiError ? [e.status, e.message] : e;
    }
  };

  it('reaches back 3 calendar months, clamped to the month end', () => {
    expect(freeWindowStart('2026-03-15')).toBe('2025-12-15');
    expect(freeWindowStart('2026-05-31')).toBe('2026-02-28');
  });

  it('serves the five free models daily as public-3mo inside it, and 401 outside', () => {
    expect(FREE_GPU_MODELS).toEqual(GPU_MODELS.filter((g) => g !== 'RTX PRO 6000 WS'));
    const start = freeWindowStart(TODAY);
    for (const gpu of FREE_GPU_MODELS) {
      expect(windowedAccess('public', { gpu, from: start, today: TODAY, grain: 'hourly' })).toEqual({
        access: 'public-3mo',
        grain: 'daily',
      });
    }
    const missing = [401, 'API key required. Use Authorization: Bearer YOUR_API_KEY'];
    expect(attempt(() => windowedAccess('public', { gpu: 'RTX PRO 6000 WS', from: TODAY, today: TODAY, grain: 'daily' }))).toEqual(missing);
    expect(attempt(() => windowedAccess('public', { gpu: 'H100 SXM', from: '2025-12-14', today: TODAY, grain: 'daily' }))).toEqual(missing);
    // Keys are not windowed: full history, all six models; premium daily.
    expect(windowedAccess('premium', { gpu: 'RTX PRO 6000 WS', from: '2024-01-01', today: TODAY, grain: 'hourly' })).toEqual({
      access: 'premium',
      grain: 'daily',
    });
    expect(windowedAccess('full', { gpu: 'RTX PRO 6000 WS', from: '2024-01-01', today: TODAY, grain: 'hourly' })).toEqual({
      access: 'full',
      grain: 'hourly',
    });
  });

  it('no Authorization (or not a bearer token) is the public plan; a bad key is still 401', () => {
    expect(identifyCaller(undefined, DEFAULT_SANDBOX_KEYS)).toBe('public');
    expect(identifyCaller('Basic abc', DEFAULT_SANDBOX_KEYS)).toBe('public');
    expect(identifyCaller(`Bearer ${SANDBOX_PREMIUM_KEY}`, DEFAULT_SANDBOX_KEYS)).toBe('premium');
    expect(attempt(() => identifyCaller('Bearer nope', DEFAULT_SANDBOX_KEYS))).toEqual([401, 'Invalid API key']);
    expect(attempt(() => identifyCaller(`Bearer ${SANDBOX_INACTIVE_KEY}`, DEFAULT_SANDBOX_KEYS))).toEqual([401, 'API key is inactive']);
  });
});
