/**
 * The paged fetch plan against services that page differently from the sandbox (through its intercept
 * hook, over real HTTP): no `total` in the body, a service that ignores `limit`, one that ignores
 * `offset` (exit 6, not an endless run), pages that overlap or cycle and rows beyond the stated
 * `total` (exit 6 naming the route, never duplicate rows), and an empty listing.
 */
import { describe, expect, it } from 'vitest';
import { respond, startSandbox, type RecordedRequest } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli, TODAY } from '../helpers/cli.js';

type Row = Record<string, unknown>;
const KEYS = { valid: [CANARY_KEY] };

/** The sandbox's own reply to `url`, parsed. */
function served(url: string): { total: number; data: Row[] } & Row {
  const r = respond({ method: 'GET', url, authorization: `Bearer ${CANARY_KEY}` }, { keys: KEYS, today: TODAY });
  return JSON.parse(r.body) as { total: number; data: Row[] } & Row;
}

/** Runs `gpumkt sites -f json` against a sandbox whose sites replies `edit` rewrites; returns the run and the pages asked. */
async function runWith(edit: (req: RecordedRequest) => Row | undefined, args: string[] = []) {
  const sb = await startSandbox({
    today: TODAY,
    keys: KEYS,
    intercept: (req) => (req.path === '/api/neocloud/sites' ? { status: 200, body: edit(req) } : undefined),
  });
  try {
    const r = await runCli(['sites', ...args, '-f', 'json'], { env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY } });
    return { ...r, offsets: sb.requests.map((q) => q.query.offset) };
  } finally {
    await sb.close();
  }
}

describe('sites paging against other services', () => {
  const whole = served('/api/neocloud/sites?limit=100000').data;

  it('without `total`: pages until one comes back short, every site once', async () => {
    const r = await runWith((req) => {
      const body: Row = served(req.url);
      delete body.total;
      return body;
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(whole);
    expect(r.offsets).toEqual(Array.from({ length: Math.ceil((whole.length + 1) / 100) }, (_, i) => String(i * 100)));
  });

  it('a service that ignores `limit` and sends everything: one request', async () => {
    const r = await runWith(() => ({ success: true, data: whole }));
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(whole);
    expect(r.offsets).toEqual(['0']);
  });

  it('a service that ignores `offset`: exit 6 on the second page, not an endless run', async () => {
    const r = await runWith(() => ({ success: true, data: whole.slice(0, 100) }));
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('page 2 (offset 100) repeats the page before it');
    expect(r.offsets).toEqual(['0', '100']);
  });

  it('pages that overlap (each starts 50 rows back): exit 6 on the second page, naming the route', async () => {
    const r = await runWith((req) => {
      const offset = Number(req.query.offset);
      const from = Math.max(0, offset - 50);
      return { success: true, total: whole.length, data: whole.slice(from, from + 100) };
    });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toBe(
      'gpumkt: error: /api/neocloud/sites: page 2 (offset 100) repeats a row already received (its row 1); pages overlap; not a listing gpumkt can complete\n',
    );
    expect(r.stdout).toBe('');
    expect(r.offsets).toEqual(['0', '100']);
  });

  it('pages that cycle (the third is the first again): exit 6, no duplicate rows written', async () => {
    const r = await runWith((req) => {
      const offset = Number(req.query.offset) % 200;
      return { success: true, data: whole.slice(offset, offset + 100) };
    });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('/api/neocloud/sites: page 3 (offset 200) repeats a row already received (its row 1)');
    expect(r.stdout).toBe('');
  });

  it('rows beyond the `total` the service states: exit 6', async () => {
    const r = await runWith((req) => {
      const offset = Number(req.query.offset);
      return { success: true, total: 150, data: whole.slice(offset, offset + 100) };
    });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('/api/neocloud/sites: page 2 (offset 100) brings the listing to 200 rows, beyond its total of 150');
    expect(r.offsets).toEqual(['0', '100']);
  });

  it('an empty listing: no rows, one request', async () => {
    const r = await runWith(() => ({ success: true, total: 0, data: [] }), ['--city', 'Nowhere']);
    expect(r.offsets).toEqual(['0']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('[]\n');
  });

  it('--raw is refused for a paged listing (exit 2, no request)', async () => {
    const r = await runWith(() => undefined, ['--raw']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--raw prints one response body; sites pages through the listing');
    expect(r.offsets).toEqual([]);
  });
});
