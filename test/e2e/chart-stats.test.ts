/** Charts and summaries end to end: the built binary against the sandbox. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GPU_MODELS } from '../../src/domain/catalogues/gpus.js';
import { parseCsv, runCli } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { makeTempDir } from '../helpers/temp.js';

const sb = useSandbox();
const run = (args: string[], extra: Record<string, string> = {}) => runCli(args, { env: { ...sandboxEnv(sb.current), ...extra } });
// Anything but newline below 0x20, DEL, C1: what a plain chart must never contain.
const CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/;

describe('--format chart', () => {
  it('history all --from 3m: fits 80 columns (off a terminal), a legend with every model, no control characters', async () => {
    const r = await run(['history', 'all', '--from', '3m', '-f', 'chart']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const lines = r.stdout.replace(/\n$/, '').split('\n');
    expect(lines[0]).toBe('index_value');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(Math.max(...lines.map((l) => l.length))).toBe(80);
    expect(CONTROL.test(r.stdout)).toBe(false);
    expect(/[^\x20-\x7e\n]/.test(r.stdout)).toBe(false);
    const legend = lines[lines.length - 1] as string;
    for (const m of GPU_MODELS) expect(legend).toContain(m);
    // x axis: first and last day of the window.
    expect(lines[lines.length - 2]).toMatch(/^\s+2026-08-20\s.*\s2026-11-20$/);
    // y axis: labelled ticks on round numbers, the range of the data between the outer two, and no
    // more than one step of room on either side.
    const ticks = lines
      .slice(1, -3)
      .map((l) => /^\s*(\d+(?:\.\d+)?) \+/.exec(l)?.[1])
      .filter((x) => x !== undefined)
      .map(Number);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    const step = (ticks[0] as number) - (ticks[1] as number);
    expect([1, 2, 2.5, 5].map((m) => m * 10 ** Math.floor(Math.log10(step))).some((s) => Math.abs(s - step) < 1e-9)).toBe(true);
    const csv = await run(['history', 'all', '--from', '3m', '-f', 'csv']);
    const values = parseCsv(csv.stdout)
      .slice(1)
      .map((x) => Number(x[2]));
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(Math.max(...values));
    expect(Math.max(...ticks) - Math.max(...values)).toBeLessThan(step);
    expect(Math.min(...ticks)).toBeLessThanOrEqual(Math.min(...values));
    expect(Math.min(...values) - Math.min(...ticks)).toBeLessThan(step);
  });

  it('FORCE_COLOR colours the series; NO_COLOR keeps it plain', async () => {
    const coloured = await run(['volume', 'h100', 'b200', '--from', '2m', '-f', 'chart'], { FORCE_COLOR: '1' });
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toContain('\x1b[');
    const plain = await run(['volume', 'h100', 'b200', '--from', '2m', '-f', 'chart', '--y', 'utilization_ratio'], { NO_COLOR: '1' });
    expect(CONTROL.test(plain.stdout)).toBe(false);
    expect(plain.stdout.split('\n')[0]).toBe('utilization_ratio');
  });

  it('util-index --gpu h100 over 900 days charts the chosen column, written atomically with -o', async () => {
    const file = join(makeTempDir('chart'), 'h100.txt');
    const r = await run(['util-index', '--gpu', 'h100', '--from', '900d', '-f', 'chart', '--y', 'index', '-o', file]);
    expect([r.code, r.stdout]).toEqual([0, '']);
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[0]).toBe('index');
    expect(text).toMatch(/^\s+2024-06-03\s.*\s2026-11-20$/m);
    expect(text).toMatch(/^\* H100 SXM$/m);
    expect(readdirSync(dirname(file))).toEqual(['h100.txt']);
  });
});

describe('--format chart of keyed rows (labs, markets, families)', () => {
  it('token-volume: one series per lab of its value column, titled by it; no text column in the legend', async () => {
    const r = await run(['token-volume', '--from', '30d', '-f', 'chart']);
    expect(r.code).toBe(0);
    // Only the note on the days a lab is missing (their shares are over the labs present).
    expect(r.stderr).toMatch(/^(gpumkt: a lab is missing on .*\n)?$/);
    const lines = r.stdout.replace(/\n$/, '').split('\n');
    expect(lines[0]).toBe('totalTokens');
    expect(lines.at(-1)).toMatch(/^\S anthropic {3}\S openai {3}\S google( {3}\S no value there \(a gap in the data\))?$/);
  });

  it('workload: a series per lab and family (its two key columns)', async () => {
    const r = await run(['workload', 'anthropic', '--from', '30d', '-f', 'chart']);
    expect(r.code, r.stderr).toBe(0);
    const legend = r.stdout.replace(/\n$/, '').split('\n').slice(-2).join(' ');
    for (const family of ['all', 'opus', 'sonnet', 'haiku']) expect(legend).toContain(`anthropic/${family}`);
    expect(legend).not.toMatch(/computedAt|cCents|lfl/);
  });
});

describe('--format chart width', () => {
  it('COLUMNS sets the width off a terminal', async () => {
    const r = await run(['history', 'h100', '--from', '3m', '-f', 'chart'], { COLUMNS: '120' });
    expect(r.code).toBe(0);
    expect(Math.max(...r.stdout.split('\n').map((l) => l.length))).toBe(120);
  });
});

describe('--stats and --spark', () => {
  it('per model: count, first, last, min, max, mean, change, % change, equal to the rows', async () => {
    const args = ['history', 'h100', 'h200', '--from', '30d', '--granularity', 'daily'];
    const stats = await run([...args, '--stats', '-f', 'json']);
    const long = await run([...args, '-f', 'csv']);
    expect([stats.code, stats.stderr]).toEqual([0, '']);
    const got = JSON.parse(stats.stdout) as Array<Record<string, unknown>>;
    expect(got.map((s) => s.gpu)).toEqual(['H100 SXM', 'H200']);
    for (const s of got) {
      const rows = parseCsv(long.stdout)
        .slice(1)
        .filter((x) => x[0] === s.gpu);
      const v = rows.map((x) => Number(x[2]));
      expect(s).toMatchObject({
        column: 'index_value',
        count: 31,
        from: rows[0]?.[1],
        to: rows[rows.length - 1]?.[1],
        first: v[0],
        last: v[v.length - 1],
        min: Math.min(...v),
        max: Math.max(...v),
      });
      // Computed figures are given to 12 significant digits (no binary noise).
      expect(s.mean as number).toBeCloseTo(v.reduce((a, b) => a + b, 0) / v.length, 10);
      expect(s.change as number).toBeCloseTo((v[v.length - 1] as number) - (v[0] as number), 10);
      expect(s.change_pct as number).toBeCloseTo((((v[v.length - 1] as number) - (v[0] as number)) / (v[0] as number)) * 100, 10);
    }
  });

  it('--spark adds a trend of block characters; csv keeps every summary column', async () => {
    const r = await run(['util-index', '--gpu', 'h100', '--gpu', 'b200', '--from', '1y', '--spark', '--y', 'index', '-f', 'csv']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const rows = parseCsv(r.stdout);
    expect(rows[0]).toEqual([
      'gpu',
      'column',
      'count',
      'from',
      'to',
      'first',
      'last',
      'min',
      'max',
      'mean',
      'change',
      'change_pct',
      'trend',
    ]);
    for (const row of rows.slice(1)) expect(row[12]).toMatch(/^[▁▂▃▄▅▆▇█]{24}$/);
  });

  it('the aggregate util-index summarises as one series', async () => {
    const r = await run(['util-index', '--from', '90d', '--stats', '-f', 'csv']);
    expect(r.code).toBe(0);
    const rows = parseCsv(r.stdout);
    expect(rows.slice(1).map((x) => [x[0], x[1]])).toEqual([['aggregate', 'occupancy']]);
  });
});
