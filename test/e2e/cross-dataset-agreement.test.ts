/**
 * latest, latest --current, utilization, volatility and memory history against the sandbox over real
 * HTTP: each agrees with the rest of the market (history, the memory snapshot), volatility recomputes
 * from the daily index, exports append, public routes need no key and keyed ones keep their rules.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, TODAY, type RunResult } from '../helpers/cli.js';
import { expectAppendEqualsFullExport } from '../helpers/append-equals.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { GPU_MODELS } from '../../src/domain/catalogues/gpus.js';

const sb = useSandbox();
/** `gpumkt args…` against the sandbox with `day` as the CLI's today. */
const onDay = (day: string, args: readonly string[]): Promise<RunResult> =>
  runCli(args, { env: { ...sandboxEnv(sb.current), GPUMKT_TODAY: day } });
type Row = Record<string, unknown>;
const dir = mkdtempSync(join(tmpdir(), 'gpumkt-more-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI against the test sandbox with the canary key and parses its JSON rows. */
async function rows(args: string[], env: Record<string, string | undefined> = {}): Promise<Row[]> {
  const r = await runCli([...args, '-f', 'json'], { env: { ...sandboxEnv(sb.current), ...env } });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Row[];
}

const YESTERDAY = '2026-11-19';

describe('latest', () => {
  it('equals the last daily row of history for every model, in one request', async () => {
    const before = sb.current.requests.length;
    const latest = await rows(['latest']);
    expect(sb.current.requests.slice(before).map((q) => q.path)).toEqual(['/api/daily-index/all']);
    expect(latest.map((r) => r.gpu_name)).toEqual(GPU_MODELS);
    const history = await rows(['history', 'all', '--granularity', 'daily', '--from', '2026-11-10', '--to', YESTERDAY]);
    for (const gpu of GPU_MODELS) {
      const last = history.filter((r) => r.gpu === gpu).at(-1) as Row;
      const row = latest.find((r) => r.gpu_name === gpu) as Row;
      expect(row.index_value, gpu).toBe(last.index_value);
      expect(row.date, gpu).toBe(String(last.timestamp).slice(0, 10));
    }
  });

  it('asks /api/daily-index?gpuType= once per named model and keeps their order', async () => {
    const before = sb.current.requests.length;
    const latest = await rows(['latest', 'b200', 'h100']);
    expect(latest.map((r) => r.gpu_name)).toEqual(['B200', 'H100 SXM']);
    expect(
      sb.current.requests
        .slice(before)
        .map((q) => q.query.gpuType)
        .sort(),
    ).toEqual(['B200', 'H100 SXM']);
  });

  it('--current equals the last hourly row of history for each model', async () => {
    const current = await rows(['latest', '--current', 'h100', 'rtx5090']);
    const hourly = await rows(['history', 'h100', 'rtx5090', '--granularity', 'hourly', '--from', TODAY, '--to', TODAY]);
    for (const row of current) {
      const last = hourly.filter((r) => r.gpu === row.gpu_name).at(-1) as Row;
      expect(row.index_value).toBe(last.index_value);
    }
    expect(current.map((r) => r.gpu_name)).toEqual(['H100 SXM', 'RTX 5090']);
  });

  it('runs without a key on the public routes (the five free models), and sends no Authorization header', async () => {
    const before = sb.current.requests.length;
    // -q: the notice that the sixth model needs a key is tested in new-user-edges.test.ts.
    const latest = await rows(['latest', '-q'], { GPUMKT_API_KEY: undefined });
    expect(latest.map((r) => r.gpu_name)).toEqual(GPU_MODELS.filter((m) => m !== 'RTX PRO 6000 WS'));
    const current = await rows(['latest', '--current', '-q'], { GPUMKT_API_KEY: undefined });
    expect(current).toHaveLength(5);
    expect(sb.current.requests.slice(before).every((q) => q.headers.authorization === undefined)).toBe(true);
    const dry = await runCli(['--dry-run', 'latest', 'h100'], { env: { GPUMKT_API_KEY: undefined } });
    expect(dry.stdout).toBe("curl -sS 'https://api.ornnai.com/api/daily-index?gpuType=H100%20SXM'\n");
  });

  it("a model only a key unlocks, asked without one, is the service's 401 (exit 3)", async () => {
    const r = await runCli(['latest', 'pro6000'], { env: { ...sandboxEnv(sb.current), GPUMKT_API_KEY: undefined } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('API key required');
  });

  it('refuses --append: one day per model is not a series', async () => {
    const r = await runCli(['latest', '--append', join(dir, 'latest.csv')], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--append does not apply');
  });
});

describe('utilization', () => {
  it('prints the rows the service sent, in every column order asked', async () => {
    const res = await fetch(`${sb.current.url}/api/gpu-utilization`, {
      headers: { authorization: `Bearer ${sandboxEnv(sb.current).GPUMKT_API_KEY}` },
    });
    const api = ((await res.json()) as { data: Row[] }).data;
    expect(await rows(['utilization'])).toEqual(api);
    const r = await runCli(['utilization', '--columns', 'avg_30d,gpu_type', '-f', 'csv', '--order', 'desc'], {
      env: sandboxEnv(sb.current),
    });
    expect(r.stdout.split('\n')[0]).toBe('avg_30d,gpu_type');
    expect(r.stdout.split('\n')[1]).toBe(`${String(api.at(-1)?.avg_30d)},${String(api.at(-1)?.gpu_type)}`);
  });

  it('needs a key (a keyed route): exit 3 before any request', async () => {
    const before = sb.current.requests.length;
    const r = await runCli(['utilization'], { env: { ...sandboxEnv(sb.current), GPUMKT_API_KEY: undefined } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('GPUMKT_API_KEY');
    expect(r.stderr).toContain("'utilization' needs a premium or full key");
    expect(sb.current.requests.length).toBe(before);
  });
});

describe('volatility', () => {
  /** The docs' definition over the sandbox's own daily index: sample std of the last w log returns × √365. */
  function recompute(daily: readonly Row[], at: string, w: number): number | null {
    const i = daily.findIndex((r) => String(r.timestamp) === at);
    if (i - w < 0 || w < 2) return null;
    const returns: number[] = [];
    for (let k = i - w + 1; k <= i; k++) returns.push(Math.log((daily[k]?.index_value as number) / (daily[k - 1]?.index_value as number)));
    const m = returns.reduce((a, b) => a + b, 0) / w;
    return Math.sqrt(returns.reduce((a, r) => a + (r - m) ** 2, 0) / (w - 1)) * Math.sqrt(365);
  }

  it.each([30, 7, 2])('rows recompute from the daily index to 1e-12 (window %i days)', async (w) => {
    const vol = await rows(['volatility', 'h100', 'b200', '--from', '2026-10-01', '--window-days', String(w)]);
    for (const gpu of ['H100 SXM', 'B200']) {
      const daily = await rows(['history', gpu, '--granularity', 'daily', '--from', '2026-06-01']);
      const mine = vol.filter((r) => r.gpu_type === gpu);
      expect(mine.length).toBe(daily.filter((r) => String(r.timestamp) >= '2026-10-01').length);
      for (const r of mine) {
        const expected = recompute(daily, String(r.recorded_at), w) as number;
        expect(Math.abs((r.rolling_volatility as number) - expected), `${gpu} ${String(r.recorded_at)}`).toBeLessThanOrEqual(1e-12);
      }
    }
    // Oldest first, models of one day in the order asked.
    const keys = vol.map((r) => `${String(r.recorded_at)} ${r.gpu_type === 'H100 SXM' ? 0 : 1}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('always sends both dates and the window; a bad --window-days exits 2 before any request', async () => {
    const dry = await runCli(['--dry-run', 'volatility', 'h100'], { env: { GPUMKT_API_KEY: undefined } });
    expect(dry.stdout).toContain('/api/gpu/H100%20SXM/volatility?startDate=2026-10-22&endDate=2026-11-20&windowDays=30');
    for (const bad of ['0', '366', '2.5', 'x']) {
      const r = await runCli(['volatility', 'h100', '--window-days', bad], { env: sandboxEnv(sb.current) });
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain('--window-days');
    }
  });

  it('--append on two days equals one export of the whole window', async () => {
    await expectAppendEqualsFullExport({
      run: onDay,
      days: ['2026-11-18', TODAY],
      args: ['volatility', 'h100', 'b200', '--from', '2026-11-01'],
      file: join(dir, 'vol.csv'),
      full: join(dir, 'vol-full.csv'),
    });
  });
});

describe('memory history', () => {
  it('memory --from 30d --type mem_ddr5_16gb --append on two days equals one full export', async () => {
    const [, day2] = await expectAppendEqualsFullExport({
      run: onDay,
      days: ['2026-11-19', TODAY],
      args: ['memory', '--from', '30d', '--type', 'mem_ddr5_16gb'],
      // Day 1's window started on 2026-10-20 (30 days back from 2026-11-19).
      fullArgs: ['memory', '--from', '2026-10-20', '--type', 'mem_ddr5_16gb'],
      file: join(dir, 'mem.csv'),
      full: join(dir, 'mem-full.csv'),
    });
    expect(day2?.stderr).toContain('appended 1 new row');
  });

  it('ends with the reading the snapshot shows', async () => {
    const history = await rows(['memory', '--from', '7d', '--type', 'DDR5 16Gb (2Gx8) 4800/5600']);
    const [snapshot] = await rows(['memory', '--type', 'mem_ddr5_16gb']);
    const last = history.at(-1) as Row;
    expect(last.price).toBe(snapshot?.price);
    expect(last.date).toBe(snapshot?.date);
    expect(last.timestamp).toBe(snapshot?.updatedAt);
  });

  it('asks one request per type of the category, and merges them by date then catalogue order', async () => {
    const before = sb.current.requests.length;
    const history = await rows(['memory', '--from', '2026-11-16', '--category', 'module']);
    const paths = sb.current.requests
      .slice(before)
      .map((q) => q.path)
      .sort();
    expect(paths).toEqual([
      '/api/memory/mem_ddr4_udimm_16gb/history',
      '/api/memory/mem_ddr5_rdimm_32gb/history',
      '/api/memory/mem_ddr5_udimm_16gb/history',
    ]);
    expect(sb.current.requests.slice(before).every((q) => q.query.startDate === '2026-11-16' && q.query.endDate === TODAY)).toBe(true);
    expect(history.map((r) => `${String(r.date).slice(0, 10)} ${String(r.id)}`)).toEqual(
      ['16', '17', '18', '19', '20'].flatMap((d) =>
        ['mem_ddr4_udimm_16gb', 'mem_ddr5_rdimm_32gb', 'mem_ddr5_udimm_16gb'].map((id) => `2026-11-${d} ${id}`),
      ),
    );
  });

  it('several types append by id and date; a --columns without id is refused for them', async () => {
    await expectAppendEqualsFullExport({
      run: onDay,
      days: ['2026-11-12', TODAY],
      args: ['memory', '--from', '2026-11-02', '--category', 'flash'],
      file: join(dir, 'mem-all.csv'),
      full: join(dir, 'mem-all-full.csv'),
    });
    const r = await runCli(['memory', '--from', '7d', '--category', 'flash', '--columns', 'date,price', '--append', join(dir, 'x.csv')], {
      env: sandboxEnv(sb.current),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('keep id in --columns');
  });

  it('without dates memory stays the snapshot, which --append refuses', async () => {
    const snapshot = await rows(['memory']);
    expect(snapshot).toHaveLength(14);
    const r = await runCli(['memory', '--append', join(dir, 'snap.csv')], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--from/--to');
  });

  it('--type outside --category exits 2 before any request', async () => {
    const before = sb.current.requests.length;
    const r = await runCli(['memory', '--from', '7d', '--type', 'mem_mlc_32gb', '--category', 'dram'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(2);
    expect(sb.current.requests.length).toBe(before);
  });
});

describe('memory history under a rate limit', () => {
  it('all 14 types, one request each, arrive whole through a service that answers 429 beyond 5 at once', async () => {
    const { startSandbox } = await import('../../src/sandbox/index.js');
    const { CANARY_KEY } = await import('../helpers/cli.js');
    const limited = await startSandbox({ today: TODAY, keys: { valid: [CANARY_KEY] }, rateLimit: { capacity: 5, refillPerSecond: 5 } });
    try {
      const r = await runCli(['memory', '--from', '2026-11-16', '-f', 'json'], {
        env: { GPUMKT_BASE_URL: limited.url, GPUMKT_API_KEY: CANARY_KEY },
      });
      expect(r.code).toBe(0);
      const got = JSON.parse(r.stdout) as Row[];
      expect(got).toHaveLength(14 * 5);
      const ok = limited.requests.filter((q) => q.status === 200).map((q) => q.path);
      expect(new Set(ok).size).toBe(14);
      expect(ok).toHaveLength(14);
      // The limit was met (six requests go out at once), and waited out rather than failed.
      expect(limited.requests.some((q) => q.status === 429)).toBe(true);
    } finally {
      await limited.close();
    }
  });
});
