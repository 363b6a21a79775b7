/** The endpoints beyond the seed's five (decisions.md G): who may call them, methods, exact paths, determinism. */
import { describe, expect, it } from 'vitest';
import { SANDBOX_DAILY_ONLY_KEY, SANDBOX_DEMO_KEY, SANDBOX_INACTIVE_KEY } from '../../src/sandbox/keys.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { TODAY, digestsOf, errorBody, expectSameBytesFromTwoServers, get, useSandbox } from './helpers.js';

const sb = useSandbox();
const unauthorized = (m: string): string => errorBody('Unauthorized', m);
const MISSING = unauthorized('API key required. Use Authorization: Bearer YOUR_API_KEY');

/** Public routes: answer without a key, and the same bytes with any valid key. */
const PUBLIC = [
  '/api/gpu-types',
  '/api/gpu-types-free',
  '/api/memory-types',
  '/api/daily-index?gpuType=H100%20SXM',
  '/api/daily-index/all',
  '/api/gpu/H100%20SXM',
  '/api/gpu/RTX%205090',
];
/** Keyed routes: 401 without a key, as the seed's routes. */
const KEYED = [
  `/api/gpu/H100%20SXM/volatility?startDate=2026-02-01&endDate=${TODAY}`,
  '/api/gpu-utilization',
  '/api/memory/mem_ddr5_16gb/history',
];

describe('access', () => {
  it('/health answers whatever the Authorization header says', async () => {
    for (const key of [null, SANDBOX_DEMO_KEY, SANDBOX_DAILY_ONLY_KEY, SANDBOX_INACTIVE_KEY, 'nope']) {
      const r = await get(sb(), '/health', key);
      expect([r.status, r.text]).toEqual([200, '{"status":"ok","database":"ok"}']);
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
  });

  it('public routes answer without a key, with the same bytes for a full or a daily-only key (/all: see below)', async () => {
    for (const path of PUBLIC) {
      const anon = await get(sb(), path, null);
      expect([path, anon.status]).toEqual([path, 200]);
      if (path.endsWith('/all')) continue;
      for (const key of [SANDBOX_DEMO_KEY, SANDBOX_DAILY_ONLY_KEY]) expect((await get(sb(), path, key)).text).toBe(anon.text);
    }
  });

  it('a key sent to a public route must be valid: unknown or inactive → 401', async () => {
    for (const path of PUBLIC) {
      for (const [key, message] of [
        ['nope', 'Invalid API key'],
        [SANDBOX_INACTIVE_KEY, 'API key is inactive'],
      ] as const) {
        const r = await get(sb(), path, key);
        expect([path, r.status, r.text]).toEqual([path, 401, unauthorized(message)]);
        expect(r.headers.get('www-authenticate')).toBe('Bearer');
      }
    }
  });

  it('RTX PRO 6000 WS needs a key on the public price routes; /all without a key lists the free five', async () => {
    for (const path of ['/api/daily-index?gpuType=RTX%20PRO%206000%20WS', '/api/gpu/RTX%20PRO%206000%20WS']) {
      expect((await get(sb(), path, null)).text).toBe(MISSING);
      expect((await get(sb(), path, SANDBOX_DAILY_ONLY_KEY)).status).toBe(200);
    }
    const anon = await get(sb(), '/api/daily-index/all', null);
    const keyed = await get(sb(), '/api/daily-index/all');
    expect(anon.body.data.map((r: { gpu_name: string }) => r.gpu_name)).toEqual(['H100 SXM', 'H200', 'A100 SXM4', 'B200', 'RTX 5090']);
    expect(keyed.body.data.map((r: { gpu_name: string }) => r.gpu_name)).toEqual([
      'H100 SXM',
      'H200',
      'A100 SXM4',
      'B200',
      'RTX 5090',
      'RTX PRO 6000 WS',
    ]);
    expect(keyed.body.data.slice(0, 5)).toEqual(anon.body.data);
  });

  it('keyed routes: 401 without a valid key, 200 with a full or daily-only key', async () => {
    for (const path of KEYED) {
      expect((await get(sb(), path, null)).text).toBe(MISSING);
      expect((await get(sb(), path, null, { headers: { Authorization: `Basic ${SANDBOX_DEMO_KEY}` } })).text).toBe(MISSING);
      expect((await get(sb(), path, 'nope')).text).toBe(unauthorized('Invalid API key'));
      expect((await get(sb(), path, SANDBOX_INACTIVE_KEY)).text).toBe(unauthorized('API key is inactive'));
      expect((await get(sb(), path)).status).toBe(200);
      expect((await get(sb(), path, SANDBOX_DAILY_ONLY_KEY)).status).toBe(200);
    }
  });

  it('honours a configured key set on the new routes too', async () => {
    const custom = await startSandbox({ today: TODAY, keys: { valid: ['k-full'], inactive: ['k-old'], dailyOnly: ['k-day'] } });
    try {
      expect((await get(custom, KEYED[1]!, 'k-full')).status).toBe(200);
      expect((await get(custom, KEYED[1]!, 'k-day')).status).toBe(200);
      expect((await get(custom, KEYED[1]!, SANDBOX_DEMO_KEY)).text).toBe(unauthorized('Invalid API key'));
      expect((await get(custom, PUBLIC[0]!, 'k-old')).text).toBe(unauthorized('API key is inactive'));
    } finally {
      await custom.close();
    }
  });
});

describe('methods and paths', () => {
  it('405s other methods: public routes without a key, keyed routes only after the key', async () => {
    for (const path of ['/health', ...PUBLIC]) {
      const r = await get(sb(), path, null, { method: 'POST', body: '{}' });
      expect([path, r.status, r.headers.get('allow')]).toEqual([path, 405, 'GET']);
      expect(r.text).toBe(errorBody('Method not allowed', 'Method POST is not allowed: the API is read-only, use GET'));
    }
    for (const path of KEYED) {
      expect((await get(sb(), path, null, { method: 'DELETE' })).status).toBe(401);
      expect((await get(sb(), path, SANDBOX_DEMO_KEY, { method: 'DELETE' })).status).toBe(405);
    }
    const head = await get(sb(), '/health', null, { method: 'HEAD' });
    expect([head.status, head.text]).toEqual([405, '']);
  });

  it('paths match exactly: a trailing slash or an empty segment is not a route (401 without a key, 404 with one)', async () => {
    for (const path of [
      '/health/',
      '/api/gpu-types/',
      '/api/daily-index/all/',
      '/api/gpu/',
      '/api/memory//history',
      '/api/gpu/H100%20SXM/volatility/',
    ]) {
      expect([path, (await get(sb(), path, null)).status]).toEqual([path, 401]);
      const r = await get(sb(), path);
      expect([path, r.status, r.body.error]).toEqual([path, 404, 'Not found']);
    }
  });

  it('rejects a malformed query on a public route with 400', async () => {
    const r = await get(sb(), '/api/daily-index?gpuType=%ZZ', null);
    expect([r.status, r.text]).toEqual([400, errorBody('Bad request', 'Malformed percent-encoding in the request URL')]);
  });
});

describe('determinism', () => {
  const paths = [
    '/api/daily-index/all',
    '/api/gpu/B200',
    '/api/gpu/B200/volatility?startDate=2025-01-01&endDate=2026-03-15&windowDays=90',
    '/api/gpu-utilization',
    '/api/memory/mem_ddr4_16gb/history?startDate=2024-01-01&endDate=2026-03-15',
    '/api/memory-types',
  ];

  it('two servers with the same today serve the same bytes', async () => {
    await expectSameBytesFromTwoServers(paths);
  });

  it('serves the same bytes on every machine (pinned digests)', async () => {
    expect(await digestsOf(sb(), paths)).toEqual(GOLDEN);
  });
});

/** Digests of the determinism paths for TODAY: a change means the model of the new routes changed. */
const GOLDEN = ['c277e28f0021747c', '1432d2292605d0b3', '512ca3839c29cd19', 'fc0770afe897304a', '4dc175f247cf7e21', 'e65ab9ad32ef9bda'];
