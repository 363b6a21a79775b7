/** 429s teach the client: a fan-out against a server stricter than the documented 60 a minute draws no 429 storm. */
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli } from '../helpers/cli.js';

describe('after a 429 the held requests resume one at a time', () => {
  it("12 requests against a 5-per-2-seconds token bucket draw at most the first burst's overflow in 429s", async () => {
    const capacity = 5;
    const sb = await startSandbox({ today: '2026-11-20', keys: { valid: [CANARY_KEY] }, rateLimit: { capacity, refillPerSecond: 2.5 } });
    try {
      // Six models × two 400-day requests each = 12 requests, fanned out.
      const r = await runCli(['util-index', '--gpu', 'all', '--from', '2025-01-01', '-f', 'csv'], {
        env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY, GPUMKT_TODAY: '2026-11-20', GPUMKT_MAX_TIME: '60' },
      });
      expect(r.code, r.stderr).toBe(0);
      const log = sb.requests.map((q) => ({ url: q.url, status: q.status }));
      const refused = log.filter((q) => q.status === 429);
      expect(log.filter((q) => q.status === 200)).toHaveLength(12);
      // All 12 are ready at once: that is the first burst, and the bucket takes 5 of it. Every 429 is
      // part of that overflow.
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(refused.length).toBeLessThanOrEqual(12 - capacity);
      // The first retry (a URL the server saw before) is the client speaking after it learnt from a 429 and
      // waited its Retry-After: from then on, nothing is refused. Order at the server, not a clock window.
      const firstRetry = log.findIndex((q, i) => log.slice(0, i).some((p) => p.url === q.url));
      expect(firstRetry).toBeGreaterThan(refused.length);
      expect(log.slice(firstRetry).filter((q) => q.status === 429)).toEqual([]);
      expect(r.stdout.split('\n').filter((l) => l.startsWith('H100 SXM,2026-11-19')).length).toBe(1);
    } finally {
      await sb.close();
    }
  }, 60_000);
});
