/**
 * util-index windows over 400 days, end to end: the built binary against the sandbox, compared row for
 * row with what the sandbox's model computes for the whole window (built from the model, not the CLI).
 */
import { describe, expect, it } from 'vitest';
import { daysBetween } from '../../src/domain/time/dates.js';
import { utilIndexSeries, type UtilIndexQuery } from '../../src/sandbox/index.js';
import { runCli, TODAY } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';

const sb = useSandbox();
const UTIL_PATH = '/api/utilization-index/history';

/** Runs util-index as JSON and returns the rows and the util-index requests this run made. */
async function run(args: string[], stderr = '') {
  const before = sb.current.requests.length;
  const r = await runCli(['util-index', ...args, '-f', 'json'], { env: sandboxEnv(sb.current) });
  expect(r.stderr).toBe(stderr);
  expect(r.code).toBe(0);
  const requests = sb.current.requests.slice(before).filter((q) => q.path === UTIL_PATH);
  return { rows: JSON.parse(r.stdout) as unknown[], requests };
}

/**
 * The model's answer for the whole window, as one request of unlimited length would give it, with the
 * first row decomposed against the published day before the window (the CLI asks for it too).
 */
const expected = (q: Omit<UtilIndexQuery, 'today'>) => utilIndexSeries({ ...q, today: TODAY, decomposeFirst: true }).rows;

describe('util-index over 400 days', () => {
  it('a 900-day window of one model equals the model row for row, in ≥ 3 requests of ≤ 400 days', async () => {
    const from = '2024-06-04';
    const to = TODAY;
    expect(daysBetween(from, to) + 1).toBe(900);
    const { rows, requests } = await run(['--gpu', 'h100', '--from', from, '--to', to]);
    const want = expected({ gpuType: 'H100 SXM', from, to, baseDate: '2026-01-01' });
    expect(want.length).toBeGreaterThan(800);
    expect(rows).toEqual(want);
    // Every row, the window's first included, keeps its decomposition.
    expect(rows.filter((r) => (r as { decompositionBasis: string }).decompositionBasis === 'no_prior_day')).toHaveLength(0);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const q of requests) {
      expect(daysBetween(q.query.startDate as string, q.query.endDate as string) + 1).toBeLessThanOrEqual(400);
      expect(q.query.gpuType).toBe('H100 SXM');
    }
    const starts = requests.map((q) => q.query.startDate).sort();
    const ends = requests.map((q) => q.query.endDate).sort();
    // The first request reaches 14 days before the window, for its first row's decomposition.
    expect([starts[0], ends[ends.length - 1]]).toEqual(['2024-05-21', to]);
  });

  it('the aggregate over 900 days equals the model too', async () => {
    const from = '2024-06-04';
    const { rows, requests } = await run(['--from', from, '--to', TODAY]);
    expect(rows).toEqual(expected({ from, to: TODAY, baseDate: '2026-01-01' }));
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(requests.every((q) => q.query.gpuType === undefined)).toBe(true);
  });

  it("with a base day that is not published, every chunk is rebased to the window's first row", async () => {
    const from = '2024-02-10';
    const to = '2026-05-31';
    // A base date before the history starts: the service rebases each response to its own first row.
    const { rows, requests } = await run(
      ['--gpu', 'b200', '--from', from, '--to', to, '--base-date', '2023-06-01'],
      'gpumkt: warning: the index is not on the requested base 2023-06-01: the service has no published day there (baseAvailable: false), so index values are relative to another day\n',
    );
    const model = utilIndexSeries({ gpuType: 'B200', from, to, baseDate: '2023-06-01', today: TODAY, decomposeFirst: true });
    expect(model.baseAvailable).toBe(false);
    expect(rows).toEqual(model.rows);
    expect((rows[0] as { index: number }).index).toBe(100);
    expect(requests.length).toBeGreaterThanOrEqual(3);
  });

  it('a relative --base-date is named in the note as the day it stands for', async () => {
    // TODAY less 1,200 days: before B200's history starts, as 2023-06-01 is.
    const base = '2023-08-08';
    expect(daysBetween(base, TODAY)).toBe(1200);
    const { rows } = await run(
      ['--gpu', 'b200', '--from', '2024-02-10', '--to', '2024-03-01', '--base-date', '1200d'],
      `gpumkt: warning: the index is not on the requested base ${base}: the service has no published day there (baseAvailable: false), so index values are relative to another day\n`,
    );
    expect(rows).toEqual(expected({ gpuType: 'B200', from: '2024-02-10', to: '2024-03-01', baseDate: base }));
  });

  it('--gpu all over 500 days: every model, each equal to its own model series', async () => {
    const from = '2025-07-09';
    const { rows, requests } = await run(['--gpu', 'all', '--from', from, '--to', TODAY]);
    expect(requests.length).toBe(12);
    const byGpu = new Map<string, unknown[]>();
    for (const r of rows as Array<Record<string, unknown>>) {
      const { gpu, ...rest } = r;
      byGpu.set(gpu as string, [...(byGpu.get(gpu as string) ?? []), rest]);
    }
    expect([...byGpu.keys()].sort()).toEqual(['A100 SXM4', 'B200', 'H100 SXM', 'H200', 'RTX 5090', 'RTX PRO 6000 WS']);
    for (const [gpu, got] of byGpu) {
      expect(got).toEqual(expected({ gpuType: gpu as 'H200', from, to: TODAY, baseDate: '2026-01-01' }));
    }
  });

  it('--dry-run shows the split requests with their overlap, the first reaching 14 days before the window', async () => {
    const r = await runCli(['util-index', '--gpu', 'h200', '--from', '2024-06-04', '--dry-run'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(0);
    const windows = r.stdout
      .trim()
      .split('\n')
      .map((l) => [/startDate=([\d-]+)/.exec(l)?.[1], /endDate=([\d-]+)/.exec(l)?.[1]]);
    expect(windows).toEqual([
      ['2024-05-21', '2025-06-24'],
      ['2025-06-11', '2026-07-15'],
      ['2026-07-02', '2026-11-20'],
    ]);
  });
});

describe("util-index: the window's first row", () => {
  it('is decomposed against the published day before the window, and only the window is printed', async () => {
    const { rows, requests } = await run(['--from', 'yesterday']);
    expect(rows).toEqual(expected({ from: '2026-11-19', to: TODAY, baseDate: '2026-01-01' }));
    expect(rows.map((r) => (r as { decompositionBasis: string }).decompositionBasis)).toEqual(['like_for_like', 'like_for_like']);
    expect((rows[0] as { demandEffect: unknown }).demandEffect).toEqual(expect.any(Number));
    expect(requests).toHaveLength(1);
  });

  it('where no published day precedes it (the history starts there), one note says so', async () => {
    const { rows } = await run(
      ['--gpu', 'all', '--from', '2023-12-01', '--to', '2024-01-03'],
      'gpumkt: 2024-01-01: no published day before it, so its demand and supply effects are empty\n',
    );
    const first = rows[0] as { date: string; demandEffect: unknown; decompositionBasis: string };
    expect([first.date, first.demandEffect, first.decompositionBasis]).toEqual(['2024-01-01', null, 'no_prior_day']);
  });
});
