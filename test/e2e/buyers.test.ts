/** `gpumkt buyers` against the sandbox over real HTTP: the snapshot, --tier selected here, typed Parquet, plans. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANARY_KEY, runCli, TODAY } from '../helpers/cli.js';
import { useFamily, withSandbox } from '../helpers/family.js';
import { needs } from '../helpers/requires.js';
import { cells, runInTerminal } from '../helpers/terminal.js';
import { pythonCsv } from './cron-helpers.js';
import { PREMIUM_KEY } from './append-helpers.js';

const fx = useFamily('buyers');
const { sb, reader, run } = fx;
type Row = Record<string, unknown>;

async function service(): Promise<Row[]> {
  return (await fx.api<{ data: Row[] }>('/api/compute-buyers')).data;
}

describe('buyers', () => {
  it("prints the service's rows; --tier t1,T3 keeps those tiers (the route is asked without a filter)", async () => {
    expect(JSON.parse((await run(['buyers', '-f', 'json'])).stdout)).toEqual(await service());
    const before = sb.current.requests.length;
    const r = await run(['buyers', '--tier', 't1,T3', '-f', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual((await service()).filter((b) => b.tier === 'T1' || b.tier === 'T3'));
    expect(sb.current.requests.slice(before, before + 1).map((q) => q.url)).toEqual(['/api/compute-buyers']);
  });

  it('a tier typed wrong: exit 2 with a suggestion, before any request; --append does not apply', async () => {
    const before = sb.current.requests.length;
    const r = await run(['buyers', '--tier', 'T4']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("gpumkt: error: unknown tier 'T4'; did you mean 'T1'? tiers: T1, T2, T3\n");
    const a = await run(['buyers', '--append', join(fx.dir, 'b.csv')]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('buyers is a snapshot');
    expect(sb.current.requests.length).toBe(before);
  });

  it('csv read by Python and parquet read by DuckDB: sold DOUBLE (USD, empty where undisclosed), date DATE', needs('python3'), async () => {
    const rows = await service();
    const csv = join(fx.dir, 'buyers.csv');
    expect((await run(['buyers', '-o', csv])).code).toBe(0);
    const [header, ...records] = pythonCsv(csv);
    expect(header).toEqual(['name', 'displayName', 'tier', 'workload', 'forWhat', 'what', 'sold', 'date', 'location', 'domain', 'url']);
    expect(records.map((r) => r[6])).toEqual(rows.map((b) => (b.sold === null ? '' : String(b.sold as number))));
    const pq = join(fx.dir, 'buyers.parquet');
    expect((await run(['buyers', '-o', pq])).code).toBe(0);
    const got = await reader.read(pq);
    expect(Object.fromEntries(got.columns.map((c) => [c.name, c.type]))).toMatchObject({
      sold: 'DOUBLE',
      date: 'DATE',
      tier: 'VARCHAR',
      domain: 'VARCHAR',
    });
    expect(got.rows.map((r) => [r.name, r.sold, r.date, r.domain])).toEqual(rows.map((b) => [b.name, b.sold, b.date, b.domain]));
  });

  it('needs a key (exit 3 before any request); a premium key reads it', async () => {
    await withSandbox({ today: TODAY, keys: { valid: [CANARY_KEY], dailyOnly: [PREMIUM_KEY] } }, async (premium) => {
      const none = await runCli(['buyers'], { env: { GPUMKT_BASE_URL: premium.url, GPUMKT_API_KEY: undefined } });
      expect(none.code).toBe(3);
      expect(none.stderr).toContain("'buyers' needs a premium or full key");
      expect(premium.requests).toHaveLength(0);
      const ok = await runCli(['buyers', '--tier', 'T2', '-f', 'csv'], {
        env: { GPUMKT_BASE_URL: premium.url, GPUMKT_API_KEY: PREMIUM_KEY },
      });
      expect(ok.code, ok.stderr).toBe(0);
      expect(
        ok.stdout
          .split('\n')
          .slice(1, -1)
          .every((l) => l.split(',')[2] === 'T2'),
      ).toBe(true);
    });
  });

  it('fits an 80-column terminal', needs('tmux'), async () => {
    const t = runInTerminal({ width: 80, height: 80, args: ['buyers', '--no-pager'], env: fx.env() });
    try {
      expect(await t.exit()).toBe(0);
      const screen = t.screen();
      for (const line of screen) expect(cells(line), line).toBeLessThanOrEqual(80);
      expect(screen[0]).toMatch(/^displayName +tier/);
      expect(screen.slice(2)).toHaveLength((await service()).length);
    } finally {
      t.close();
    }
  });
});
