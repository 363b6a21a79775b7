/**
 * rolling (now and its daily history), latest --previous, history --at, history without a key,
 * gpus --free/--live and status's plan table, through the CLI against the sandbox over real HTTP:
 * each under the three plans (a full key, a premium key, no key), with the refusals the CLI can know
 * made before any request (exit 3 naming the plan), every format, --columns, Parquet types, appends.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, TODAY } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { makeTempDir } from '../helpers/temp.js';
import { GPU_MODELS } from '../../src/domain/catalogues/gpus.js';

const sb = useSandbox();
const reader = useParquetReader();
type Row = Record<string, unknown>;
const PREMIUM = 'sk_prem_sandbox';
const FREE = GPU_MODELS.filter((m) => m !== 'RTX PRO 6000 WS');
let dir = '';
beforeAll(() => {
  dir = makeTempDir('gpu-points');
});

/** The environment of a plan: the canary key (a full plan: its prefix is not a documented one), a premium key, or none. */
function env(plan: 'full' | 'premium' | 'none', extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const key = plan === 'full' ? sandboxEnv(sb.current).GPUMKT_API_KEY : plan === 'premium' ? PREMIUM : undefined;
  return { GPUMKT_BASE_URL: sb.current.url, GPUMKT_API_KEY: key, ...extra };
}

/** Runs the CLI under a plan and parses its JSON rows (exit 0 and, unless `stderr` is given, a quiet stderr). */
async function rows(args: string[], plan: 'full' | 'premium' | 'none' = 'full', stderr = ''): Promise<Row[]> {
  const r = await runCli([...args, '-f', 'json'], { env: env(plan) });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe(stderr);
  return JSON.parse(r.stdout) as Row[];
}

/** The sandbox's own `data` for a path, asked with a key (or none). */
async function api(path: string, key: string | null = sandboxEnv(sb.current).GPUMKT_API_KEY ?? null): Promise<Row[]> {
  const res = await fetch(sb.current.url + path, { headers: key === null ? {} : { authorization: `Bearer ${key}` } });
  const data = ((await res.json()) as { data: Row | Row[] }).data;
  return Array.isArray(data) ? data : [data];
}

/** Runs a command that must exit 3 before any request, its one stderr line containing every `words`. */
async function refusedBeforeAnyRequest(args: string[], plan: 'premium' | 'none', ...words: string[]): Promise<void> {
  const before = sb.current.requests.length;
  const r = await runCli(args, { env: env(plan) });
  expect(r.code, r.stderr).toBe(3);
  for (const w of words) expect(r.stderr).toContain(w);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(sb.current.requests.length, 'nothing is sent').toBe(before);
}

describe('rolling (the rolling 24-hour average now)', () => {
  it('a full key: one request per model, the rows the service sent, every model by default', async () => {
    const before = sb.current.requests.length;
    const got = await rows(['rolling']);
    expect(
      sb.current.requests
        .slice(before)
        .map((q) => q.path)
        .sort(),
    ).toEqual(GPU_MODELS.map((g) => `/api/gpu/${g}/rolling-24h-average`).sort());
    expect(got.map((r) => r.gpu_name)).toEqual(GPU_MODELS);
    for (const row of got) expect([row]).toEqual(await api(`/api/gpu/${encodeURIComponent(String(row.gpu_name))}/rolling-24h-average`));
    const csv = await runCli(['rolling', 'b200', 'h100', '--columns', 'average_usd_per_hour,gpu_name', '-f', 'csv'], { env: env('full') });
    expect(csv.stdout.split('\n').slice(0, 3)).toEqual([
      'average_usd_per_hour,gpu_name',
      `${String(got[3]?.average_usd_per_hour)},B200`,
      `${String(got[0]?.average_usd_per_hour)},H100 SXM`,
    ]);
  });

  it('a premium key or none: exit 3 naming the full plan, before any request; the service itself answers premium 403', async () => {
    await refusedBeforeAnyRequest(['rolling', 'h100'], 'premium', "'rolling' needs a full key (sk_live_)", 'plan is premium');
    await refusedBeforeAnyRequest(['rolling'], 'none', 'no API key', "'rolling' needs a full key");
    const r = await runCli(['api', '/api/gpu/H100%20SXM/rolling-24h-average'], { env: env('premium') });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('Premium access is daily-grain only. Hourly and real-time data require a full subscription.');
  });

  it('refuses --append (not a series), pointing to the history', async () => {
    const r = await runCli(['rolling', '--append', join(dir, 'now.csv')], { env: env('full') });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--from 30d --append');
  });
});

describe('rolling --from/--to (its daily history)', () => {
  it("a premium key reads it; rows are the service's, oldest first, the last one today's current value", async () => {
    const got = await rows(['rolling', 'h100', '--from', '2026-11-10'], 'premium');
    const served = (await api(`/api/gpu/H100%20SXM/rolling-24h-average/history?startDate=2026-11-10&endDate=${TODAY}`, PREMIUM)).reverse();
    expect(got).toEqual(served);
    expect(got.map((r) => r.date)).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20'].map((d) => `2026-11-${d}`));
    const [now] = await rows(['rolling', 'h100']);
    expect(got.at(-1)?.average_usd_per_hour).toBe(now?.average_usd_per_hour);
    await refusedBeforeAnyRequest(['rolling', 'h100', '--from', '7d'], 'none', "'rolling' needs a premium or full key");
  });

  it('several models get a gpu column; csv, tsv, ndjson and --columns agree with json', async () => {
    const json = await rows(['rolling', 'h100', 'b200', '--from', '2026-11-18']);
    expect(json.map((r) => `${String(r.gpu)} ${String(r.date)}`)).toEqual(
      ['18', '19', '20'].flatMap((d) => [`H100 SXM 2026-11-${d}`, `B200 2026-11-${d}`]),
    );
    const text = async (f: string, more: string[] = []): Promise<string> =>
      (await runCli(['rolling', 'h100', 'b200', '--from', '2026-11-18', '-f', f, ...more], { env: env('full') })).stdout;
    const line = (r: Row): string[] => [String(r.gpu), String(r.date), String(r.average_usd_per_hour)];
    expect(await text('csv')).toBe(['gpu,date,average_usd_per_hour', ...json.map((r) => line(r).join(','))].join('\n') + '\n');
    expect(await text('tsv')).toBe(['gpu\tdate\taverage_usd_per_hour', ...json.map((r) => line(r).join('\t'))].join('\n') + '\n');
    expect(
      (await text('ndjson'))
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Row),
    ).toEqual(json);
    expect(await text('csv', ['--columns', 'date,average_usd_per_hour', '--no-header'])).toBe(
      json.map((r) => `${String(r.gpu)},${String(r.date)},${String(r.average_usd_per_hour)}`).join('\n') + '\n',
    );
  });

  it('Parquet: DATE, DOUBLE and the model as text, the values as json prints them', async () => {
    const file = join(dir, 'rolling.parquet');
    expect((await runCli(['rolling', 'h100', 'a100', '--from', '2026-11-15', '-o', file], { env: env('premium') })).code).toBe(0);
    const back = await reader.read(file);
    expect(back.columns).toEqual([
      { name: 'gpu', type: 'VARCHAR' },
      { name: 'date', type: 'DATE' },
      { name: 'average_usd_per_hour', type: 'DOUBLE' },
    ]);
    expect(back.rows).toEqual(await rows(['rolling', 'h100', 'a100', '--from', '2026-11-15'], 'premium'));
  });

  it.each(['csv', 'parquet'])('--append on three days equals one export of the whole window (%s)', async (ext) => {
    const file = join(dir, `append.${ext}`);
    const full = join(dir, `full.${ext}`);
    for (const day of ['2026-11-17', '2026-11-18', TODAY]) {
      const r = await runCli(['rolling', 'h100', 'rtx5090', '--from', '2026-11-12', '--append', file], {
        env: env('premium', { GPUMKT_TODAY: day }),
      });
      expect(r.code, r.stderr).toBe(0);
    }
    expect((await runCli(['rolling', 'h100', 'rtx5090', '--from', '2026-11-12', '-o', full], { env: env('premium') })).code).toBe(0);
    if (ext === 'csv') expect(readFileSync(file, 'utf8')).toBe(readFileSync(full, 'utf8'));
    else expect((await reader.read(file)).rows).toEqual((await reader.read(full)).rows);
  });

  it('--dry-run prints one request per model, the key as $GPUMKT_API_KEY', async () => {
    const r = await runCli(['--dry-run', 'rolling', 'h100', 'b200', '--from', '2026-11-01'], {
      env: { GPUMKT_API_KEY: sandboxEnv(sb.current).GPUMKT_API_KEY },
    });
    expect(r.stdout).toBe(
      ['H100%20SXM', 'B200']
        .map(
          (g) =>
            `curl -sS -H "Authorization: Bearer $GPUMKT_API_KEY" 'https://api.ornnai.com/api/gpu/${g}/rolling-24h-average/history?startDate=2026-11-01&endDate=${TODAY}'\n`,
        )
        .join(''),
    );
  });
});

describe('latest --previous', () => {
  it('is the settled day before latest for each model, under every plan (no key: the free five)', async () => {
    const latest = await rows(['latest']);
    const before = sb.current.requests.length;
    const prev = await rows(['latest', '--previous']);
    expect(
      sb.current.requests
        .slice(before)
        .map((q) => q.path)
        .sort(),
    ).toEqual(GPU_MODELS.map((g) => `/api/daily-index/${g}/previous`).sort());
    const history = await rows(['history', 'all', '--granularity', 'daily', '--from', '2026-11-10']);
    for (const row of prev) {
      const day = String(latest.find((l) => l.gpu_name === row.gpu_name)?.date);
      const last = history.filter((h) => h.gpu === row.gpu_name && String(h.timestamp).slice(0, 10) < day).at(-1) as Row;
      expect([row.date, row.index_value]).toEqual([String(last.timestamp).slice(0, 10), last.index_value]);
    }
    expect(await rows(['latest', '--previous'], 'premium')).toEqual(prev);
    const anon = await rows(
      ['latest', '--previous'],
      'none',
      'gpumkt: RTX PRO 6000 WS needs an API key: without one the service shows 5 of the 6 models\n',
    );
    expect(anon).toEqual(prev.filter((r) => r.gpu_name !== 'RTX PRO 6000 WS'));
    expect(anon.map((r) => r.gpu_name)).toEqual(FREE);
  });

  it('without a key: no Authorization header; RTX PRO 6000 WS exits 3 naming the plan before any request', async () => {
    const dry = await runCli(['--dry-run', 'latest', '--previous', 'h100'], { env: { GPUMKT_API_KEY: undefined } });
    expect(dry.stdout).toBe("curl -sS 'https://api.ornnai.com/api/daily-index/H100%20SXM/previous'\n");
    await refusedBeforeAnyRequest(['latest', '--previous', 'pro6000'], 'none', 'RTX PRO 6000 WS needs a premium or full key');
  });

  it('--current beside it, or --append: exit 2', async () => {
    expect((await runCli(['latest', '--previous', '--current'], { env: env('full') })).stderr).toContain(
      '--current and --previous exclude each other',
    );
    const r = await runCli(['latest', '--previous', '--append', join(dir, 'prev.csv')], { env: env('full') });
    expect(r.code).toBe(2);
  });
});

describe('history --at', () => {
  it('a full key: the nearest hourly record per model, with the gap kept as columns', async () => {
    const got = await rows(['history', 'h100', 'b200', '--at', '2026-11-10 12:31']);
    expect(got.map((r) => r.gpu_name)).toEqual(['H100 SXM', 'B200']);
    for (const row of got) {
      expect([row]).toEqual(
        await api(`/api/gpu/${encodeURIComponent(String(row.gpu_name))}/history?datetime=2026-11-10T12%3A31%3A00.000Z`),
      );
      expect(row).toMatchObject({
        requested_datetime: '2026-11-10T12:31:00.000Z',
        timestamp: '2026-11-10T13:00:00.000Z',
        time_difference: 1740,
        is_exact: false,
      });
    }
    const hourly = await rows(['history', 'h100', '--granularity', 'hourly', '--from', '2026-11-10', '--to', '2026-11-10']);
    expect(got[0]?.index_value).toBe(hourly.find((h) => h.timestamp === '2026-11-10T13:00:00.000Z')?.index_value);
  });

  it('a premium key: the nearest daily record; no key: exit 3 naming the plan before any request', async () => {
    const [row] = await rows(['history', 'h100', '--at', '2026-11-10T12:31:00+00:00'], 'premium');
    expect(row).toMatchObject({ timestamp: '2026-11-11T00:00:00.000Z', time_difference: 41_340, is_exact: false });
    await refusedBeforeAnyRequest(['history', 'h100', '--at', '2026-11-10'], 'none', "'history' needs a premium or full key");
  });

  it('a time out of range is answered, not refused: the edge record and its gap', async () => {
    const [row] = await rows(['history', 'a100', '--at', '2020-01-01']);
    expect(row).toMatchObject({ timestamp: '2024-01-01T00:00:00.000Z', time_difference: 126_230_400, is_exact: false });
  });

  it('Parquet types: timestamps, a double gap and a boolean', async () => {
    const file = join(dir, 'at.parquet');
    expect((await runCli(['history', 'h100', 'h200', '--at', '2026-11-10 05:00:00', '-o', file], { env: env('full') })).code).toBe(0);
    const back = await reader.read(file);
    expect(back.columns.map((c) => `${c.name} ${c.type}`)).toEqual([
      'gpu_name VARCHAR',
      'requested_datetime TIMESTAMP WITH TIME ZONE',
      'timestamp TIMESTAMP WITH TIME ZONE',
      'index_value DOUBLE',
      'time_difference DOUBLE',
      'is_exact BOOLEAN',
    ]);
    expect(back.rows.map((r) => [r.time_difference, r.is_exact])).toEqual([
      [0, true],
      [0, true],
    ]);
  });

  it('a bad time, or a flag of the ranged history beside it: exit 2 before any request; --dry-run sends ISO 8601', async () => {
    const before = sb.current.requests.length;
    for (const args of [
      ['--at', 'yesterday'],
      ['--at', '2026-02-30'],
      ['--at', '2026-11-10', '--from', '7d'],
      ['--at', '2026-11-10', '--granularity', 'hourly'],
      ['--at', '2026-11-10', '--stats'],
    ]) {
      const r = await runCli(['history', 'h100', ...args], { env: env('full') });
      expect([args.join(' '), r.code]).toEqual([args.join(' '), 2]);
      expect(r.stderr).toContain('--at');
    }
    expect(sb.current.requests.length).toBe(before);
    const dry = await runCli(['--dry-run', 'history', 'h100', '--at', '2026-11-10 12:31'], {
      env: { GPUMKT_API_KEY: sandboxEnv(sb.current).GPUMKT_API_KEY },
    });
    expect(dry.stdout).toBe(
      `curl -sS -H "Authorization: Bearer $GPUMKT_API_KEY" 'https://api.ornnai.com/api/gpu/H100%20SXM/history?datetime=2026-11-10T12%3A31%3A00.000Z'\n`,
    );
  });
});

describe('history without a key (the public daily series)', () => {
  const NOTE = 'gpumkt: no API key: the public daily series instead (five models, last 3 months)\n';

  it('runs instead of failing, says so on stderr, sends no key, and gives the daily rows a key would', async () => {
    const before = sb.current.requests.length;
    const anon = await rows(['history', 'h100', 'b200', '--from', '2026-10-01'], 'none', NOTE);
    const seen = sb.current.requests.slice(before);
    expect(seen.map((q) => q.path).sort()).toEqual(['/api/gpu/B200/index-history', '/api/gpu/H100 SXM/index-history']);
    expect(seen.every((q) => q.headers.authorization === undefined)).toBe(true);
    expect(anon).toEqual(await rows(['history', 'h100', 'b200', '--from', '2026-10-01', '--granularity', 'daily']));
    expect((await runCli(['history', 'h100', '-q', '-f', 'csv'], { env: env('none') })).stderr).toBe('');
    expect(
      (await rows(['history', 'all', '--from', '7d'], 'none', NOTE))
        .filter((r) => r.timestamp === `${TODAY}T00:00:00.000Z`)
        .map((r) => r.gpu),
    ).toEqual(FREE);
  });

  it('what only a key reads exits 3 naming the plan, before any request', async () => {
    await refusedBeforeAnyRequest(['history', 'pro6000'], 'none', 'RTX PRO 6000 WS needs a premium or full key');
    await refusedBeforeAnyRequest(
      ['history', 'h100', '--from', '1y'],
      'none',
      'reaches back 3 months (to 2026-08-20)',
      '--from 2025-11-20 needs a premium or full key',
    );
    await refusedBeforeAnyRequest(['history', 'h100', '--granularity', 'hourly'], 'none', 'hourly history needs a full key (sk_live_)');
  });

  it('--dry-run without a key prints the public route with no Authorization header', async () => {
    const r = await runCli(['--dry-run', 'history', 'h100', '--from', '7d'], { env: { GPUMKT_API_KEY: undefined } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("curl -sS 'https://api.ornnai.com/api/gpu/H100%20SXM/index-history?startDate=2026-11-13&endDate=2026-11-20'\n");
  });

  it('appends: two days equal one export', async () => {
    const file = join(dir, 'public.csv');
    const full = join(dir, 'public-full.csv');
    expect(
      (await runCli(['history', 'h100', '--from', '2026-11-01', '--append', file], { env: env('none', { GPUMKT_TODAY: '2026-11-18' }) }))
        .code,
    ).toBe(0);
    expect((await runCli(['history', 'h100', '--from', '2026-11-01', '--append', file], { env: env('none') })).code).toBe(0);
    expect((await runCli(['history', 'h100', '--from', '2026-11-01', '-o', full], { env: env('none') })).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(full, 'utf8'));
  });
});

describe('gpus --free and --live', () => {
  it("the service's free and full catalogues, no key needed; --dry-run sends no header", async () => {
    const free = await runCli(['gpus', '--free'], { env: env('none') });
    expect(free.stdout).toBe(FREE.map((m) => `${m}\n`).join(''));
    const live = await runCli(['gpus', '--live', '-f', 'csv'], { env: env('premium') });
    expect(live.stdout).toBe(['model', ...GPU_MODELS].join('\n') + '\n');
    expect(sb.current.requests.some((q) => q.path === '/api/gpu-types-free')).toBe(true);
    const dry = await runCli(['--dry-run', 'gpus', '--free'], { env: { GPUMKT_API_KEY: undefined } });
    expect(dry.stdout).toBe("curl -sS 'https://api.ornnai.com/api/gpu-types-free'\n");
  });
});

describe('routes without a command of their own', () => {
  it('/api/h100-history and the deprecated /api/day-index answer through api, without a key, as history h100 and latest do', async () => {
    const h100 = await runCli(
      ['api', '/api/h100-history', '-q', 'startDate=2026-11-18', '-f', 'csv', '--columns', 'timestamp,index_value'],
      { env: env('none') },
    );
    expect(h100.code, h100.stderr).toBe(0);
    const history = await runCli(['history', 'h100', '--from', '2026-11-18', '-f', 'csv', '--order', 'desc', '-q'], { env: env('none') });
    expect(h100.stdout).toBe(history.stdout);
    const day = await runCli(['api', '/api/day-index', '-q', 'gpuType=B200', '-f', 'json'], { env: env('none') });
    expect(JSON.parse(day.stdout)).toEqual(await rows(['latest', 'b200'], 'none'));
  });
});

describe('status: what the key reads, per dataset family', () => {
  it('from the prefix alone (no request per family): full reads everything, premium all but rolling now, no key the public routes', async () => {
    const before = sb.current.requests.length;
    const full = await runCli(['status'], { env: env('full') });
    expect(full.stdout).toContain('\nreads    every command\n');
    const premium = await runCli(['status'], { env: env('premium') });
    // Each family by its name on a command line (a variant by its flag), the plans aligned.
    expect(premium.stdout).toMatch(
      /^reads {4}every command but these \(plan premium\):\n {9}rolling +needs a full key \(sk_live_\)\n {9}power --load +needs a full key \(sk_live_\)\n {9}power --fuel-mix +needs/m,
    );
    expect(premium.stdout).toMatch(/^ {9}sites --map +needs a full key \(sk_live_\)$/m);
    const none = await runCli(['status'], { env: env('none') });
    expect(none.stdout).toContain(
      'reads    without a key, only the public routes:\n         history without a key\n         latest\n         latest --previous\n         latest --current\n',
    );
    // /health and the key check per keyed run, /health alone without a key.
    expect(sb.current.requests.length - before).toBe(5);
    const json = JSON.parse((await runCli(['status', '-f', 'json'], { env: env('premium') })).stdout) as { families: Row[] };
    expect(json.families.filter((f) => f.command === 'rolling')).toEqual([
      { command: 'rolling', variant: null, needs: 'full', readable: false },
      { command: 'rolling', variant: '--from/--to', needs: 'premium', readable: true },
    ]);
    expect(json.families.find((f) => f.command === 'history' && f.variant === 'without a key')).toEqual({
      command: 'history',
      variant: 'without a key',
      needs: 'free',
      readable: true,
    });
  });
});
