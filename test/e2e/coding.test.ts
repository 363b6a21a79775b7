/**
 * `gpumkt coding` against the sandbox over real HTTP: the index (latest values), the history with
 * --from/--to (one request per product, compare products keep value and value2), `--list` (public),
 * every format, Parquet types, appends across days equal to one export, names typed wrong, --dry-run,
 * the three plans and the 80-column table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv, runCli, TODAY } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { needs } from '../helpers/requires.js';
import { makeTempDir } from '../helpers/temp.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { CODING_PRODUCTS } from '../../src/domain/catalogues/coding-products.js';
import { DOCUMENTED_CODING_PRODUCTS } from '../fixtures/documented-ids.js';
import { runOn } from './cron-helpers.js';
import { expectAppendEqualsFullExport } from '../helpers/append-equals.js';
import { rewriting, runAt } from './append-helpers.js';
import { apiBody, expectEveryTextFormat, expectTableFits, jsonRows, type Row } from './ai-family-helpers.js';

const sb = useSandbox();
const reader = useParquetReader();
const env = (): Record<string, string> => sandboxEnv(sb.current);

describe('coding (latest values)', () => {
  it('one GET /api/llm-coding/index?product= per single-tool product (the docs: one object each); a compare product needs a window', async () => {
    const single = CODING_PRODUCTS.filter((p) => !p.compare).map((p) => p.id);
    const before = sb.current.requests.length;
    const all = await jsonRows(['coding'], env());
    const bodies = await Promise.all(
      single.map((id) => apiBody(`${sb.current.url}/api/llm-coding/index?product=${id}`, env().GPUMKT_API_KEY)),
    );
    expect(all).toEqual(bodies.map((b) => b.body.data));
    expect(all.map((r) => r.product)).toEqual(single);
    const some = await jsonRows(['coding', 'devin-prs', 'cc-prs'], env());
    expect(some.map((r) => r.product)).toEqual(['devin-prs', 'cc-prs']);
    const seen = sb.current.requests.slice(before).filter((q) => q.path === '/api/llm-coding/index');
    // Fanned out: the arrival order is the network's, the set is exact.
    expect(seen.map((q) => q.query.product).sort()).toEqual([...single, ...single, 'devin-prs', 'cc-prs'].sort());
    const compare = await runCli(['coding', 'cc-vs-codex'], { env: env() });
    expect([compare.code, compare.stderr]).toEqual([
      2,
      'gpumkt: error: cc-vs-codex is a compare product: it has no latest value, only a history (give a window, e.g. gpumkt coding cc-vs-codex --from 30d)\n',
    ]);
  });

  it("every text format reads back as the json rows (CSV with Python's csv module)", needs('python3'), async () => {
    const args = ['coding', 'cc-prs', 'cursor-merge', 'cc-commits'];
    await expectEveryTextFormat(args, env(), await jsonRows(args, env()));
  });

  it('is not a series: --append is refused with the way to the history', async () => {
    const r = await runCli(['coding', '--append', join(makeTempDir('c'), 'c.csv')], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--append does not apply');
    expect(r.stderr).toContain('--from 30d --append');
  });
});

describe('coding --from/--to (history)', () => {
  it('one request per product with both dates and a limit covering the window; value2 only where the product compares', async () => {
    const before = sb.current.requests.length;
    const rows = await jsonRows(['coding', 'cc-vs-codex', 'cursor-merge', '--from', '2026-11-10', '--to', '2026-11-19'], env());
    const queries = sb.current.requests.slice(before).map((q) => q.query);
    expect(queries).toEqual(
      expect.arrayContaining([
        { product: 'cc-vs-codex', startDate: '2026-11-10', endDate: '2026-11-19', limit: '10' },
        { product: 'cursor-merge', startDate: '2026-11-10', endDate: '2026-11-19', limit: '10' },
      ]),
    );
    expect(rows).toHaveLength(20);
    // Oldest first; products of one day in the order named.
    expect(rows.slice(0, 2).map((r) => [r.date, r.product])).toEqual([
      ['2026-11-10', 'cc-vs-codex'],
      ['2026-11-10', 'cursor-merge'],
    ]);
    for (const r of rows) expect(r.value2 === undefined).toBe(r.product === 'cursor-merge');
    const api = await apiBody(
      `${sb.current.url}/api/llm-coding/history?product=cc-vs-codex&startDate=2026-11-10&endDate=2026-11-19`,
      env().GPUMKT_API_KEY,
    );
    expect(rows.filter((r) => r.product === 'cc-vs-codex').map((r) => ({ date: r.date, value: r.value, value2: r.value2 }))).toEqual(
      api.body.data,
    );
  });

  it('every text format reads back as the json rows (value2 empty where absent)', needs('python3'), async () => {
    const args = ['coding', 'cc-vs-codex', 'devin-merge', '--from', '2026-11-15'];
    const rows = await jsonRows(args, env());
    expect(Object.keys(rows[0] as Row)).toEqual(['date', 'product', 'value', 'value2']);
    // Text formats print the documented columns: value2 empty for a product without a second series.
    await expectEveryTextFormat(
      [...args, '--columns', 'date,product,value,value2'],
      env(),
      rows.map((r) => ({ date: r.date, product: r.product, value: r.value, value2: r.value2 ?? null })),
    );
  });

  it('Parquet: date date32, value and value2 double (one column holds counts and percents)', async () => {
    const file = join(makeTempDir('coding'), 'c.parquet');
    const args = ['coding', 'cc-vs-codex', 'copilot-merge', '--from', '2026-11-17'];
    expect((await runCli([...args, '-o', file], { env: env() })).code).toBe(0);
    const back = await reader.read(file);
    expect(back.columns.map((c) => `${c.name} ${c.type}`)).toEqual(['date DATE', 'product VARCHAR', 'value DOUBLE', 'value2 DOUBLE']);
    const rows = await jsonRows(args, env());
    expect(back.rows).toEqual(rows.map((r) => ({ date: r.date, product: r.product, value: r.value, value2: r.value2 ?? null })));
  });

  it.each([['csv'], ['parquet']])('--append across three days equals one full export (%s)', async (format) => {
    const dir = makeTempDir('coding-append');
    const file = join(dir, `c.${format}`);
    // PR counts are "stable once posted"; merge rates are not (the sandbox restates them for four days,
    // docs/point-in-time.md), and an append never asks again for a day it holds: see the next test.
    const args = ['coding', 'cc-prs', 'cc-vs-codex', '--from', '2026-10-20'];
    await expectAppendEqualsFullExport({
      run: runOn,
      days: ['2026-11-01', '2026-11-09', '2026-11-20'],
      args,
      file,
      full: join(dir, `full.${format}`),
      read: format === 'csv' ? undefined : async (f) => (await reader.read(f)).rows,
      noRestated: true,
    });
  });

  it('--append keeps a merge rate as it was when appended; a later export shows it risen (the lake keeps both: docs/point-in-time.md)', async () => {
    const dir = makeTempDir('coding-append-restated');
    const file = join(dir, 'c.csv');
    const args = ['coding', 'codex-merge', '--from', '2026-11-01', '--columns', 'date,value', '-f', 'csv'];
    expect((await runOn('2026-11-09', [...args, '--append', file])).code).toBe(0);
    expect((await runOn('2026-11-20', [...args, '--append', file])).code).toBe(0);
    const held = new Map(parseCsv(readFileSync(file, 'utf8')).slice(1) as Array<[string, string]>);
    const now = new Map(parseCsv((await runOn('2026-11-20', args)).stdout).slice(1) as Array<[string, string]>);
    // 2026-11-07 was published 2026-11-08, a day before the first append: 6 % short then, final now.
    expect(Number(held.get('2026-11-07'))).toBeLessThan(Number(now.get('2026-11-07')));
    // 2026-11-02 had settled by the first append: the same in both.
    expect(held.get('2026-11-02')).toBe(now.get('2026-11-02'));
  });
});

describe('coding --list', () => {
  it("the service's catalogue, public: runs without a key and sends none", async () => {
    const before = sb.current.requests.length;
    const rows = await jsonRows(['coding', '--list'], { ...env(), GPUMKT_API_KEY: undefined });
    expect(rows.map((r) => r.id)).toEqual(DOCUMENTED_CODING_PRODUCTS);
    expect(rows.filter((r) => r.compare === true).every((r) => (r.seriesLabels as string[]).length === 2)).toBe(true);
    expect(sb.current.requests.slice(before).map((q) => [q.path, q.headers.authorization])).toEqual([
      ['/api/llm-coding/products', undefined],
    ]);
  });

  it('the 80-column table keeps the id', async () => {
    await expectTableFits(['coding', '--list', '--no-pager'], env(), ['id'], 13);
  });
});

describe('coding: names, dry runs, plans, the terminal', () => {
  it.each([
    [['coding', 'cc-pr'], "did you mean 'cc-prs'?"],
    [['coding', 'cursr-merge', '--from', '7d'], "did you mean 'cursor-merge'?"],
    [['coding', '--list', 'cc-prs'], 'takes no product names'],
    [['coding', 'cc-prs', 'cc-merge', '--from', '7d', '-f', 'chart'], 'in 2 units: count (cc-prs); pct (cc-merge)'],
    [['coding', '--from', '7d', '-f', 'chart'], 'pct (cc-merge, codex-merge, copilot-merge, cursor-merge, devin-merge, cc-vs-codex-merge)'],
  ])('%j: exit 2 before any data request (a name the offline list lacks is asked of the catalogue)', async (args, message) => {
    const before = sb.current.requests.length;
    const r = await runCli(args, { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(sb.current.requests.slice(before).filter((q) => q.path !== '/api/llm-coding/products')).toEqual([]);
  });

  it('-f chart draws products of one unit, each its own series', async () => {
    const r = await runCli(['coding', 'cc-merge', 'cursor-merge', '--from', '2026-11-01', '-f', 'chart'], { env: env() });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('value');
    expect(lines[lines.length - 1]).toMatch(/^\S cc-merge +\S cursor-merge$/);
  });

  it('--dry-run: the index, or one history request per product', async () => {
    const idx = await runCli(['--dry-run', 'coding'], { env: { GPUMKT_API_KEY: 'sk_prem_x' } });
    const lines = idx.stdout.split('\n').filter((l) => l.startsWith('curl'));
    expect(lines).toHaveLength(CODING_PRODUCTS.filter((p) => !p.compare).length);
    expect(lines[0]).toMatch(/\/api\/llm-coding\/index\?product=cc-prs'$/);
    const hist = await runCli(['--dry-run', 'coding', 'cc-prs', 'devin-prs', '--from', '2026-11-01'], {
      env: { GPUMKT_API_KEY: 'sk_prem_x' },
    });
    expect(hist.stdout.split('\n').filter((l) => l.startsWith('curl'))).toHaveLength(2);
    expect(hist.stdout).toContain('/api/llm-coding/history?product=devin-prs&startDate=2026-11-01&endDate=2026-11-20&limit=20');
    expect(hist.stdout + hist.stderr).not.toContain('sk_prem_x');
  });

  it('plans: values without a key exit 3 naming the plan before any request; premium and full keys read them', async () => {
    const before = sb.current.requests.length;
    for (const args of [['coding'], ['coding', 'cc-prs', '--from', '7d']]) {
      const r = await runCli(args, { env: { ...env(), GPUMKT_API_KEY: undefined } });
      expect(r.code).toBe(3);
      expect(r.stderr).toContain("'coding' needs a premium or full key");
    }
    expect(sb.current.requests.length).toBe(before);
    const plain = await startSandbox({ today: TODAY });
    try {
      for (const key of ['sk_prem_sandbox', 'sk_live_sandbox']) {
        const e = { GPUMKT_BASE_URL: plain.url, GPUMKT_API_KEY: key };
        expect(await jsonRows(['coding', 'cc-prs', '--from', '2026-11-18'], e)).toEqual(
          await jsonRows(['coding', 'cc-prs', '--from', '2026-11-18'], env()),
        );
      }
    } finally {
      await plain.close();
    }
  });

  it('the 80-column tables keep their keys', async () => {
    await expectTableFits(['coding', '--no-pager'], env(), ['product'], 11);
    await expectTableFits(['coding', 'cc-prs', 'cursor-merge', '--from', '2026-11-16', '--no-pager'], env(), ['date', 'product'], 8);
  });
});

describe('coding history bodies read the robust way', () => {
  const NOW = '2026-11-20T23:00:00.000Z';
  const args = ['coding', 'cc-prs', 'cursor-merge', '--from', '2026-11-14', '-f', 'json'];

  it('newest-first data prints oldest first; unknown fields kept; a null value stays null', async () => {
    const plain = await runAt(NOW, args);
    expect(plain.code, plain.stderr).toBe(0);
    const reversed = await runAt(NOW, args, { sb: { intercept: rewriting(NOW, (rows) => [...rows].reverse()) } });
    expect(reversed.stdout).toBe(plain.stdout);
    const edited = await runAt(NOW, args, {
      sb: { intercept: rewriting(NOW, (rows) => rows.map((r, i) => (i === 0 ? { ...r, value: null, note: 'backfill' } : r))) },
    });
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stderr).toBe('');
    const first = (JSON.parse(edited.stdout) as Row[])[0] as Row;
    expect(first).toMatchObject({ date: '2026-11-14', value: null, note: 'backfill' });
  });

  it('a value that is not a number breaks the documented shape: exit 6 naming the field', async () => {
    const bad = { sb: { intercept: rewriting(NOW, (rows) => rows.map((r, i) => (i === 1 ? { ...r, value: '12' } : r))) } };
    const r = await runAt(NOW, args, bad);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('data.1.value');
    expect(r.stdout).toBe('');
  });
});
