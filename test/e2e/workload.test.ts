/**
 * `gpumkt workload` against the sandbox over real HTTP: the rows the service sent, in every format
 * (CSV read back by Python, Parquet by DuckDB with the documented types), --columns, --family, appends
 * keyed by (date, lab, family) that equal one full export, names typed wrong, --dry-run, the three plans
 * and the 80-column table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, TODAY } from '../helpers/cli.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { needs } from '../helpers/requires.js';
import { makeTempDir } from '../helpers/temp.js';
import { WORKLOAD_FAMILIES } from '../../src/domain/catalogues/labs.js';
import { runOn } from './cron-helpers.js';
import { expectAppendEqualsFullExport } from '../helpers/append-equals.js';
import { holdingBack, rewriting, runAt } from './append-helpers.js';
import { apiBody, expectEveryTextFormat, expectTableFits, jsonRows, type Row } from './ai-family-helpers.js';

const sb = useSandbox();
const reader = useParquetReader();
const env = (): Record<string, string> => sandboxEnv(sb.current);
const COLUMNS = ['date', 'lab', 'family', 'cCents', 'lfl', 'qKtok', 'priceEffect', 'intensityEffect', 'mixEffect', 'computedAt'];

describe('workload', () => {
  it('defaults to the last 30 days in one request (both dates sent), and prints the rows the service sent', async () => {
    const before = sb.current.requests.length;
    const rows = await jsonRows(['workload'], env());
    const seen = sb.current.requests.slice(before);
    expect(seen.map((q) => q.query)).toEqual([{ startDate: '2026-10-22', endDate: '2026-11-20' }]);
    const api = await apiBody(`${sb.current.url}/api/workload?startDate=2026-10-22&endDate=2026-11-20`, env().GPUMKT_API_KEY);
    expect(rows).toEqual(api.body.data);
    // The sandbox settles a day 36 hours after it ends: 2026-11-18 is the last one on 2026-11-20.
    expect(rows.at(-1)?.date).toBe('2026-11-18');
    expect(Object.keys(rows[0] as Row)).toEqual(COLUMNS);
  });

  it("every text format reads back as the json rows (CSV with Python's csv module)", needs('python3'), async () => {
    const args = ['workload', 'openai', 'google', '--from', '2026-11-16'];
    const rows = await jsonRows(args, env());
    // Labs in the order named, families in the service's order, oldest first.
    expect(rows.map((r) => `${String(r.date)} ${String(r.lab)} ${String(r.family)}`)).toEqual(
      ['2026-11-16', '2026-11-17', '2026-11-18'].flatMap((d) =>
        ['openai', 'google'].flatMap((l) => (WORKLOAD_FAMILIES[l] ?? []).map((f) => `${d} ${l} ${f}`)),
      ),
    );
    await expectEveryTextFormat(args, env(), rows);
  });

  it('--columns picks and orders columns; --family keeps families of the named labs', async () => {
    const r = await runCli(
      ['workload', 'anthropic', '--from', '2026-11-17', '--family', 'all,opus', '--columns', 'family,cCents,date', '-f', 'csv'],
      { env: env() },
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = await jsonRows(['workload', 'anthropic', '--from', '2026-11-17', '--family', 'all,opus'], env());
    expect(r.stdout).toBe(
      ['family,cCents,date', ...rows.map((x) => `${String(x.family)},${String(x.cCents)},${String(x.date)}`), ''].join('\n'),
    );
    expect(rows.map((x) => x.family)).toEqual(['all', 'opus', 'all', 'opus']);
  });

  it('Parquet: dates date32, computedAt a UTC timestamp, numbers double; values as json', async () => {
    const file = join(makeTempDir('workload'), 'w.parquet');
    const args = ['workload', 'google', '--from', '2026-11-17'];
    const w = await runCli([...args, '-o', file], { env: env() });
    expect(w.code, w.stderr).toBe(0);
    const back = await reader.read(file);
    expect(back.columns.map((c) => `${c.name} ${c.type}`)).toEqual([
      'date DATE',
      'lab VARCHAR',
      'family VARCHAR',
      'cCents DOUBLE',
      'lfl DOUBLE',
      'qKtok DOUBLE',
      'priceEffect DOUBLE',
      'intensityEffect DOUBLE',
      'mixEffect DOUBLE',
      'computedAt TIMESTAMP WITH TIME ZONE',
    ]);
    const rows = await jsonRows(args, env());
    expect(back.rows.map((r) => [r.date, r.family, r.cCents, r.mixEffect, r.computedAt])).toEqual(
      rows.map((r) => [r.date, r.family, r.cCents, r.mixEffect, String(r.computedAt).replace('Z', '000Z')]),
    );
  });

  it.each([['csv'], ['parquet']])(
    '--append across three days equals one full export (%s), keyed by date, lab and family',
    async (format) => {
      const dir = makeTempDir('workload-append');
      const file = join(dir, `w.${format}`);
      const args = ['workload', 'anthropic', 'openai', '--from', '2026-11-01', '--family', 'all,opus,mini'];
      await expectAppendEqualsFullExport({
        run: runOn,
        days: ['2026-11-08', '2026-11-14', '2026-11-20'],
        args,
        file,
        full: join(dir, `full.${format}`),
        read: format === 'csv' ? undefined : async (f) => (await reader.read(f)).rows,
        noRestated: true,
      });
      // Nothing new the same day: the file is left as it is.
      const again = await runOn('2026-11-20', [...args, '--append', file]);
      expect(again.stderr).toContain('no new rows');
    },
  );

  it('--append needs the key columns: dropping family is refused before any request', async () => {
    const before = sb.current.requests.length;
    const r = await runCli(['workload', '--columns', 'date,lab,cCents', '--append', join(makeTempDir('w'), 'w.csv')], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('keep family in --columns');
    expect(sb.current.requests.length).toBe(before);
  });

  it('the whole history takes an explicit --from: it starts 2026-06-11 and has no 2026-06-30', async () => {
    const rows = await jsonRows(['workload', 'google', '--from', '2026-06-01', '--to', '2026-07-02', '--family', 'all'], env());
    expect(rows[0]?.date).toBe('2026-06-11');
    expect(rows.some((r) => r.date === '2026-06-30')).toBe(false);
    expect(rows.map((r) => r.date)).toContain('2026-07-01');
  });

  it.each([
    [['workload', 'antropic'], "did you mean 'anthropic'?"],
    [['workload', 'deepseek'], "'deepseek' has no workload cost index"],
    [['workload', '--family', 'opsu'], "did you mean 'opus'?"],
    [['workload', 'openai', '--family', 'opus'], "'opus' is not a workload family of openai"],
  ])('%j: exit 2 before any request, with a suggestion', async (args, message) => {
    const before = sb.current.requests.length;
    const r = await runCli(args, { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
    expect(sb.current.requests.length).toBe(before);
  });

  it('--dry-run prints one curl per lab named, the key as a variable', async () => {
    const r = await runCli(['--dry-run', 'workload', 'google', 'anthropic', '--from', '2026-11-01'], {
      env: { GPUMKT_API_KEY: 'sk_prem_x' },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("/api/workload?startDate=2026-11-01&endDate=2026-11-20&lab=google'");
    expect(r.stdout).toContain("/api/workload?startDate=2026-11-01&endDate=2026-11-20&lab=anthropic'");
    expect(r.stdout).not.toContain('sk_prem_x');
  });

  it('plans: no key exits 3 naming the plan before any request; premium and full keys read it', async () => {
    const before = sb.current.requests.length;
    const none = await runCli(['workload'], { env: { ...env(), GPUMKT_API_KEY: undefined } });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain("'workload' needs a premium or full key");
    expect(sb.current.requests.length).toBe(before);
    const args = ['workload', 'openai', '--from', '2026-11-18'];
    const canary = await jsonRows(args, env());
    // A sandbox with its default keys: sk_prem_sandbox is premium, sk_live_sandbox full.
    const plain = await startSandbox({ today: TODAY });
    try {
      for (const key of ['sk_prem_sandbox', 'sk_live_sandbox'])
        expect(await jsonRows(args, { GPUMKT_BASE_URL: plain.url, GPUMKT_API_KEY: key })).toEqual(canary);
    } finally {
      await plain.close();
    }
  });

  it('the 80-column table keeps date, lab and family, and says which columns it left out', async () => {
    const header = await expectTableFits(
      ['workload', 'anthropic', '--from', '2026-11-16', '--no-pager'],
      env(),
      ['date', 'lab', 'family'],
      15,
    );
    expect(header).toContain('cCents');
  });
});

describe('workload --append with a lab published late', () => {
  it("rows of the file's last day that arrive late go where one full export has them (by lab, then family)", async () => {
    const dir = makeTempDir('workload-late');
    const file = join(dir, 'w.csv');
    const args = ['workload', '--from', '2026-11-10', '--family', 'all,image'];
    // At noon-thirty on 2026-11-16 the day 2026-11-14 is out, but anthropic's rows of it are held back.
    const first = await runAt('2026-11-16T12:45:00.000Z', [...args, '--append', file], {
      file,
      sb: { intercept: holdingBack('2026-11-16T12:45:00.000Z', (row) => row.date === '2026-11-14' && row.lab === 'anthropic') },
    });
    expect(first.code, first.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain('2026-11-14,anthropic');
    const second = await runAt('2026-11-20T23:00:00.000Z', [...args, '--append', file], { file });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('late row');
    const full = join(dir, 'full.csv');
    expect((await runAt('2026-11-20T23:00:00.000Z', [...args, '-o', full])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(full, 'utf8'));
  });
});

describe('workload bodies read the robust way', () => {
  const NOW = '2026-11-20T23:00:00.000Z';
  const args = ['workload', '--from', '2026-11-15', '-f', 'json'];

  it("rows newest first (or shuffled) print as oldest first, labs and families in the service's order", async () => {
    const plain = await runAt(NOW, args);
    expect(plain.code, plain.stderr).toBe(0);
    for (const edit of [
      (rows: Row[]) => [...rows].reverse(),
      (rows: Row[]) => [...rows].sort((a, b) => String(a.family).localeCompare(String(b.family))),
    ]) {
      const r = await runAt(NOW, args, { sb: { intercept: rewriting(NOW, edit) } });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(plain.stdout);
    }
    const desc = await runAt(NOW, [...args, '--order', 'desc']);
    expect(JSON.parse(desc.stdout)).toEqual((JSON.parse(plain.stdout) as Row[]).reverse());
  });

  it('unknown fields are kept (json) and nullable fields may be null; csv keeps the documented columns', async () => {
    const edit = (rows: Row[]): Row[] =>
      rows.map((r, i) => ({ ...r, ...(i === 0 ? { lfl: null, qKtok: null, mixEffect: null, source: 'x' } : {}) }));
    const r = await runAt(NOW, args, { sb: { intercept: rewriting(NOW, edit) } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const first = (JSON.parse(r.stdout) as Row[])[0] as Row;
    expect(first).toMatchObject({ lfl: null, qKtok: null, mixEffect: null, source: 'x' });
    const csv = await runAt(NOW, ['workload', '--from', '2026-11-15', '-f', 'csv'], { sb: { intercept: rewriting(NOW, edit) } });
    expect(csv.stdout.split('\n')[0]).toBe(COLUMNS.join(','));
    expect(csv.stdout.split('\n')[1]).toMatch(/^2026-11-15,anthropic,all,[\d.]+,,,/);
  });

  it('a row without its documented key fields is an invalid response (exit 6)', async () => {
    const edit = (rows: Row[]): Row[] => rows.map(({ family, ...r }, i) => (i === 0 ? r : { ...r, family }));
    const r = await runAt(NOW, args, { sb: { intercept: rewriting(NOW, edit) } });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('family');
  });
});
