/**
 * GPU models: the service is the authority (docs/names.md). A model the service's catalogue
 * (GET /api/gpu-types) lists and the offline list lacks — here GB200, added on the sandbox's side
 * through its intercept hook, as the real service may add one any day — is looked up before it is
 * refused, read by `history` and `latest`, cached a day (the second run sends no lookup), taken in by
 * `all`, and synced; a typo exits 2 with suggestions; without a network the offline list decides and
 * says so; a model the offline list knows costs no lookup.
 */
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type InterceptReply, type RecordedRequest } from '../../src/sandbox/index.js';
import { SANDBOX_PREMIUM_KEY } from '../../src/sandbox/keys.js';
import { GPU_MODELS } from '../../src/domain/catalogues/gpus.js';
import { addDays } from '../../src/domain/time/dates.js';
import { runCli, TODAY } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';
import { needs } from '../helpers/requires.js';
import { bashComplete, fishComplete, shellEnv, zshList } from '../completion/shells.js';
import { lakeCsv } from './sync-helpers.js';

const NEW_GPU = 'GB200';
const YESTERDAY = addDays(TODAY, -1);

/** Every day of an inclusive window. */
function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The service's side: its catalogue lists GB200, and it serves GB200's history and latest value. */
function addedOnTheService(req: RecordedRequest): InterceptReply | undefined {
  const q = req.query;
  if (req.path === '/api/gpu-types') {
    const data = [...GPU_MODELS, NEW_GPU].map((gpu_name) => ({ gpu_name, free: false }));
    return { status: 200, body: { success: true, count: data.length, data } };
  }
  if (req.path === `/api/gpu/${NEW_GPU}/history-simple`) {
    const from = (q.start_date ?? q.startDate ?? addDays(TODAY, -2)).slice(0, 10);
    const to = (q.end_date ?? q.endDate ?? YESTERDAY).slice(0, 10);
    const data = days(from, to < YESTERDAY ? to : YESTERDAY)
      .reverse()
      .map((date, i) => ({ timestamp: `${date}T00:00:00.000Z`, index_value: 5 + i / 4 }));
    return { status: 200, body: { success: true, gpu_name: NEW_GPU, count: data.length, data } };
  }
  if (req.path === '/api/daily-index' && q.gpuType === NEW_GPU) {
    return { status: 200, body: { success: true, data: { gpu_name: NEW_GPU, region: '', index_value: 7.5, date: YESTERDAY } } };
  }
  return undefined;
}

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox({ today: TODAY, intercept: addedOnTheService });
});
afterAll(async () => {
  await sb.close();
});

/** The run's environment: the service, a premium key, and a HOME of the test's own (its cache). */
const envAt = (home: string, base = sb.url): Record<string, string> => ({
  GPUMKT_BASE_URL: base,
  GPUMKT_API_KEY: SANDBOX_PREMIUM_KEY,
  HOME: home,
});

/** Runs the CLI and returns its result with the paths the service saw meanwhile. */
async function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string; paths: string[] }> {
  const before = sb.requests.length;
  const r = await runCli(args, { env });
  return { ...r, paths: sb.requests.slice(before).map((q) => q.path) };
}

describe('a GPU model the service added', () => {
  it('is looked up once and read by latest and history; cached a day, the second run sends no lookup', async () => {
    const home = makeTempDir('names-gpu-home');
    const latest = await run(['latest', 'gb200', '-f', 'csv'], envAt(home));
    expect(latest.code, latest.stderr).toBe(0);
    expect(latest.paths).toEqual(['/api/gpu-types', '/api/daily-index']);
    expect(latest.stdout).toBe(`gpu_name,region,index_value,date\n${NEW_GPU},,7.5,${YESTERDAY}\n`);
    const cache = join(home, '.cache', 'gpumkt', 'catalogues', 'gpu-types.json');
    expect(Object.keys(JSON.parse(readFileSync(cache, 'utf8')) as object)).toEqual([sb.url]);
    expect(readFileSync(join(home, '.cache', 'gpumkt', 'catalogues', 'gpu-types.words'), 'utf8')).toBe(
      [...GPU_MODELS, NEW_GPU].map((m) => `${m}\n`).join(''),
    );
    const window = ['--from', addDays(TODAY, -2), '--to', TODAY, '--granularity', 'daily', '-f', 'csv'];
    const history = await run(['history', NEW_GPU, ...window], envAt(home));
    expect(history.code, history.stderr).toBe(0);
    expect(history.paths).toEqual([`/api/gpu/${NEW_GPU}/history-simple`]);
    expect(history.stdout).toBe(`timestamp,index_value\n${addDays(TODAY, -2)}T00:00:00.000Z,5.25\n${addDays(TODAY, -1)}T00:00:00.000Z,5\n`);
  });

  it('`all` takes in the models the day’s cache learned, without a request for the catalogue', async () => {
    const home = makeTempDir('names-gpu-home');
    const before = await run(['history', 'all', '--from', addDays(TODAY, -2), '--granularity', 'daily', '-f', 'csv'], envAt(home));
    expect(before.code, before.stderr).toBe(0);
    expect(before.paths).not.toContain(`/api/gpu/${NEW_GPU}/history-simple`);
    expect((await run(['latest', NEW_GPU], envAt(home))).code).toBe(0);
    const after = await run(['history', 'all', '--from', addDays(TODAY, -2), '--granularity', 'daily', '-f', 'csv'], envAt(home));
    expect(after.code, after.stderr).toBe(0);
    expect(after.paths).not.toContain('/api/gpu-types');
    expect(after.paths.filter((p) => p.endsWith('/history-simple'))).toEqual(
      [...GPU_MODELS, NEW_GPU].map((m) => `/api/gpu/${m}/history-simple`),
    );
    expect(after.stdout).toContain(`\n${NEW_GPU},${addDays(TODAY, -1)}T00:00:00.000Z,5\n`);
  });

  it('a model the offline list knows, by its name or an alias, costs no lookup', async () => {
    const r = await run(
      ['history', 'h100', 'RTX PRO 6000 WS', '--from', addDays(TODAY, -2), '-f', 'csv'],
      envAt(makeTempDir('names-gpu-home')),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.paths).toEqual(['/api/gpu/H100 SXM/history-simple', '/api/gpu/RTX PRO 6000 WS/history-simple']);
  });

  it('a model neither knows exits 2 with a suggestion, before any data request; the service’s models are suggested too', async () => {
    const home = makeTempDir('names-gpu-home');
    const typo = await run(['history', 'h2000'], envAt(home));
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown GPU model 'h2000'; did you mean 'h200'?");
    expect(typo.paths).toEqual(['/api/gpu-types']);
    const near = await run(['latest', 'gb2000'], envAt(home));
    expect(near.code).toBe(2);
    expect(near.stderr).toContain(`did you mean '${NEW_GPU}'?`);
    expect(near.stderr).toContain(`valid models: ${[...GPU_MODELS, NEW_GPU].join(', ')}`);
    expect(near.paths).toEqual([]);
  });

  it('without a network the offline list decides, and the refusal says so', async () => {
    const closed = await closedPort();
    const r = await runCli(['history', NEW_GPU], { env: envAt(makeTempDir('names-gpu-home'), `http://127.0.0.1:${closed}`) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`unknown GPU model '${NEW_GPU}'`);
    expect(r.stderr).toMatch(
      /\/api\/gpu-types could not be read \(cannot reach http:\/\/127\.0\.0\.1:\d+: .*\), so the offline list decided/,
    );
  });

  it('sync reads the service’s models once and syncs the new one with the others', async () => {
    const lake = makeTempDir('names-gpu-lake');
    const sync = await run(
      ['sync', lake, '--datasets', 'history,latest', '--from', addDays(TODAY, -3), '--format', 'csv'],
      envAt(makeTempDir('names-gpu-home')),
    );
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.paths.filter((p) => p === '/api/gpu-types')).toHaveLength(1);
    expect(sync.paths.filter((p) => p.endsWith('/history-simple'))).toEqual(
      [...GPU_MODELS, NEW_GPU].map((m) => `/api/gpu/${m}/history-simple`),
    );
    expect(await lakeCsv(lake, 'history')).toContain(`${NEW_GPU},`);
  });
});

describe('completion learns a GPU model from the service', needs('bash', 'zsh', 'fish'), () => {
  it('bash, zsh and fish offer GB200 once a run looked it up', async () => {
    const home = makeTempDir('names-gpu-home');
    const env = shellEnv({ HOME: home });
    const offered = (): string[][] => [
      bashComplete(['history', 'GB'], env).map((r) => r.text),
      zshList('gpumkt history GB', env),
      fishComplete('gpumkt history GB', env),
    ];
    expect(offered()).toEqual([[], [], []]);
    expect((await run(['latest', NEW_GPU], envAt(home))).code).toBe(0);
    expect(offered()).toEqual([[NEW_GPU], [NEW_GPU], [NEW_GPU]]);
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
