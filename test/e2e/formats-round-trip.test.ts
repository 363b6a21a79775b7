/**
 * The five data commands × every format, against the sandbox over real HTTP: what the binary prints,
 * parsed back, equals the rows the API served for the same request.
 */
import { describe, expect, it } from 'vitest';
import { CANARY_KEY, parseCsv, runCli } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { shown } from '../helpers/terminal.js';

const sb = useSandbox();

type Row = Record<string, unknown>;

/** The API's rows for a request, fetched directly (the test's own client, not the CLI). */
async function apiRows(path: string, query: Record<string, string>): Promise<{ body: Record<string, unknown>; rows: Row[] }> {
  const url = `${sb.current.url}${path}?${new URLSearchParams(query).toString().replace(/\+/g, '%20')}`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${CANARY_KEY}` } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: Row[] | Row };
  return { body, rows: Array.isArray(body.data) ? body.data : [body.data] };
}

const cell = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

interface Case {
  name: string;
  args: string[];
  path: string;
  query: Record<string, string>;
  columns: string[];
  timeKey?: string;
  /** The first day printed, where the request reaches further back (util-index asks 14 days before the window). */
  keepFrom?: string;
}

const CASES: Case[] = [
  {
    name: 'util-index',
    args: ['util-index', '--from', '2026-10-01', '--to', '2026-10-20'],
    path: '/api/utilization-index/history',
    query: { region: 'global', startDate: '2026-09-17', endDate: '2026-10-20', baseDate: '2026-01-01' },
    keepFrom: '2026-10-01',
    columns: [
      'date',
      'occupancy',
      'intensity',
      'eur',
      'basis',
      'index',
      'price',
      'effectivePrice',
      'revPag',
      'priceCoverage',
      'capacity',
      'rented',
      'demandEffect',
      'supplyEffect',
      'occupancyChange',
      'decompositionBasis',
      'comparable',
      'reportingTypes',
      'coverage',
      'readings',
    ],
    timeKey: 'date',
  },
  {
    name: 'history',
    args: ['history', 'h100', '--from', '2026-11-15', '--to', '2026-11-17'],
    path: '/api/gpu/H100 SXM/history-simple',
    query: { startDate: '2026-11-15', endDate: '2026-11-17', granularity: 'auto', limit: '72' },
    columns: ['timestamp', 'index_value'],
    timeKey: 'timestamp',
  },
  {
    name: 'volume',
    args: ['volume', 'B200', '--from', '2026-09-01', '--to', '2026-11-01', '--granularity', 'daily'],
    path: '/api/gpu/B200/volume-metrics',
    query: { startDate: '2026-09-01', endDate: '2026-11-01', granularity: 'daily', limit: '62' },
    columns: ['recorded_at', 'exact_timestamp', 'utilization_ratio'],
    timeKey: 'recorded_at',
  },
  {
    name: 'range',
    args: ['range', 'pro6000', '--from', '2026-11-18', '--to', '2026-11-19'],
    path: '/api/gpu/RTX PRO 6000 WS/history-range',
    query: { startDate: '2026-11-18', endDate: '2026-11-19', granularity: 'auto', limit: '48' },
    columns: ['recorded_at', 'exact_timestamp', 'index_value', 'data_type'],
    timeKey: 'recorded_at',
  },
  {
    name: 'memory',
    args: ['memory', '--category', 'dram'],
    path: '/api/memory-index',
    query: { category: 'dram' },
    columns: ['id', 'memoryType', 'category', 'price', 'changePct', 'weeklyHigh', 'weeklyLow', 'sourceUpdatedAt', 'date', 'updatedAt'],
  },
];

async function expected(c: Case): Promise<Row[]> {
  const { rows: all } = await apiRows(c.path, c.query);
  const k = c.timeKey;
  const rows = k && c.keepFrom !== undefined ? all.filter((r) => String(r[k]) >= (c.keepFrom as string)) : all;
  return k ? [...rows].sort((a, b) => (String(a[k]) < String(b[k]) ? -1 : 1)) : rows;
}

describe.each(CASES)('$name', (c) => {
  it('csv: header is the API field names; every row and value as the API sent it, oldest first', async () => {
    const want = await expected(c);
    const r = await runCli([...c.args, '-f', 'csv'], { env: sandboxEnv(sb.current) });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [header, ...rows] = parseCsv(r.stdout);
    expect(header).toEqual(c.columns);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(want.map((w) => c.columns.map((col) => cell(w[col]))));
  });

  it('json and ndjson: the row objects exactly, extra fields kept', async () => {
    const want = await expected(c);
    const json = await runCli([...c.args, '-f', 'json'], { env: sandboxEnv(sb.current) });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(want);
    const nd = await runCli([...c.args, '-f', 'ndjson'], { env: sandboxEnv(sb.current) });
    expect(nd.code).toBe(0);
    expect(
      nd.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(want);
  });

  it('tsv: tab-separated, same cells', async () => {
    const want = await expected(c);
    const r = await runCli([...c.args, '-f', 'tsv', '--no-header'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split('\t')),
    ).toEqual(want.map((w) => c.columns.map((col) => cell(w[col]))));
  });

  it('markdown and table: one line per row, no escape bytes without a terminal', async () => {
    const want = await expected(c);
    const md = await runCli([...c.args, '-f', 'markdown'], { env: sandboxEnv(sb.current) });
    expect(md.code).toBe(0);
    const mdLines = md.stdout.trimEnd().split('\n');
    expect(mdLines).toHaveLength(want.length + 2);
    expect(mdLines[0]).toBe(`| ${c.columns.join(' | ')} |`);
    const table = await runCli([...c.args, '-f', 'table'], { env: sandboxEnv(sb.current) });
    expect(table.code).toBe(0);
    expect(table.stdout).not.toContain('\u001b');
    const first = want[0] as Row;
    // Keys whole, daily timestamps as their dates (the table's display of them).
    const firstKey = shown(String(first[c.timeKey ?? 'id']));
    expect(table.stdout).toContain(firstKey);
    expect(table.stdout).toContain(shown(String(want[want.length - 1]?.[c.timeKey ?? 'id'])));
  });

  it('sends the documented request: exact path, query and headers', async () => {
    const before = sb.current.requests.length;
    const r = await runCli(c.args, { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(0);
    const sent = sb.current.requests.slice(before);
    expect(sent).toHaveLength(1);
    const req = sent[0]!;
    expect(req.path).toBe(c.path);
    expect(req.url.startsWith(c.path.replace(/ /g, '%20'))).toBe(true);
    expect(req.query).toEqual(c.query);
    expect(req.headers.authorization).toBe(`Bearer ${CANARY_KEY}`);
    expect(req.headers['user-agent']).toMatch(/^gpumkt\/\d+\.\d+\.\d+/);
  });
});

describe('several models', () => {
  it('history h100 h200: one long table with a leading gpu column, time then model order', async () => {
    const r = await runCli(['history', 'h100', 'h200', '--from', '2026-11-19', '--to', '2026-11-19', '-f', 'csv'], {
      env: sandboxEnv(sb.current),
    });
    expect(r.code).toBe(0);
    const [header, ...rows] = parseCsv(r.stdout);
    expect(header).toEqual(['gpu', 'timestamp', 'index_value']);
    expect(rows).toHaveLength(48);
    expect(rows.slice(0, 2).map((x) => x[0])).toEqual(['H100 SXM', 'H200']);
    expect(rows[0]![1]).toBe(rows[1]![1]);
  });

  it('--order desc prints newest first; --columns picks and orders columns', async () => {
    const r = await runCli(
      [
        'volume',
        'a100',
        '--from',
        '2026-11-01',
        '--to',
        '2026-11-05',
        '--granularity',
        'daily',
        '--order',
        'desc',
        '--columns',
        'utilization_ratio,recorded_at',
        '-f',
        'csv',
      ],
      { env: sandboxEnv(sb.current) },
    );
    expect(r.code).toBe(0);
    const [header, ...rows] = parseCsv(r.stdout);
    expect(header).toEqual(['utilization_ratio', 'recorded_at']);
    expect(rows.map((x) => x[1])).toEqual(
      ['2026-11-05', '2026-11-04', '2026-11-03', '2026-11-02', '2026-11-01'].map((d) => `${d}T00:00:00.000Z`),
    );
  });

  it('--raw prints the untouched body of the single request', async () => {
    const r = await runCli(['memory', '--type', 'DDR5 16Gb (2Gx8) 4800/5600', '--raw'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { data: Row };
    expect(body.data.id).toBe('mem_ddr5_16gb');
    expect(Array.isArray(body.data)).toBe(false);
  });
});
