/**
 * `gpumkt power` against the sandbox over real HTTP: columns named for what they are (the service's
 * one-letter names accepted too), every format read back by an independent reader, markets checked
 * offline, --append across days equal to one full export, the hourly operations for full keys only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANARY_KEY, runCli, TODAY } from '../helpers/cli.js';
import { useFamily, withSandbox } from '../helpers/family.js';
import { needs } from '../helpers/requires.js';
import { cells, runInTerminal } from '../helpers/terminal.js';
import { pythonCsv, runOn } from './cron-helpers.js';
import { expectAppendEqualsFullExport } from '../helpers/append-equals.js';
import { PREMIUM_KEY, runAt } from './append-helpers.js';

const fx = useFamily('power');
const { sb, reader, run } = fx;
type Row = Record<string, unknown>;
const FROM = '2026-11-09';
const NAMES: Record<string, string> = { d: 'date', p: 'peak_price', o: 'offpeak_price', t: 'traded_gwh', l: 'load_gwh', g: 'trades' };

/** The service's own rows for the window, renamed as the dictionary reads them. */
async function serviceRows(query: string): Promise<Row[]> {
  const body = await fx.api<{ data: Row[] }>(`/api/power/markets?${query}`);
  // The dictionary's optional numbers a market does not carry are left out of its row: gpumkt reads them as null.
  const absent = { offpeak_price: null, traded_gwh: null, load_gwh: null, trades: null };
  return body.data.map((r) => ({ ...absent, ...Object.fromEntries(Object.entries(r).map(([k, v]) => [NAMES[k] ?? k, v])) }));
}

describe('power: rows and columns', () => {
  it("-f json: every market, dates ascending, the service's fields under their names, in one request", async () => {
    const before = sb.current.requests.length;
    const r = await run(['power', '--from', FROM, '-f', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as Row[];
    expect(sb.current.requests.slice(before).map((q) => q.path)).toEqual(['/api/power/markets']);
    const api = await serviceRows(`startDate=${FROM}&endDate=${TODAY}`);
    // Ascending by date; within a day, the dictionary's market order.
    const byDate = [...api].sort((a, b) => (String(a.date) < String(b.date) ? -1 : String(a.date) > String(b.date) ? 1 : 0));
    expect(rows).toEqual(byDate);
    expect(Object.keys(rows.find((x) => x.market === 'ERCOT') as Row)).toEqual([
      'date',
      'market',
      'hub',
      'peak_price',
      'offpeak_price',
      'traded_gwh',
      'load_gwh',
      'trades',
    ]);
  });

  it("--columns takes the names and the service's letters alike; a wrong name gets a suggestion (exit 2)", async () => {
    const r = await run(['power', 'ercot', '--from', FROM, '--columns', 'd,p,o,load_gwh', '-f', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('date,peak_price,offpeak_price,load_gwh');
    const bad = await run(['power', '--columns', 'peak_prise']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("did you mean 'peak_price'?");
  });

  it('named markets: one request each, in the order given; a market typed wrong exits 2 before any request', async () => {
    const before = sb.current.requests.length;
    const rows = JSON.parse((await run(['power', 'ercot', 'PJM', '--from', FROM, '-f', 'json'])).stdout) as Row[];
    expect(
      sb.current.requests
        .slice(before)
        .map((q) => q.query.market)
        .sort(),
    ).toEqual(['ERCOT', 'PJM']);
    expect(rows.slice(0, 2).map((x) => x.market)).toEqual(['ERCOT', 'PJM']);
    expect(new Set(rows.map((x) => x.market))).toEqual(new Set(['ERCOT', 'PJM']));
    const mid = sb.current.requests.length;
    const bad = await run(['power', 'ercott']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      "gpumkt: error: unknown power market 'ercott'; did you mean 'ercot'? markets: wecc-northwest, pjm, caiso, iso-ne, wecc-southwest, miso, ercot (or 'all')\n",
    );
    expect(sb.current.requests.length).toBe(mid);
  });

  it('--dry-run prints the request (no key in it) and sends nothing', async () => {
    const before = sb.current.requests.length;
    const r = await run(['--dry-run', 'power', 'iso-ne', '--from', '2017-01-01', '--to', '2017-01-31']);
    expect(r.stdout).toBe(
      `curl -sS -H "Authorization: Bearer $GPUMKT_API_KEY" '${sb.current.url}/api/power/markets?market=ISO-NE&startDate=2017-01-01&endDate=2017-01-31'\n`,
    );
    expect(sb.current.requests.length).toBe(before);
  });
});

describe('power: formats read back', () => {
  it("csv (Python's csv module), tsv, ndjson and markdown hold the same rows as json", needs('python3'), async () => {
    const json = JSON.parse((await run(['power', '--from', FROM, '-f', 'json'])).stdout) as Row[];
    const file = join(fx.dir, 'power.csv');
    expect((await run(['power', '--from', FROM, '-o', file])).code).toBe(0);
    const [header, ...records] = pythonCsv(file);
    expect(header).toEqual(['date', 'market', 'hub', 'peak_price', 'offpeak_price', 'traded_gwh', 'load_gwh', 'trades']);
    expect(records).toEqual(json.map((row) => (header as string[]).map((c) => (row[c] === null ? '' : String(row[c] as string | number)))));
    const tsv = (await run(['power', '--from', FROM, '-f', 'tsv'])).stdout.replace(/\n$/, '').split('\n');
    expect(tsv.slice(1).map((l) => l.split('\t'))).toEqual(records);
    const nd = (await run(['power', '--from', FROM, '-f', 'ndjson'])).stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Row);
    expect(nd).toEqual(json);
    const md = (await run(['power', '--from', FROM, '-f', 'markdown'])).stdout.split('\n');
    expect(md[0]).toBe('| date | market | hub | peak_price | offpeak_price | traded_gwh | load_gwh | trades |');
    expect(md.filter((l) => l.startsWith('| 2026-'))).toHaveLength(json.length);
  });

  it('parquet: DuckDB reads dates as DATE, prices and volumes as DOUBLE, trades as BIGINT, and the same values', async () => {
    const file = join(fx.dir, 'power.parquet');
    expect((await run(['power', '--from', FROM, '-o', file])).code).toBe(0);
    const got = await reader.read(file);
    expect(got.columns).toEqual([
      { name: 'date', type: 'DATE' },
      { name: 'market', type: 'VARCHAR' },
      { name: 'hub', type: 'VARCHAR' },
      { name: 'peak_price', type: 'DOUBLE' },
      { name: 'offpeak_price', type: 'DOUBLE' },
      { name: 'traded_gwh', type: 'DOUBLE' },
      { name: 'load_gwh', type: 'DOUBLE' },
      { name: 'trades', type: 'BIGINT' },
    ]);
    const json = JSON.parse((await run(['power', '--from', FROM, '-f', 'json'])).stdout) as Row[];
    expect(got.rows).toEqual(
      json.map((r) => ({
        date: r.date,
        market: r.market,
        hub: r.hub,
        peak_price: r.peak_price,
        offpeak_price: r.offpeak_price,
        traded_gwh: r.traded_gwh,
        load_gwh: r.load_gwh,
        trades: r.trades === null ? null : BigInt(r.trades as number),
      })),
    );
  });
});

describe('power --append', () => {
  it.each(['csv', 'parquet'])('successive days into one .%s equal one full export, keyed by date and market', async (ext) => {
    const days = ['2026-10-20', '2026-11-03', '2026-11-20'];
    const args = ['power', 'pjm', 'ercot', 'caiso', '--from', '2026-10-01'];
    await expectAppendEqualsFullExport({
      run: runOn,
      days,
      args,
      file: join(fx.dir, `append.${ext}`),
      full: join(fx.dir, `full.${ext}`),
      read: ext === 'csv' ? undefined : async (f) => (await reader.read(f)).rows,
      grows: true,
    });
  });
});

describe('power --load --append', () => {
  it("runs at three instants add up to one export at the last: today's hours replaced as they come, none twice", async () => {
    const file = join(fx.dir, 'load.csv');
    const args = ['power', 'ercot', 'pjm', '--load', '--from', '2026-11-19'];
    const instants = ['2026-11-19T20:30:00.000Z', '2026-11-20T06:10:00.000Z', '2026-11-20T15:45:00.000Z'];
    for (const now of instants) {
      const r = await runAt(now, [...args, '--append', file]);
      expect(r.code, r.stderr).toBe(0);
    }
    const full = await runAt(instants[2] as string, [...args, '-f', 'csv']);
    expect(full.code, full.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(full.stdout);
    // 24 hours of the 19th and 16 of the 20th (00:00 to 15:00), per market.
    expect(full.stdout.trimEnd().split('\n')).toHaveLength(1 + 2 * (24 + 16));
  });
});

describe('power: plans', () => {
  it('no key: exit 3 naming the plan, before any request', async () => {
    const before = sb.current.requests.length;
    const r = await run(['power'], { GPUMKT_API_KEY: undefined });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("'power' needs a premium or full key");
    expect(sb.current.requests.length).toBe(before);
  });

  it('a premium key reads the daily markets; --load and --fuel-mix exit 3 naming the full plan, before any request', async () => {
    await withSandbox({ today: TODAY, keys: { valid: [CANARY_KEY], dailyOnly: [PREMIUM_KEY] } }, async (premium) => {
      const env = { GPUMKT_BASE_URL: premium.url, GPUMKT_API_KEY: PREMIUM_KEY };
      expect((await runCli(['power', 'miso', '-f', 'csv'], { env })).code).toBe(0);
      const before = premium.requests.length;
      for (const flag of ['--load', '--fuel-mix']) {
        const r = await runCli(['power', flag], { env });
        expect(r.code, flag).toBe(3);
        expect(r.stderr).toBe(
          "gpumkt: error: 'power' needs a full key (sk_live_); the configured key's plan is premium (set GPUMKT_API_KEY, or run 'gpumkt config set api-key', or add --sandbox to try built-in demo data)\n",
        );
      }
      expect(premium.requests.length).toBe(before);
    });
  });

  it('a full key reads the hourly load and fuel mix: UTC hours, MW as DOUBLE in Parquet', async () => {
    const load = JSON.parse((await run(['power', 'ercot', '--load', '--from', TODAY, '-f', 'json'])).stdout) as Row[];
    expect(load).toHaveLength(24);
    expect(load.map((r) => r.timestamp).at(-1)).toBe(`${TODAY}T23:00:00.000Z`);
    const file = join(fx.dir, 'mix.parquet');
    const r = await run(['power', 'pjm', 'miso', '--fuel-mix', '--from', TODAY, '-o', file]);
    expect(r.code, r.stderr).toBe(0);
    const got = await reader.read(file);
    expect(got.columns.slice(0, 4)).toEqual([
      { name: 'timestamp', type: 'TIMESTAMP WITH TIME ZONE' },
      { name: 'market', type: 'VARCHAR' },
      { name: 'region', type: 'VARCHAR' },
      { name: 'coal_mw', type: 'DOUBLE' },
    ]);
    expect(got.rows).toHaveLength(48);
    const both = await run(['power', '--load', '--fuel-mix']);
    expect(both.code).toBe(2);
  });
});

describe('power at an 80-column terminal', () => {
  it('fits the table: date and market always shown, the rest by importance', needs('tmux'), async () => {
    const t = runInTerminal({ width: 80, height: 60, args: ['power', '--from', '2026-11-18', '--no-pager'], env: fx.env() });
    try {
      expect(await t.exit()).toBe(0);
      const screen = t.screen();
      for (const line of screen) expect(cells(line), line).toBeLessThanOrEqual(80);
      expect(screen[0]).toMatch(/^date +market +.*peak_price/);
      // Settled days only: the 18th and 19th, every market.
      expect(screen.slice(2)).toHaveLength(2 * 7);
      expect(screen.slice(2).every((l) => /^2026-11-(18|19) +\S/.test(l))).toBe(true);
    } finally {
      t.close();
    }
  });
});
