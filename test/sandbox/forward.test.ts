/** The sandbox's /api/forward: premium and full keys only, 9 curves × 5 tenors, unmarked tenors null (never 0), marks before the clock. */
import { describe, expect, it } from 'vitest';
import { SANDBOX_PREMIUM_KEY } from '../../src/sandbox/keys.js';
import { errorBody, get, useSandbox } from './helpers.js';

const DAY = '2026-11-20';
const sb = useSandbox({ today: DAY });

interface Point {
  name: string;
  label: string;
  months: number;
  price: number | null;
  has_mark: boolean;
  provenance: { updated_at: string } | null;
  as_of_date: string | null;
  insufficient_data: string | null;
}
interface Curve {
  name: string;
  points: Point[];
}

describe('GET /api/forward', () => {
  it('needs a key: none is 401 with the documented body', async () => {
    const r = await get(sb(), '/api/forward', null);
    expect(r.status).toBe(401);
    expect(r.text).toBe(errorBody('Unauthorized', 'API key required. Use Authorization: Bearer YOUR_API_KEY'));
  });

  it('serves premium and full keys the same bytes, every time', async () => {
    const full = await get(sb(), '/api/forward');
    const premium = await get(sb(), '/api/forward', SANDBOX_PREMIUM_KEY);
    expect(full.status).toBe(200);
    expect(premium.text).toBe(full.text);
    expect((await get(sb(), '/api/forward')).text).toBe(full.text);
  });

  it('lists the 9 curves at the 5 tenors: marked curves under data, the wholly unmarked GB300 under suppressed', async () => {
    const body = (await get(sb(), '/api/forward')).body as { data: Curve[]; suppressed: Curve[] };
    expect(body.data.map((c) => c.name)).toEqual(['H100 SXM', 'H200', 'A100 SXM4', 'B200', 'RTX 5090', 'RTX PRO 6000 WS', 'B300', 'GB200']);
    expect(body.suppressed.map((c) => c.name)).toEqual(['GB300']);
    for (const c of [...body.data, ...body.suppressed]) {
      expect(c.points.map((p) => `${p.label}=${p.months}`)).toEqual(['1M=1', '6M=6', '1Y=12', '3Y=36', '5Y=60']);
      expect(c.points.every((p) => p.name === c.name)).toBe(true);
    }
    expect(body.suppressed[0]?.points.every((p) => p.price === null && !p.has_mark && p.insufficient_data === 'no_observation')).toBe(true);
  });

  it('an unmarked tenor has price null (never 0), no provenance and no date; a marked one all three', async () => {
    const body = (await get(sb(), '/api/forward')).body as { data: Curve[] };
    const points = body.data.flatMap((c) => c.points);
    const unmarked = points.filter((p) => !p.has_mark).map((p) => `${p.name} ${p.label}`);
    expect(unmarked).toEqual(['A100 SXM4 5Y', 'RTX 5090 3Y', 'RTX 5090 5Y', 'RTX PRO 6000 WS 5Y']);
    for (const p of points) {
      if (p.has_mark)
        expect(p.price !== null && p.price > 0 && p.provenance !== null && p.as_of_date !== null && p.insufficient_data === null).toBe(
          true,
        );
      else expect([p.price, p.provenance, p.as_of_date, p.insufficient_data]).toEqual([null, null, null, 'no_observation']);
    }
  });

  it('marks are never after the clock: asOf is the latest provenance time, on the day before', async () => {
    const body = (await get(sb(), '/api/forward')).body as { asOf: string; data: Curve[] };
    const times = body.data.flatMap((c) => c.points.flatMap((p) => (p.provenance ? [p.provenance.updated_at] : [])));
    expect(body.asOf).toBe([...times].sort().at(-1));
    expect(body.asOf < `${DAY}T00:00:00.000Z`).toBe(true);
    expect(body.data.flatMap((c) => c.points).every((p) => p.as_of_date === null || p.as_of_date < DAY)).toBe(true);
  });
});
