/**
 * `gpumkt sites` against the sandbox over real HTTP: the listing paged to the end (every site exactly
 * once, counted in the requests the sandbox saw), filters, the aggregate and the map, typed Parquet,
 * hostile server text made safe at the terminal and kept exact in files, full keys only.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANARY_KEY, runCli, TODAY } from '../helpers/cli.js';
import { useFamily, withSandbox } from '../helpers/family.js';
import { needs } from '../helpers/requires.js';
import { cells, runInTerminal } from '../helpers/terminal.js';
import { pythonCsv } from './cron-helpers.js';
import { PREMIUM_KEY } from './append-helpers.js';

const fx = useFamily('sites');
const { sb, reader, run } = fx;
type Row = Record<string, unknown>;

/** The service's answer to one GET with the full key. */
const api = (path: string) => fx.api<{ total?: number; data: Row[] }>(path);

describe('sites: paging', () => {
  it.each([
    [[] as string[], ''],
    [['--scope', 'all'], '&scope=all'],
    [['--city', 'Dallas'], '&city=Dallas'],
  ])('%j: every site exactly once, one request per page of 100', async (flags, query) => {
    const whole = await api(`/api/neocloud/sites?limit=100000${query}`);
    const before = sb.current.requests.length;
    const r = await run(['sites', ...flags, '-f', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as Row[];
    expect(rows).toEqual(whole.data);
    expect(new Set(rows.map((s) => s.siteName)).size).toBe(rows.length);
    const seen = sb.current.requests.slice(before);
    const pages = Math.max(1, Math.ceil(whole.data.length / 100));
    expect(seen.map((q) => [q.path, q.query.limit, q.query.offset])).toEqual(
      Array.from({ length: pages }, (_, i) => ['/api/neocloud/sites', '100', String(i * 100)]),
    );
  });

  it("--dry-run prints the first page's request and sends nothing", async () => {
    const before = sb.current.requests.length;
    const r = await run(['--dry-run', 'sites', '--lat', '32.78', '--lon', '-96.8', '--radius', '80', '--scope', 'all']);
    expect(r.stdout).toBe(
      `curl -sS -H "Authorization: Bearer $GPUMKT_API_KEY" '${sb.current.url}/api/neocloud/sites?lat=32.78&lon=-96.8&radius=80&scope=all&limit=100&offset=0'\n`,
    );
    expect(sb.current.requests.length).toBe(before);
  });

  it('checks its flags offline (exit 2, no request)', async () => {
    const before = sb.current.requests.length;
    for (const [args, message] of [
      [['--lat', '32'], '--lat and --lon go together'],
      [['--lat', '100', '--lon', '0'], '--lat must be a number from -90 to 90'],
      [['--radius', '5'], '--radius needs --lat and --lon'],
      [['--aggregate', 'city'], 'gpu_type'],
      [['--aggregate', 'country', '--city', 'Dallas'], '--aggregate covers every site of the scope'],
      [['--map', '--aggregate', 'country'], 'two views'],
      [['--append', join(fx.dir, 'x.csv')], '--append does not apply'],
    ] as const) {
      const r = await run(['sites', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
    expect(sb.current.requests.length).toBe(before);
  });
});

describe('sites: formats', () => {
  it('parquet: coordinates and MW as DOUBLE, GPU counts BIGINT, isNeocloud BOOLEAN, milestones DATE; values as json', async () => {
    const file = join(fx.dir, 'sites.parquet');
    expect((await run(['sites', '--country', 'Germany', '-o', file])).code).toBe(0);
    const got = await reader.read(file);
    const type = Object.fromEntries(got.columns.map((c) => [c.name, c.type]));
    expect(type).toMatchObject({
      latitude: 'DOUBLE',
      longitude: 'DOUBLE',
      powerCapacity: 'DOUBLE',
      gpuQtyKnown: 'BIGINT',
      gpuQtyEst: 'BIGINT',
      isNeocloud: 'BOOLEAN',
      contractAnnounced: 'DATE',
      phase1LiveDate: 'DATE',
      gpuTypes: 'VARCHAR',
      company: 'VARCHAR',
    });
    const json = JSON.parse((await run(['sites', '--country', 'Germany', '-f', 'json'])).stdout) as Row[];
    expect(got.rows.map((r) => [r.siteName, r.latitude, r.gpuQtyKnown, r.gpuTypes, r.phase1LiveDate ?? undefined])).toEqual(
      json.map((r) => [
        r.siteName,
        r.latitude,
        r.gpuQtyKnown === null ? null : BigInt(r.gpuQtyKnown as number),
        r.gpuTypes,
        r.phase1LiveDate,
      ]),
    );
  });

  it(
    'csv read by Python keeps hostile text exactly; the table and markdown show it without escapes or bidi controls',
    needs('python3'),
    async () => {
      const file = join(fx.dir, 'sites.csv');
      expect((await run(['sites', '--scope', 'all', '-o', file])).code).toBe(0);
      const [header, ...records] = pythonCsv(file);
      const json = JSON.parse((await run(['sites', '--scope', 'all', '-f', 'json'])).stdout) as Row[];
      const name = (header as string[]).indexOf('siteName');
      const notes = (header as string[]).indexOf('sourceNotes');
      expect(records.map((r) => r[name])).toEqual(json.map((r) => r.siteName));
      expect(records.map((r) => r[notes])).toEqual(json.map((r) => r.sourceNotes));
      expect(json.some((r) => String(r.siteName).includes('\x1b]0;'))).toBe(true);
      for (const format of ['table', 'markdown']) {
        const shown = (await run(['sites', '--scope', 'all', '-f', format, '--columns', 'siteName,sourceNotes'])).stdout;
        expect(shown, format).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
        expect(shown).toContain('Campus North');
      }
    },
  );
});

describe('sites --aggregate and --map', () => {
  it.each(['country', 'gpu_type'])("--aggregate %s: the service's buckets, Unknown or Other among them", async (by) => {
    const r = await run(['sites', '--aggregate', by, '-f', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as Row[];
    expect(rows).toEqual((await api(`/api/neocloud/sites/aggregate?by=${by}`)).data);
    expect(rows.map((b) => b.key)).toContain(by === 'country' ? 'Unknown' : 'Other');
    const file = join(fx.dir, `agg-${by}.parquet`);
    expect((await run(['sites', '--aggregate', by, '-o', file])).code).toBe(0);
    expect((await reader.read(file)).columns).toEqual([
      { name: 'key', type: 'VARCHAR' },
      { name: 'site_count', type: 'BIGINT' },
      { name: 'total_power_mw', type: 'DOUBLE' },
      { name: 'total_gpu_qty', type: 'BIGINT' },
    ]);
  });

  it('--map: the points, coordinates first', async () => {
    const r = await run(['sites', '--map', '-f', 'csv', '--columns', 'siteName,latitude,longitude']);
    expect(r.code, r.stderr).toBe(0);
    const points = (await api('/api/neocloud/map')).data;
    expect(r.stdout.trimEnd().split('\n').length).toBe(points.length + 1);
  });
});

describe('sites: plans', () => {
  it('no key, or a premium key: exit 3 naming the full plan, before any request', async () => {
    await withSandbox({ today: TODAY, keys: { valid: [CANARY_KEY], dailyOnly: [PREMIUM_KEY] } }, async (premium) => {
      for (const [key, words] of [
        [undefined, "'sites' needs a full key (sk_live_)"],
        [PREMIUM_KEY, "'sites' needs a full key (sk_live_); the configured key's plan is premium"],
      ] as const) {
        for (const view of [[], ['--aggregate', 'country'], ['--map']]) {
          const r = await runCli(['sites', ...view], { env: { GPUMKT_BASE_URL: premium.url, GPUMKT_API_KEY: key } });
          expect(r.code).toBe(3);
          expect(r.stderr).toContain(words);
        }
      }
      expect(premium.requests).toHaveLength(0);
    });
  });
});

describe('sites: a refusal only the service knows', () => {
  it("a key whose prefix does not say premium, on a premium account: the service's 403 message, exit 3", async () => {
    // The CLI reads plans from prefixes; a key without one is taken as full and asked, and the service decides.
    await withSandbox({ today: TODAY, keys: { valid: [], dailyOnly: ['org-key-daily'] } }, async (other) => {
      const env = { GPUMKT_BASE_URL: other.url, GPUMKT_API_KEY: 'org-key-daily' };
      const sites = await runCli(['sites'], { env });
      expect(sites.code).toBe(3);
      expect(sites.stderr).toContain('Neocloud site data is not included in premium access. A full subscription unlocks it.');
      const load = await runCli(['power', '--load'], { env });
      expect(load.code).toBe(3);
      expect(load.stderr).toContain('Premium access is daily-grain only. Hourly and real-time data require a full subscription.');
      expect(other.requests.map((q) => q.path)).toEqual(['/api/neocloud/sites', '/api/power/load']);
    });
  });
});

describe('sites at an 80-column terminal', () => {
  it('fits the table, the site name always shown, one line per site', needs('tmux'), async () => {
    const t = runInTerminal({ width: 80, height: 40, args: ['sites', '--city', 'Dallas', '--no-pager'], env: fx.env() });
    try {
      expect(await t.exit()).toBe(0);
      const screen = t.screen();
      for (const line of screen) expect(cells(line), line).toBeLessThanOrEqual(80);
      expect(screen[0]).toMatch(/^company +siteName/);
      const dallas = (await api('/api/neocloud/sites?city=Dallas&limit=1000')).data;
      expect(screen.slice(2)).toHaveLength(dallas.length);
    } finally {
      t.close();
    }
  });
});
