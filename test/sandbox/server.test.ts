/** The sandbox server itself: auth, routing, methods, hostile input, the request log, hooks and determinism. */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SANDBOX_DAILY_ONLY_KEY, SANDBOX_DEMO_KEY, SANDBOX_INACTIVE_KEY } from '../../src/sandbox/keys.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { TODAY, digestsOf, errorBody, expectSameBytesFromTwoServers, get, useSandbox } from './helpers.js';

const sb = useSandbox();
const GOOD = '/api/gpu/H100%20SXM/history-simple?limit=3';
const unauthorized = (m: string): string => errorBody('Unauthorized', m);

/** Sends raw bytes and returns the raw reply (the server closes the connection after a parse error). */
function raw(s: Sandbox, request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = connect(s.port, s.host);
    const chunks: Buffer[] = [];
    sock.on('data', (c) => chunks.push(c));
    sock.on('error', reject);
    sock.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    sock.end(request);
  });
}

describe('authentication, before anything else', () => {
  const cases: [string, string | null, Record<string, string>, string][] = [
    ['missing', null, {}, unauthorized('API key required. Use Authorization: Bearer YOUR_API_KEY')],
    [
      'not bearer',
      null,
      { Authorization: `Basic ${SANDBOX_DEMO_KEY}` },
      unauthorized('API key required. Use Authorization: Bearer YOUR_API_KEY'),
    ],
    ['unknown', 'nope', {}, unauthorized('Invalid API key')],
    ['inactive', SANDBOX_INACTIVE_KEY, {}, unauthorized('API key is inactive')],
  ];
  for (const [name, key, headers, text] of cases) {
    it(`${name} key → 401 on every route, even a bad one`, async () => {
      for (const path of [GOOD, '/api/utilization-index/history', '/api/memory-index', '/api/gpu/h100/history-range', '/nowhere']) {
        const r = await get(sb(), path, key, { headers });
        expect([r.status, r.text]).toEqual([401, text]);
        expect(r.headers.get('www-authenticate')).toBe('Bearer');
      }
    });
  }

  it('accepts the scheme in any case, and configured key sets replace the defaults', async () => {
    expect((await get(sb(), GOOD, null, { headers: { Authorization: `bearer ${SANDBOX_DEMO_KEY}` } })).status).toBe(200);
    const custom = await startSandbox({ today: TODAY, keys: { valid: ['k-full'], inactive: ['k-old'], dailyOnly: ['k-day'] } });
    try {
      expect((await get(custom, GOOD, 'k-full')).status).toBe(200);
      expect((await get(custom, GOOD, SANDBOX_DEMO_KEY)).text).toBe(unauthorized('Invalid API key'));
      expect((await get(custom, GOOD, 'k-old')).text).toBe(unauthorized('API key is inactive'));
      const day = await get(custom, GOOD, 'k-day');
      expect([day.status, day.body.access, day.body.granularity]).toEqual([200, 'premium', 'daily']);
      expect((await get(custom, GOOD, SANDBOX_DAILY_ONLY_KEY)).status).toBe(401);
    } finally {
      await custom.close();
    }
  });
});

describe('routes and methods', () => {
  it('404s an unknown route with a JSON body', async () => {
    for (const path of ['/api/nothing', '/api/memory-index/', '/api/gpu/H100%20SXM/histories', '/', '/api/utilization-index/history/x']) {
      const r = await get(sb(), path);
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(r.body.error).toBe('Not found');
    }
    expect((await get(sb(), '/api/nothing')).text).toBe(errorBody('Not found', 'No such endpoint: /api/nothing'));
  });

  it('405s every method but GET, with Allow: GET', async () => {
    for (const method of ['POST', 'DELETE', 'PUT', 'PATCH']) {
      const r = await get(sb(), GOOD, SANDBOX_DEMO_KEY, { method, body: method === 'DELETE' ? undefined : '{"x":1}' });
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toBe('GET');
      expect(r.text).toBe(errorBody('Method not allowed', `Method ${method} is not allowed: the API is read-only, use GET`));
    }
    const head = await get(sb(), GOOD, SANDBOX_DEMO_KEY, { method: 'HEAD' });
    expect([head.status, head.text, head.headers.get('allow')]).toEqual([405, '', 'GET']);
  });
});

describe('hostile input', () => {
  it('answers each with a JSON error and keeps serving', async () => {
    const s = sb();
    const longPath = `/api/gpu/${'A'.repeat(100 * 1024)}/history-simple`;
    const expectations: [string, number][] = [
      [longPath, 414],
      ['/api/gpu/H100%ZZSXM/history-simple', 400],
      ['/api/gpu/%C3%28/history-simple', 400],
      [`${GOOD}&startDate=%ZZ`, 400],
      [`${GOOD}&startDate=2026-13-01`, 400],
      [`${GOOD}&limit=0`, 400],
      [`${GOOD}&limit=-1`, 400],
      [`${GOOD}&limit=abc`, 400],
      ['/api/utilization-index/history?startDate=0000-00-00', 400],
      ['/api/utilization-index/history?startDate=99999-01-01', 400],
    ];
    for (const [path, status] of expectations) {
      const r = await get(s, path);
      expect([path.slice(0, 60), r.status]).toEqual([path.slice(0, 60), status]);
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Object.keys(r.body)).toEqual(['error', 'message']);
    }
    expect((await get(s, longPath)).text).toBe(errorBody('URI too long', 'The request URL is longer than 8192 characters'));
    expect((await get(s, '/api/gpu/H100%ZZSXM/history-simple')).text).toBe(
      errorBody('Bad request', 'Malformed percent-encoding in the request URL'),
    );
    const huge = await get(s, `/api/gpu/H100%20SXM/volume-metrics?limit=1e12&unknown=1&__proto__=x`);
    expect([huge.status, huge.body.query.limit_applied, huge.body.data.length]).toEqual([200, 1e12, huge.body.query.records_found]);
    expect((await get(s, GOOD)).status).toBe(200);
  });

  it('answers requests node cannot parse with JSON, then serves the next connection', async () => {
    const s = sb();
    const bad = await raw(s, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(bad.endsWith(errorBody('Bad request', 'The request could not be parsed'))).toBe(true);
    const big = await raw(s, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(1100 * 1024)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(big).toContain('application/json; charset=utf-8');
    const absolute = await raw(
      s,
      `GET http://x/api/memory-index HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${SANDBOX_DEMO_KEY}\r\nConnection: close\r\n\r\n`,
    );
    expect(absolute).toMatch(/^HTTP\/1\.1 400 /);
    expect((await get(s, GOOD)).status).toBe(200);
  });

  it('turns an exception inside a request into a 500 JSON body', async () => {
    const s = await startSandbox({
      today: TODAY,
      intercept: () => {
        throw new Error('boom');
      },
    });
    try {
      const r = await get(s, GOOD);
      expect([r.status, r.text]).toEqual([500, errorBody('Internal server error', 'The sandbox failed to handle this request')]);
    } finally {
      await s.close();
    }
  });
});

describe('the request log and test hooks', () => {
  it('records the raw URL, decoded path and query, headers and status', async () => {
    const s = await startSandbox({ today: TODAY });
    try {
      const url = '/api/gpu/H100%20SXM/history-simple?startDate=2026-03-01&limit=5&note=a%20b+c';
      await get(s, url, SANDBOX_DEMO_KEY, { headers: { 'X-Trace': 't1' } });
      expect(s.requests).toHaveLength(1);
      const rec = s.requests[0]!;
      expect(rec).toMatchObject({
        method: 'GET',
        url,
        path: '/api/gpu/H100 SXM/history-simple',
        query: { startDate: '2026-03-01', limit: '5', note: 'a b c' },
        status: 200,
      });
      expect(rec.headers.authorization).toBe(`Bearer ${SANDBOX_DEMO_KEY}`);
      expect(rec.headers['x-trace']).toBe('t1');
      expect(rec.endedAt).toBeGreaterThanOrEqual(rec.startedAt);
    } finally {
      await s.close();
    }
  });

  it('holds replies until three requests are in, and counts them in flight together', async () => {
    const s = await startSandbox({ today: TODAY, holdReplies: { until: 3, maxMs: 20_000 } });
    try {
      await Promise.all([1, 2, 3].map((n) => get(s, `${GOOD}&n=${n}`)));
      expect(s.requests.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(s.peakInFlight()).toBe(3);
      // Once released, replies are no longer held.
      expect((await get(s, GOOD)).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('a hold gives up after maxMs when fewer requests come, and the peak says so', async () => {
    const s = await startSandbox({ today: TODAY, holdReplies: { until: 5, maxMs: 200 } });
    try {
      expect((await get(s, GOOD)).status).toBe(200);
      expect(s.peakInFlight()).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('lets a test substitute replies (e.g. 429 with Retry-After)', async () => {
    const s = await startSandbox({
      today: TODAY,
      intercept: (r) =>
        r.query.fail === '1'
          ? { status: 429, headers: { 'Retry-After': '2' }, body: { error: 'Too many requests', message: 'slow down' } }
          : undefined,
    });
    try {
      const r = await get(s, `${GOOD}&fail=1`);
      expect([r.status, r.headers.get('retry-after'), r.text]).toEqual([429, '2', errorBody('Too many requests', 'slow down')]);
      expect((await get(s, GOOD)).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('determinism', () => {
  const paths = [
    '/api/utilization-index/history?startDate=2025-03-01&endDate=2026-03-15',
    '/api/utilization-index/history?gpuType=RTX%20PRO%206000%20WS&baseDate=2025-07-04',
    '/api/gpu/B200/history-range?startDate=2026-02-01&granularity=hourly&limit=5000',
    '/api/gpu/RTX%205090/volume-metrics?startDate=2024-01-01&granularity=daily&limit=2000',
    '/api/memory-index',
  ];

  it('two servers started separately with the same today serve the same bytes', async () => {
    await expectSameBytesFromTwoServers(paths);
  });

  it('serves the same bytes on every machine (pinned digests of the model contract)', async () => {
    expect(await digestsOf(sb(), paths)).toEqual(GOLDEN);
  });
});

/** Digests of `paths` above for TODAY: a change means the model (the contract other tests rely on) changed. */
const GOLDEN = ['5384ac3772c5c9a0', '3a4cb138486d79c2', '79d23235c76c2999', '28b8c01b3f446628', 'd9babe57ac70d305'];
