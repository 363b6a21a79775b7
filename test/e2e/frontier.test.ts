/**
 * `gpumkt frontier` against the sandbox over real HTTP: one GET /api/model-frontier, one table at a
 * time (bench.* flattened, releaseDates as rows), every format, Parquet types, a body that breaks a
 * table's shape (exit 6 in every format, naming the field), no --append, names typed wrong, --dry-run, the three plans, the 80-column table.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, TODAY } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { needs } from '../helpers/requires.js';
import { makeTempDir } from '../helpers/temp.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { ok, startFaultServer } from '../helpers/fault-server.js';
import { apiBody, expectEveryTextFormat, expectTableFits, jsonRows, type Row } from './ai-family-helpers.js';

const sb = useSandbox();
const reader = useParquetReader();
const env = (): Record<string, string> => sandboxEnv(sb.current);

/** The document the sandbox serves, asked directly. */
async function documentOf(): Promise<{
  models: Row[];
  efforts: Row[];
  tests: Row[];
  releaseDates: Record<string, string>;
  history: Row[];
}> {
  return (await apiBody(`${sb.current.url}/api/model-frontier`, env().GPUMKT_API_KEY)).body.data as never;
}

describe('frontier', () => {
  it('models (the default): one request, bench.* flattened to bench_coding, bench_reasoning, bench_math', async () => {
    const before = sb.current.requests.length;
    const rows = await jsonRows(['frontier'], env());
    expect(sb.current.requests.slice(before).map((q) => q.path)).toEqual(['/api/model-frontier']);
    const doc = await documentOf();
    expect(rows).toEqual(
      doc.models.map(({ bench, ...m }) => {
        const b = bench as { coding: number; reasoning: number; math: number };
        return { ...m, bench_coding: b.coding, bench_reasoning: b.reasoning, bench_math: b.math };
      }),
    );
  });

  it("--table efforts, tests, history are the document's lists; release-dates its map as name, date rows", async () => {
    const doc = await documentOf();
    expect(await jsonRows(['frontier', '--table', 'efforts'], env())).toEqual(doc.efforts);
    expect(await jsonRows(['frontier', '--table', 'tests'], env())).toEqual(doc.tests);
    expect(await jsonRows(['frontier', '--table', 'history'], env())).toEqual(doc.history);
    const dates = await jsonRows(['frontier', '--table', 'release-dates'], env());
    expect(dates).toEqual(
      Object.entries(doc.releaseDates)
        .map(([name, date]) => ({ name, date }))
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    );
  });

  it.each([['models'], ['efforts'], ['release-dates']])(
    '--table %s: every text format reads back as the json rows',
    needs('python3'),
    async (table) => {
      const args = ['frontier', '--table', table];
      await expectEveryTextFormat(args, env(), await jsonRows(args, env()));
    },
  );

  it('--columns picks columns of the flattened table', async () => {
    const r = await runCli(['frontier', '--columns', 'name,bench_coding,costPerTask', '-f', 'csv'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const rows = await jsonRows(['frontier'], env());
    expect(r.stdout).toBe(
      [
        'name,bench_coding,costPerTask',
        ...rows.map((m) => `${String(m.name)},${String(m.bench_coding)},${String(m.costPerTask)}`),
        '',
      ].join('\n'),
    );
    const bad = await runCli(['frontier', '--columns', 'bench_codng'], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bench_coding');
  });

  it('Parquet: counts int64, prices double, booleans boolean, dates date32', async () => {
    const dir = makeTempDir('frontier');
    const types = async (table: string): Promise<string[]> => {
      const file = join(dir, `${table}.parquet`);
      const w = await runCli(['frontier', '--table', table, '-o', file], { env: env() });
      expect(w.code, w.stderr).toBe(0);
      const back = await reader.read(file);
      expect(back.rows).toHaveLength((await jsonRows(['frontier', '--table', table], env())).length);
      return back.columns.map((c) => `${c.name} ${c.type}`);
    };
    expect(await types('models')).toEqual([
      'slug VARCHAR',
      'name VARCHAR',
      'lab VARCHAR',
      'cap DOUBLE',
      'tpt DOUBLE',
      'price DOUBLE',
      'pIn DOUBLE',
      'pOut DOUBLE',
      'totalTokens BIGINT',
      'costPerTask DOUBLE',
      'bench_coding DOUBLE',
      'bench_reasoning DOUBLE',
      'bench_math DOUBLE',
    ]);
    expect(await types('efforts')).toEqual([
      'model VARCHAR',
      'effort VARCHAR',
      'rank BIGINT',
      'cost DOUBLE',
      'tokensEst BIGINT',
      'timeSec DOUBLE',
      'speedTps DOUBLE',
      'speedMeasured BOOLEAN',
      'costBasis VARCHAR',
    ]);
    expect(await types('release-dates')).toEqual(['name VARCHAR', 'date DATE']);
  });

  // One body, one outcome: the same exit 6 and line in every format, naming the route and the field.
  it.each([
    [
      'a string in a number column',
      '{"success":true,"data":{"models":[],"efforts":[{"model":"x","effort":"high","rank":"top"}]}}',
      'efforts',
      'data.efforts.0.rank: "top", expected int',
    ],
    [
      '1e999 (Infinity once parsed)',
      '{"success":true,"data":{"models":[{"slug":"m","cap":1e999,"bench":{"coding":1}}]}}',
      'models',
      'data.models.0.cap: Infinity (not a finite number), expected number|null',
    ],
    [
      'a flattened bench score that is not a number',
      '{"success":true,"data":{"models":[{"slug":"m","bench":{"math":"n/a"}}]}}',
      'models',
      'data.models.0.bench.math: "n/a", expected number|null',
    ],
    ['a body without `models`', '{"success":true,"data":{"efforts":[]}}', 'models', 'data.models: missing, expected a list'],
    [
      'a body without `releaseDates`',
      '{"success":true,"data":{"models":[]}}',
      'release-dates',
      'data.releaseDates: missing, expected an object of name → date',
    ],
  ])('%s: exit 6 naming the route and the field, in csv, json and parquet alike', async (_what, body, table, where) => {
    const server = await startFaultServer([ok(body)]);
    try {
      const e = { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: 'sk_live_sandbox' };
      const out = join(makeTempDir('frontier'), 'f.parquet');
      for (const format of [
        ['-f', 'csv'],
        ['-f', 'json'],
        ['-o', out],
      ]) {
        const r = await runCli(['frontier', '--table', table, ...format], { env: e });
        expect([r.code, r.stdout, r.stderr], format.join(' ')).toEqual([
          6,
          '',
          `gpumkt: error: model-frontier: the response does not have the documented shape: ${where}\n`,
        ]);
      }
      expect(existsSync(out)).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('an empty list is a table without rows (exit 0)', async () => {
    const server = await startFaultServer([ok('{"success":true,"data":{"models":[],"efforts":[]}}')]);
    try {
      const r = await runCli(['frontier', '-f', 'json'], { env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: 'sk_live_sandbox' } });
      expect([r.code, r.stdout]).toEqual([0, '[]\n']);
    } finally {
      await server.close();
    }
  });

  it('is a snapshot: --append is refused before any request', async () => {
    const before = sb.current.requests.length;
    const r = await runCli(['frontier', '--append', join(makeTempDir('f'), 'f.csv')], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--append does not apply');
    expect(sb.current.requests.length).toBe(before);
  });

  it('a table typed wrong gets the closest; no key exits 3 naming the plan; --dry-run one curl', async () => {
    const before = sb.current.requests.length;
    const typo = await runCli(['frontier', '--table', 'effort'], { env: env() });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("Did you mean 'efforts'?");
    const none = await runCli(['frontier'], { env: { ...env(), GPUMKT_API_KEY: undefined } });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain("'frontier' needs a premium or full key");
    expect(sb.current.requests.length).toBe(before);
    const dry = await runCli(['--dry-run', 'frontier', '--table', 'history'], { env: { GPUMKT_API_KEY: 'sk_prem_x' } });
    expect(dry.stdout).toMatch(/^curl .*'https:\/\/api\.ornnai\.com\/api\/model-frontier'\n$/);
  });

  it('premium and full keys read the same document', async () => {
    const plain = await startSandbox({ today: TODAY });
    try {
      const want = await jsonRows(['frontier', '--table', 'efforts'], env());
      for (const key of ['sk_prem_sandbox', 'sk_live_sandbox']) {
        expect(await jsonRows(['frontier', '--table', 'efforts'], { GPUMKT_BASE_URL: plain.url, GPUMKT_API_KEY: key })).toEqual(want);
      }
    } finally {
      await plain.close();
    }
  });

  it('the 80-column tables keep their keys', async () => {
    const models = await expectTableFits(['frontier', '--no-pager'], env(), ['name'], (await documentOf()).models.length);
    expect(models).toContain('costPerTask');
    await expectTableFits(
      ['frontier', '--table', 'release-dates', '--no-pager'],
      env(),
      ['name', 'date'],
      Object.keys((await documentOf()).releaseDates).length,
    );
  });
});
