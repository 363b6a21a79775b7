/**
 * `gpumkt token-prices` (GET /api/otpi) against the sandbox: the latest settled day, one day or a range
 * (never both), labs checked offline with suggestions, the free tier without a key (4 labs, trailing
 * month; more exits 3 before any request), every format (Python's csv, DuckDB for Parquet types),
 * --append across days equal to one full export, and the table at 80 columns.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, ndjsonRows } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { makeTempDir } from '../helpers/temp.js';
import { needs } from '../helpers/requires.js';
import { FREE_LABS, LABS } from '../../src/domain/catalogues/labs.js';
import { DOCUMENTED_LABS } from '../fixtures/documented-ids.js';
import { runOn } from './cron-helpers.js';
import { expectAppendEqualsFullExport } from '../helpers/append-equals.js';
import { checkTableAt80, csvCell, pythonCsv, requestsDuring, runAs } from './market-helpers.js';

const sb = useSandbox();
const reader = useParquetReader();
type Row = Record<string, unknown>;
const COLUMNS = ['date', 'lab', 'indexPerMtok', 'computedAt'];

async function json(args: string[]): Promise<Row[]> {
  const r = await runCli([...args, '-f', 'json'], { env: sandboxEnv(sb.current) });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Row[];
}

async function service(query: string, key = true): Promise<Row[]> {
  const res = await fetch(`${sb.current.url}/api/otpi?${query}`, {
    headers: key ? { authorization: `Bearer ${sandboxEnv(sb.current).GPUMKT_API_KEY}` } : {},
  });
  return ((await res.json()) as { data: Row[] }).data;
}

describe('token-prices', () => {
  it('without dates: the latest settled day for every lab, one request with no date', async () => {
    const { result, requests } = await requestsDuring(sb.current, () => json(['token-prices']));
    expect(requests.map((q) => q.url)).toEqual(['/api/otpi']);
    expect(result).toEqual(await service(''));
    expect(result.map((r) => r.lab)).toEqual(LABS.map((l) => l.lab));
    expect(new Set(result.map((r) => r.date))).toEqual(new Set(['2026-11-19']));
  });

  it('--date sends date; --from/--to send the range; both together exit 2 before any request', async () => {
    const day = await requestsDuring(sb.current, () => json(['token-prices', '--date', '2026-11-02']));
    expect(day.requests.map((q) => q.url)).toEqual(['/api/otpi?date=2026-11-02']);
    expect(day.result).toEqual(await service('date=2026-11-02'));
    const range = await requestsDuring(sb.current, () => json(['token-prices', '--from', '2026-11-01', '--to', '2026-11-03']));
    expect(range.requests.map((q) => q.url)).toEqual(['/api/otpi?startDate=2026-11-01&endDate=2026-11-03']);
    expect(range.result).toEqual(await service('startDate=2026-11-01&endDate=2026-11-03'));
    const both = await requestsDuring(sb.current, () =>
      runCli(['token-prices', '--date', '2026-11-02', '--from', '7d'], { env: sandboxEnv(sb.current) }),
    );
    expect(both.result.code).toBe(2);
    expect(both.requests).toHaveLength(0);
  });

  it('named labs: one request each, rows by date then in the order asked; a gap in the history has no rows', async () => {
    const { result, requests } = await requestsDuring(sb.current, () =>
      json(['token-prices', 'xiaomi', 'anthropic', '--from', '2026-04-02', '--to', '2026-06-05']),
    );
    expect(requests.map((q) => q.query.lab).sort()).toEqual(['anthropic', 'xiaomi']);
    expect(result.map((r) => `${String(r.date)} ${String(r.lab)}`)).toEqual(
      ['2026-04-02', '2026-04-03', '2026-06-04', '2026-06-05'].flatMap((d) => [`${d} xiaomi`, `${d} anthropic`]),
    );
  });

  it('labs typed wrong get a suggestion and exit 2 before any data request (the lab catalogue is asked first)', async () => {
    const { result, requests } = await requestsDuring(sb.current, () =>
      runCli(['token-prices', 'opneai'], { env: sandboxEnv(sb.current) }),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown lab 'opneai'; did you mean 'openai'?");
    expect(requests.map((q) => q.path)).toEqual(['/api/token-types']);
  });

  it('without a key: the free four over the trailing month; a paid lab or an older day exits 3 before any request', async () => {
    const free = await requestsDuring(sb.current, () => runAs(sb.current, 'none', ['token-prices', '--from', '7d', '-f', 'json']));
    expect(free.result.code, free.result.stderr).toBe(0);
    expect(free.requests.every((q) => q.headers.authorization === undefined)).toBe(true);
    const rows = JSON.parse(free.result.stdout) as Row[];
    expect([...new Set(rows.map((r) => r.lab))]).toEqual(FREE_LABS);
    expect(rows).toEqual(await service(`startDate=2026-11-13&endDate=2026-11-20`, false));
    for (const args of [
      ['token-prices', 'meta-llama'],
      ['token-prices', '--from', '2026-10-19'],
      ['token-prices', 'openai', '--date', '2026-09-01'],
    ]) {
      const r = await requestsDuring(sb.current, () => runAs(sb.current, 'none', args));
      expect(r.result.code, args.join(' ')).toBe(3);
      expect(r.result.stderr).toContain('needs a premium or full key (sk_prem_ or sk_live_)');
      expect(r.requests).toHaveLength(0);
    }
    expect((await runAs(sb.current, 'none', ['token-prices', '--from', '2026-10-20'])).code).toBe(0);
  });

  it('premium and full keys read every lab and the whole history alike', async () => {
    const args = ['token-prices', 'meta-llama', 'minimax', '--from', '2025-07-01', '--to', '2025-07-10', '-f', 'csv'];
    const premium = await runAs(sb.current, 'premium', args);
    const full = await runAs(sb.current, 'full', args);
    expect([premium.code, full.code]).toEqual([0, 0]);
    expect(premium.stdout).toBe(full.stdout);
    expect(premium.stdout.split('\n')[1]).toMatch(/^2025-07-04,meta-llama,/);
  });

  it('--dry-run shows what would be sent, without a key too', async () => {
    const dry = await runCli(['--dry-run', 'token-prices', 'openai', 'deepseek', '--from', '2026-11-01'], {
      env: { GPUMKT_API_KEY: undefined },
    });
    expect(dry.stdout).toBe(
      [
        "curl -sS 'https://api.ornnai.com/api/otpi?startDate=2026-11-01&endDate=2026-11-20&lab=openai'",
        "curl -sS 'https://api.ornnai.com/api/otpi?startDate=2026-11-01&endDate=2026-11-20&lab=deepseek'",
        '',
      ].join('\n'),
    );
    // A dry run shows what would be sent even beyond the free tier (with a key configured, the header).
    const paid = await runCli(['--dry-run', 'token-prices', 'meta-llama', '--date', '2026-11-01'], {
      env: { GPUMKT_API_KEY: 'sk_prem_x' },
    });
    expect(paid.code).toBe(0);
    expect(paid.stdout).toBe(
      'curl -sS -H "Authorization: Bearer $GPUMKT_API_KEY" \'https://api.ornnai.com/api/otpi?date=2026-11-01&lab=meta-llama\'\n',
    );
  });

  it('every format holds the same rows: csv (Python), tsv, ndjson, --columns', needs('python3'), async () => {
    const args = ['token-prices', '--from', '2026-11-15'];
    const rows = await json(args);
    const csv = await runCli([...args, '-f', 'csv'], { env: sandboxEnv(sb.current) });
    const records = pythonCsv(csv.stdout);
    expect(records).toEqual([COLUMNS, ...rows.map((r) => COLUMNS.map((c) => csvCell(r[c])))]);
    // Full precision survives the text formats.
    expect(records.slice(1).map((r) => Number(r[2]))).toEqual(rows.map((r) => r.indexPerMtok));
    const tsv = await runCli([...args, '-f', 'tsv'], { env: sandboxEnv(sb.current) });
    expect(pythonCsv(tsv.stdout, '\t')).toEqual(records);
    const nd = await runCli([...args, '-f', 'ndjson'], { env: sandboxEnv(sb.current) });
    expect(ndjsonRows(nd.stdout)).toEqual(rows);
    const cols = await runCli([...args, '--columns', 'lab,indexPerMtok', '-f', 'csv', '--order', 'desc'], { env: sandboxEnv(sb.current) });
    expect(cols.stdout.split('\n')[1]).toBe(`${String(rows.at(-1)?.lab)},${String(rows.at(-1)?.indexPerMtok)}`);
    const typo = await runCli([...args, '--columns', 'indexPerMtk'], { env: sandboxEnv(sb.current) });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("did you mean 'indexPerMtok'?");
  });

  it('Parquet: date32, double (exact), timestamp', async () => {
    const file = join(makeTempDir('otpi'), 'otpi.parquet');
    const args = ['token-prices', 'google', 'z-ai', '--from', '2026-11-10'];
    expect((await runCli([...args, '-o', file], { env: sandboxEnv(sb.current) })).code).toBe(0);
    const back = await reader.read(file);
    expect(back.columns.map((c) => `${c.name} ${c.type}`)).toEqual([
      'date DATE',
      'lab VARCHAR',
      'indexPerMtok DOUBLE',
      'computedAt TIMESTAMP WITH TIME ZONE',
    ]);
    const rows = await json(args);
    expect(back.rows).toEqual(rows.map((r) => ({ ...r, computedAt: String(r.computedAt).replace('Z', '000Z') })));
  });

  it.each([
    ['csv', 'otpi.csv'],
    ['parquet', 'otpi.parquet'],
  ])('--append over three days equals one full export (%s)', async (_f, name) => {
    const dir = makeTempDir('otpi-append');
    const file = join(dir, name);
    const args = ['token-prices', 'openai', 'meta-llama', '--from', '2026-10-25'];
    await expectAppendEqualsFullExport({
      run: runOn,
      days: ['2026-11-01', '2026-11-12', '2026-11-20'],
      args,
      file,
      full: join(dir, `full-${name}`),
      read: name.endsWith('.csv') ? undefined : (f) => reader.read(f),
      grows: true,
    });
    const whole = await reader.query(
      `SELECT count(*) AS n, count(DISTINCT (date, lab)) AS k FROM read_${name.endsWith('.csv') ? 'csv' : 'parquet'}('${file}')`,
    );
    expect(whole.rows[0]?.n).toBe(whole.rows[0]?.k);
  });

  it('the table at 80 columns fits, date and lab whole', needs('tmux'), async () => {
    await checkTableAt80(sb.current, ['token-prices', '--from', '2026-11-17'], ['date', 'lab']);
  });
});

describe('labs', () => {
  it('lists the 11 labs offline (no request), --free the four; --live asks the service in the same layout', async () => {
    const offline = await requestsDuring(sb.current, () => runCli(['labs'], { env: sandboxEnv(sb.current) }));
    expect(offline.requests).toHaveLength(0);
    expect(offline.result.stdout).toBe(LABS.map((l) => `${l.lab}\t${l.label}\n`).join(''));
    // The documented ids and labels, exactly (the docs' list, kept apart from src/).
    expect(offline.result.stdout).toBe(DOCUMENTED_LABS.map(([lab, label]) => `${lab}\t${label}\n`).join(''));
    const free = await runCli(['labs', '--free', '-f', 'csv'], { env: sandboxEnv(sb.current) });
    expect(free.stdout).toBe(
      ['lab,label', ...LABS.filter((l) => FREE_LABS.includes(l.lab)).map((l) => `${l.lab},${l.label}`), ''].join('\n'),
    );
    const live = await requestsDuring(sb.current, () => runAs(sb.current, 'none', ['labs', '--live']));
    expect(live.requests.map((q) => q.url)).toEqual(['/api/token-types']);
    expect(live.result.stdout).toBe(offline.result.stdout);
    const liveFree = await requestsDuring(sb.current, () => runAs(sb.current, 'none', ['labs', '--live', '--free', '-f', 'csv']));
    expect(liveFree.requests.map((q) => q.url)).toEqual(['/api/token-types-free']);
    expect(liveFree.result.stdout).toBe(free.stdout);
  });
});
