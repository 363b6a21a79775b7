/** Fan-out end to end: several models fetched concurrently through one client, one table, --wide for spreadsheets. */
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GPU_MODELS } from '../../src/domain/catalogues/gpus.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { CANARY_KEY, parseCsv, runCli, TODAY } from '../helpers/cli.js';
import { needs } from '../helpers/requires.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ today: TODAY, keys: { valid: [CANARY_KEY] } });
});
afterAll(() => sb.close());
const env = () => ({ GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY });

describe('fan-out', () => {
  it('history all --from 1y: six requests in flight together, all six models in one long table', async () => {
    // The server holds its replies until six requests are in (or 20 s passed): a client that sent fewer at
    // once shows a lower peak, whatever the machine's load.
    const held = await startSandbox({ today: TODAY, keys: { valid: [CANARY_KEY] }, holdReplies: { until: 6, maxMs: 20_000 } });
    try {
      const r = await runCli(['history', 'all', '--from', '1y', '-f', 'csv'], {
        env: { GPUMKT_BASE_URL: held.url, GPUMKT_API_KEY: CANARY_KEY },
      });
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(held.requests.map((q) => decodeURIComponent(q.path.split('/')[3] ?? '')).sort()).toEqual([...GPU_MODELS].sort());
      expect(held.peakInFlight()).toBe(6);
      const rows = parseCsv(r.stdout);
      expect(rows[0]).toEqual(['gpu', 'timestamp', 'index_value']);
      expect(new Set(rows.slice(1).map((x) => x[0]))).toEqual(new Set(GPU_MODELS));
      expect(rows.length - 1).toBe(6 * 366);
    } finally {
      await held.close();
    }
  }, 60_000);

  it('util-index --gpu all: one request per model, rows carry the gpu column', async () => {
    const before = sb.requests.length;
    const r = await runCli(['util-index', '--gpu', 'all', '--from', '30d', '--columns', 'gpu,date,occupancy', '-f', 'csv'], { env: env() });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(
      sb.requests
        .slice(before)
        .map((q) => q.query.gpuType)
        .sort(),
    ).toEqual([...GPU_MODELS].sort());
    expect(
      new Set(
        parseCsv(r.stdout)
          .slice(1)
          .map((x) => x[0]),
      ),
    ).toEqual(new Set(GPU_MODELS));
  });

  it('no progress line when stderr is not a terminal', async () => {
    const r = await runCli(['util-index', '--gpu', 'all', '--from', '900d', '-f', 'csv'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('--wide', () => {
  it("history h100 h200 b200 --wide -f csv: one column per model, parsed by Python's csv module", needs('python3'), async () => {
    const args = ['history', 'h100', 'h200', 'b200', '--from', '14d', '--granularity', 'daily'];
    const wide = await runCli([...args, '--wide', '-f', 'csv'], { env: env() });
    const long = await runCli([...args, '-f', 'csv'], { env: env() });
    expect([wide.code, wide.stderr]).toEqual([0, '']);
    const py = spawnSync('python3', ['-c', 'import csv,json,sys; print(json.dumps(list(csv.reader(sys.stdin))))'], {
      input: wide.stdout,
      encoding: 'utf8',
    });
    expect(py.status).toBe(0);
    const table = JSON.parse(py.stdout) as string[][];
    expect(table[0]).toEqual(['timestamp', 'H100 SXM', 'H200', 'B200']);
    expect(table).toHaveLength(1 + 15);
    expect(table.every((row) => row.length === 4)).toBe(true);
    // Each cell is the long table's value for that model and time.
    const value = new Map(
      parseCsv(long.stdout)
        .slice(1)
        .map(([gpu, t, v]) => [`${gpu}|${t}`, v]),
    );
    for (const row of table.slice(1)) {
      ['H100 SXM', 'H200', 'B200'].forEach((gpu, i) => expect(row[i + 1]).toBe(value.get(`${gpu}|${row[0]}`)));
    }
  });

  it('util-index --gpu all --wide --y index: date then a column per model; --order desc reverses', async () => {
    const r = await runCli(['util-index', '--gpu', 'all', '--from', '10d', '--wide', '--y', 'index', '--order', 'desc', '-f', 'csv'], {
      env: env(),
    });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const rows = parseCsv(r.stdout);
    expect(rows[0]).toEqual(['date', ...GPU_MODELS]);
    expect(rows[1]?.[0]).toBe(TODAY);
    const dates = rows.slice(1).map((x) => x[0] as string);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('bad combinations exit 2 before any request', async () => {
    const before = sb.requests.length;
    const cases = [
      [['history', 'h100', '--wide', '--columns', 'timestamp'], /--columns does not apply to --wide/],
      [['history', 'h100', '--wide', '--stats'], /--wide and --stats are different views/],
      [['history', 'h100', '--y', 'timestamp', '--wide'], /--y 'timestamp' is not a numeric column of this data; valid: index_value/],
      [['history', 'h100', '--y', 'index_value'], /--y applies to --format chart, --wide and --stats/],
      [['memory', '-f', 'chart'], /--format chart draws a time series/],
      [['util-index', '--stats', '-f', 'chart'], /--stats prints a summary table/],
      [
        ['history', 'h100', '--granularity', 'daily', '--wide', '--append', join(tmpdir(), 'gpumkt-wide-append.csv')],
        /--append and --manifest export the rows themselves/,
      ],
    ] as const;
    for (const [args, message] of cases) {
      const r = await runCli([...args], { env: env() });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(sb.requests.length).toBe(before);
  });
});
