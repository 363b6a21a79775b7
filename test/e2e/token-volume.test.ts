/**
 * `gpumkt token-volume` (GET /api/token-volume) against the sandbox: the per-day `labs` lists flattened
 * to one row per day and lab with the day's totalGrowthIndex, oldest first whatever order the service
 * sends, both dates always sent, keys only (exit 3 before any request without one), every format
 * (Python's csv, DuckDB for Parquet types), --append across days equal to one full export.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, ndjsonRows } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { makeTempDir } from '../helpers/temp.js';
import { needs } from '../helpers/requires.js';
import { runOn } from './cron-helpers.js';
import { expectAppendEqualsFullExport } from '../helpers/append-equals.js';
import { checkTableAt80, csvCell, pythonCsv, requestsDuring, runAs } from './market-helpers.js';

const sb = useSandbox();
const reader = useParquetReader();
type Row = Record<string, unknown>;
const COLUMNS = ['date', 'lab', 'totalTokens', 'growthIndex', 'share', 'totalGrowthIndex'];

async function json(args: string[]): Promise<Row[]> {
  const r = await runCli([...args, '-f', 'json'], { env: sandboxEnv(sb.current) });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Row[];
}

/** The service's days flattened here, independently: oldest day first, labs in the order sent. */
async function service(from: string, to: string): Promise<Row[]> {
  const res = await fetch(`${sb.current.url}/api/token-volume?startDate=${from}&endDate=${to}`, {
    headers: { authorization: `Bearer ${sandboxEnv(sb.current).GPUMKT_API_KEY}` },
  });
  const days = ((await res.json()) as { data: Array<{ date: string; labs: Row[]; totalGrowthIndex: number | null }> }).data;
  return [...days]
    .sort((a, b) => (a.date < b.date ? -1 : 1))
    .flatMap((d) => d.labs.map((l) => ({ date: d.date, ...l, totalGrowthIndex: d.totalGrowthIndex })));
}

describe('token-volume', () => {
  it("one row per day and lab, oldest first, each with its day's totalGrowthIndex; both dates always sent (default: 30 days)", async () => {
    const { result, requests } = await requestsDuring(sb.current, () => json(['token-volume']));
    expect(requests.map((q) => q.url)).toEqual(['/api/token-volume?startDate=2026-10-22&endDate=2026-11-20']);
    expect(result).toEqual(await service('2026-10-22', '2026-11-20'));
    const dates = result.map((r) => String(r.date));
    expect(dates).toEqual([...dates].sort());
    expect(dates.at(-1)).toBe('2026-11-19');
  });

  it('a day where a lab had no volume has fewer rows (no zero rows) and no totalGrowthIndex', async () => {
    const rows = await json(['token-volume', '--from', '2026-03-01', '--to', '2026-11-19']);
    const perDay = new Map<string, Row[]>();
    for (const r of rows) perDay.set(String(r.date), [...(perDay.get(String(r.date)) ?? []), r]);
    const short = [...perDay.values()].filter((d) => d.length < 3);
    expect(short.length).toBeGreaterThan(0);
    expect(short.flat().every((r) => r.totalGrowthIndex === null)).toBe(true);
    expect(rows.every((r) => (r.totalTokens as number) > 0)).toBe(true);
  });

  it('needs a premium or full key: without one exit 3 naming the plan, before any request; premium and full read alike', async () => {
    const none = await requestsDuring(sb.current, () => runAs(sb.current, 'none', ['token-volume']));
    expect(none.result.code).toBe(3);
    expect(none.result.stderr).toContain("'token-volume' needs a premium or full key");
    expect(none.requests).toHaveLength(0);
    const premium = await runAs(sb.current, 'premium', ['token-volume', '-f', 'csv']);
    const full = await runAs(sb.current, 'full', ['token-volume', '-f', 'csv']);
    expect([premium.code, full.code]).toEqual([0, 0]);
    expect(premium.stdout).toBe(full.stdout);
    const dry = await runCli(['--dry-run', 'token-volume', '--from', '2026-07-01', '--to', '2026-07-31'], {
      env: { GPUMKT_API_KEY: 'sk_prem_x' },
    });
    expect(dry.stdout).toBe(
      'curl -sS -H "Authorization: Bearer $GPUMKT_API_KEY" \'https://api.ornnai.com/api/token-volume?startDate=2026-07-01&endDate=2026-07-31\'\n',
    );
  });

  it('every format holds the same rows: csv (Python), tsv, ndjson, --columns (typos suggested)', needs('python3'), async () => {
    const args = ['token-volume', '--from', '2026-11-10'];
    const rows = await json(args);
    const csv = await runCli([...args, '-f', 'csv'], { env: sandboxEnv(sb.current) });
    const records = pythonCsv(csv.stdout);
    expect(records).toEqual([COLUMNS, ...rows.map((r) => COLUMNS.map((c) => csvCell(r[c])))]);
    const tsv = await runCli([...args, '-f', 'tsv'], { env: sandboxEnv(sb.current) });
    expect(pythonCsv(tsv.stdout, '\t')).toEqual(records);
    const nd = await runCli([...args, '-f', 'ndjson'], { env: sandboxEnv(sb.current) });
    expect(ndjsonRows(nd.stdout)).toEqual(rows);
    const cols = await runCli([...args, '--columns', 'lab,share', '-f', 'tsv', '--no-header'], { env: sandboxEnv(sb.current) });
    expect(cols.stdout).toBe(rows.map((r) => `${String(r.lab)}\t${String(r.share)}\n`).join(''));
    const typo = await runCli([...args, '--columns', 'totalTokns'], { env: sandboxEnv(sb.current) });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("did you mean 'totalTokens'?");
  });

  it('Parquet: date32, int64 token counts past 2^31, doubles', async () => {
    const file = join(makeTempDir('tv'), 'tv.parquet');
    const args = ['token-volume', '--from', '2026-11-01'];
    expect((await runCli([...args, '-o', file], { env: sandboxEnv(sb.current) })).code).toBe(0);
    const back = await reader.read(file);
    expect(back.columns.map((c) => `${c.name} ${c.type}`)).toEqual([
      'date DATE',
      'lab VARCHAR',
      'totalTokens BIGINT',
      'growthIndex DOUBLE',
      'share DOUBLE',
      'totalGrowthIndex DOUBLE',
    ]);
    const rows = await json(args);
    expect(back.rows).toEqual(rows.map((r) => ({ ...r, totalTokens: BigInt(r.totalTokens as number) })));
    expect(back.rows.every((r) => (r.totalTokens as bigint) > 2n ** 31n)).toBe(true);
  });

  it.each([
    ['csv', 'tv.csv'],
    ['parquet', 'tv.parquet'],
  ])('--append over three days equals one full export (%s)', async (_f, name) => {
    const dir = makeTempDir('tv-append');
    const file = join(dir, name);
    const args = ['token-volume', '--from', '2026-10-20'];
    await expectAppendEqualsFullExport({
      run: runOn,
      days: ['2026-10-28', '2026-11-09', '2026-11-20'],
      args,
      file,
      full: join(dir, `full-${name}`),
      read: name.endsWith('.csv') ? undefined : (f) => reader.read(f),
      grows: true,
    });
  });

  it('--append keys rows by date and lab: a --columns without lab is refused before any request', async () => {
    const { result, requests } = await requestsDuring(sb.current, () =>
      runCli(['token-volume', '--columns', 'date,share', '--append', join(makeTempDir('tv'), 'x.csv')], { env: sandboxEnv(sb.current) }),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('keep lab in --columns');
    expect(requests).toHaveLength(0);
  });

  it('the table at 80 columns fits, date and lab whole', needs('tmux'), async () => {
    await checkTableAt80(sb.current, ['token-volume', '--from', '2026-11-14'], ['date', 'lab']);
  });
});
