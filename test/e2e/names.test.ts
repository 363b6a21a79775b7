/**
 * The service is the authority on names (docs/names.md): a lab or product the service lists and the
 * offline list lacks is looked up in its catalogue route, accepted, cached a day in the user's cache
 * folder (the second run sends no lookup), offered as a suggestion, and synced; a name neither knows
 * exits 2 with suggestions before any data request; without a network the offline list decides and
 * says so; a name the offline list knows costs no lookup. "The service" here is the sandbox with a lab
 * and a product added on its side (its intercept hook), as the real one may add them any day.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type InterceptReply, type RecordedRequest } from '../../src/sandbox/index.js';
import { SANDBOX_PREMIUM_KEY } from '../../src/sandbox/keys.js';
import { CODING_PRODUCTS } from '../../src/domain/catalogues/coding-products.js';
import { MEMORY_TYPES } from '../../src/domain/catalogues/memory-types.js';
import { addDays } from '../../src/domain/time/dates.js';
import { runCli, TODAY } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';
import { DOCUMENTED_LABS } from '../fixtures/documented-ids.js';
import { needs } from '../helpers/requires.js';
import { bashComplete, fishComplete, shellEnv, zshList } from '../completion/shells.js';
import { lakeCsv } from './sync-helpers.js';

const NEW_LAB = { lab: 'acme-ai', label: 'Acme AI' };
const NEW_TYPE = { id: 'mem_hbm3_24gb', memory_type: 'HBM3 24Gb (3Gx8)', category: 'dram' };
const NEW_PRODUCT = { id: 'windsurf-prs', label: 'Windsurf PRs', category: 'prs', kind: 'count', compare: false, seriesLabels: null };

/** Every day of an inclusive window. */
function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The service's side: its catalogues list the new lab and product, and it serves their data. */
function addedOnTheService(req: RecordedRequest): InterceptReply | undefined {
  const q = req.query;
  if (req.path === '/api/token-types') {
    const data = [...DOCUMENTED_LABS.map(([lab, label]) => ({ lab, label })), NEW_LAB];
    return { status: 200, body: { success: true, count: data.length, data } };
  }
  if (req.path === '/api/otpi' && q.lab === NEW_LAB.lab) {
    const data = days(q.startDate ?? addDays(TODAY, -1), q.endDate ?? addDays(TODAY, -1)).map((date, i) => ({
      date,
      lab: NEW_LAB.lab,
      indexPerMtok: 2 + i / 4,
      computedAt: `${addDays(date, 1)}T01:00:00.000Z`,
    }));
    return {
      status: 200,
      body: { success: true, access: 'premium', startDate: q.startDate, endDate: q.endDate, count: data.length, data },
    };
  }
  if (req.path === '/api/memory-types') {
    const data = [...MEMORY_TYPES.map((t) => ({ id: t.id, memory_type: t.name, category: t.category })), NEW_TYPE];
    return { status: 200, body: { success: true, count: data.length, data } };
  }
  if (req.path === `/api/memory/${NEW_TYPE.id}/history`) {
    const data = days(q.startDate ?? TODAY, q.endDate ?? TODAY)
      .filter((d) => d < TODAY)
      .map((date, i) => ({
        date: `${date}T00:00:00.000Z`,
        id: NEW_TYPE.id,
        memoryType: NEW_TYPE.memory_type,
        category: 'dram',
        price: 10 + i,
      }));
    return { status: 200, body: { success: true, id: NEW_TYPE.id, memoryType: NEW_TYPE.memory_type, count: data.length, data } };
  }
  if (req.path === '/api/llm-coding/products') {
    const data = [...CODING_PRODUCTS.map((p) => ({ ...p })), NEW_PRODUCT];
    return { status: 200, body: { success: true, count: data.length, data } };
  }
  if (req.path === '/api/llm-coding/history' && q.product === NEW_PRODUCT.id) {
    const data = days(q.startDate ?? TODAY, q.endDate ?? TODAY)
      .filter((d) => d < TODAY)
      .map((date, i) => ({ date, value: 100 + i }));
    return { status: 200, body: { success: true, product: NEW_PRODUCT.id, compare: false, count: data.length, data } };
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

describe('a lab the service added', () => {
  it('is looked up once, read, and cached a day: the second run sends no lookup', async () => {
    const home = makeTempDir('names-home');
    const args = ['token-prices', NEW_LAB.lab, '--from', addDays(TODAY, -3), '--to', addDays(TODAY, -2), '-f', 'csv'];
    const first = await run(args, envAt(home));
    expect(first.code, first.stderr).toBe(0);
    expect(first.paths).toEqual(['/api/token-types', '/api/otpi']);
    expect(first.stdout.split('\n').slice(1, 3)).toEqual([
      `${addDays(TODAY, -3)},${NEW_LAB.lab},2,${addDays(TODAY, -2)}T01:00:00.000Z`,
      `${addDays(TODAY, -2)},${NEW_LAB.lab},2.25,${addDays(TODAY, -1)}T01:00:00.000Z`,
    ]);
    const cache = join(home, '.cache', 'gpumkt', 'catalogues', 'labs.json');
    expect(Object.keys(JSON.parse(readFileSync(cache, 'utf8')) as object)).toEqual([sb.url]);
    const second = await run(args, envAt(home));
    expect(second.code, second.stderr).toBe(0);
    expect(second.paths).toEqual(['/api/otpi']);
    expect(second.stdout).toBe(first.stdout);
  });

  it('a cache older than a day is asked again; XDG_CACHE_HOME moves it', async () => {
    const home = makeTempDir('names-home');
    const xdg = makeTempDir('names-xdg');
    const file = join(xdg, 'gpumkt', 'catalogues', 'labs.json');
    mkdirSync(join(xdg, 'gpumkt', 'catalogues'), { recursive: true });
    const stale = { fetchedAt: Date.now() - 25 * 3600_000, entries: [{ id: NEW_LAB.lab }] };
    writeFileSync(file, JSON.stringify({ [sb.url]: stale }));
    const r = await run(['token-prices', NEW_LAB.lab, '--date', addDays(TODAY, -2)], { ...envAt(home), XDG_CACHE_HOME: xdg });
    expect(r.code, r.stderr).toBe(0);
    expect(r.paths).toEqual(['/api/token-types', '/api/otpi']);
    expect((JSON.parse(readFileSync(file, 'utf8')) as Record<string, { fetchedAt: number }>)[sb.url]?.fetchedAt).toBeGreaterThan(
      stale.fetchedAt,
    );
    expect(existsSync(join(home, '.cache'))).toBe(false);
  });

  it('a name the offline list knows costs no lookup', async () => {
    const r = await run(['token-prices', 'qwen', '--date', addDays(TODAY, -2)], envAt(makeTempDir('names-home')));
    expect(r.code, r.stderr).toBe(0);
    expect(r.paths).toEqual(['/api/otpi']);
  });

  it('a name neither knows exits 2 with a suggestion, before any data request; the service’s names are suggested too', async () => {
    const home = makeTempDir('names-home');
    const typo = await run(['token-prices', 'qwne'], envAt(home));
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown lab 'qwne'; did you mean 'qwen'?");
    expect(typo.paths).toEqual(['/api/token-types']);
    const near = await run(['token-prices', 'acme-a'], envAt(home));
    expect(near.code).toBe(2);
    expect(near.stderr).toContain(`did you mean '${NEW_LAB.lab}'?`);
    // The catalogue read for the first refusal answers the second.
    expect(near.paths).toEqual([]);
  });

  it('without a network the offline list decides, and the refusal says so', async () => {
    const closed = await closedPort();
    const r = await runCli(['token-prices', NEW_LAB.lab], { env: envAt(makeTempDir('names-home'), `http://127.0.0.1:${closed}`) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`unknown lab '${NEW_LAB.lab}'`);
    expect(r.stderr).toMatch(
      /\/api\/token-types could not be read \(cannot reach http:\/\/127\.0\.0\.1:\d+: .*\), so the offline list decided/,
    );
  });

  it('a dry run sends nothing: the cache answers, else the offline list decides and says so', async () => {
    const home = makeTempDir('names-home');
    const cold = await run(['--dry-run', 'token-prices', NEW_LAB.lab], envAt(home));
    expect(cold.code).toBe(2);
    expect(cold.stderr).toContain('a dry run sends nothing: /api/token-types was not asked, so the offline list decided');
    expect(cold.paths).toEqual([]);
    expect((await run(['token-prices', NEW_LAB.lab, '--date', addDays(TODAY, -2)], envAt(home))).code).toBe(0);
    const warm = await run(['--dry-run', 'token-prices', NEW_LAB.lab], envAt(home));
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.stdout).toContain(`/api/otpi?lab=${NEW_LAB.lab}`);
    expect(warm.paths).toEqual([]);
  });
});

describe('completion learns the names too', needs('bash'), () => {
  it('bash offers a lab learned from the service, from the cache, beside the built-in ones', async () => {
    const home = makeTempDir('names-home');
    const complete = (word: string): string[] => bashComplete(['token-prices', word], shellEnv({ HOME: home })).map((r) => r.text);
    expect(complete('a')).toEqual(['anthropic']);
    expect((await run(['token-prices', NEW_LAB.lab, '--date', addDays(TODAY, -2)], envAt(home))).code).toBe(0);
    expect(complete('a')).toEqual(['anthropic', NEW_LAB.lab]);
    expect(complete('')).toEqual([...DOCUMENTED_LABS.map(([lab]) => lab), NEW_LAB.lab]);
  });

  it('bash offers a memory type learned from the service to --type', async () => {
    const home = makeTempDir('names-home');
    const complete = (): string[] => bashComplete(['memory', '--type', 'mem_'], shellEnv({ HOME: home })).map((r) => r.text);
    expect(complete()).not.toContain(NEW_TYPE.id);
    expect((await run(['memory', '--type', NEW_TYPE.id, '--from', addDays(TODAY, -2)], envAt(home))).code).toBe(0);
    expect(complete()).toEqual([...MEMORY_TYPES.map((t) => t.id), NEW_TYPE.id]);
  });
});

describe('zsh completion learns the names too', needs('zsh'), () => {
  it('zsh offers a lab and a memory type learned from the service, from the cache, beside the built-in ones', async () => {
    const home = makeTempDir('names-home');
    const env = shellEnv({ HOME: home });
    expect(zshList('gpumkt token-prices a', env)).toEqual(['anthropic']);
    expect(zshList('gpumkt memory --type mem_hbm', env)).toEqual([]);
    expect((await run(['token-prices', NEW_LAB.lab, '--date', addDays(TODAY, -2)], envAt(home))).code).toBe(0);
    expect((await run(['memory', '--type', NEW_TYPE.id, '--from', addDays(TODAY, -2)], envAt(home))).code).toBe(0);
    expect(zshList('gpumkt token-prices a', env).sort()).toEqual(['anthropic', NEW_LAB.lab].sort());
    expect(zshList('gpumkt memory --type mem_hbm', env)).toEqual([NEW_TYPE.id]);
  });
});

describe('fish completion learns the names too', needs('fish'), () => {
  it('fish offers a lab and a memory type learned from the service, from the cache, beside the built-in ones', async () => {
    const home = makeTempDir('names-home');
    const env = shellEnv({ HOME: home });
    expect(fishComplete('gpumkt token-prices a', env)).toEqual(['anthropic']);
    expect(fishComplete('gpumkt memory --type mem_hbm', env)).toEqual([]);
    expect((await run(['token-prices', NEW_LAB.lab, '--date', addDays(TODAY, -2)], envAt(home))).code).toBe(0);
    expect((await run(['memory', '--type', NEW_TYPE.id, '--from', addDays(TODAY, -2)], envAt(home))).code).toBe(0);
    expect(fishComplete('gpumkt token-prices a', env).sort()).toEqual(['anthropic', NEW_LAB.lab].sort());
    expect(fishComplete('gpumkt memory --type mem_hbm', env)).toEqual([NEW_TYPE.id]);
    // A built-in name in the cache is offered once.
    expect(fishComplete('gpumkt token-prices ', env).filter((w) => w === 'anthropic')).toHaveLength(1);
  });
});

describe('a coding product the service added', () => {
  it('is read by name, and sync runs it with the documented products', async () => {
    const home = makeTempDir('names-home');
    const one = await run(['coding', NEW_PRODUCT.id, '--from', addDays(TODAY, -2), '-f', 'csv'], envAt(home));
    expect(one.code, one.stderr).toBe(0);
    expect(one.paths).toEqual(['/api/llm-coding/products', '/api/llm-coding/history']);
    expect(one.stdout).toBe(
      `date,product,value,value2\n${addDays(TODAY, -2)},${NEW_PRODUCT.id},100,\n${addDays(TODAY, -1)},${NEW_PRODUCT.id},101,\n`,
    );
    const lake = makeTempDir('names-lake');
    const sync = await run(
      ['sync', lake, '--datasets', 'coding', '--from', addDays(TODAY, -3), '--format', 'csv'],
      envAt(makeTempDir('names-home')),
    );
    expect(sync.code, sync.stderr).toBe(0);
    const asked = sb.requests
      .slice(-sync.paths.length)
      .filter((q) => q.path === '/api/llm-coding/history')
      .map((q) => q.query.product);
    expect(asked.sort()).toEqual([...CODING_PRODUCTS.map((p) => p.id), NEW_PRODUCT.id].sort());
    expect(sync.paths.filter((p) => p === '/api/llm-coding/products')).toHaveLength(1);
    expect(await lakeCsv(lake, 'coding')).toContain(`${addDays(TODAY, -1)},${NEW_PRODUCT.id},102,`);
  });
});

describe('a memory type the service added', () => {
  it('is read by id or by name, and sync runs it with the documented types', async () => {
    const home = makeTempDir('names-home');
    const window = ['--from', addDays(TODAY, -2), '--to', addDays(TODAY, -1), '-f', 'csv', '--columns', 'date,id,price'];
    const byId = await run(['memory', '--type', NEW_TYPE.id, ...window], envAt(home));
    expect(byId.code, byId.stderr).toBe(0);
    expect(byId.paths).toEqual(['/api/memory-types', `/api/memory/${NEW_TYPE.id}/history`]);
    expect(byId.stdout).toBe(
      `date,id,price\n${addDays(TODAY, -2)}T00:00:00.000Z,${NEW_TYPE.id},10\n${addDays(TODAY, -1)}T00:00:00.000Z,${NEW_TYPE.id},11\n`,
    );
    // By its name, from the cache; its category is the service's (dram), so --category flash contradicts it.
    const byName = await run(['memory', '--type', NEW_TYPE.memory_type, ...window], envAt(home));
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.paths).toEqual([`/api/memory/${NEW_TYPE.id}/history`]);
    const flash = await run(['memory', '--type', NEW_TYPE.id, '--category', 'flash', ...window], envAt(home));
    expect(flash.code).toBe(2);
    expect(flash.stderr).toContain(`memory type ${NEW_TYPE.id} is in category dram, not flash`);
    const lake = makeTempDir('names-lake');
    const sync = await run(
      ['sync', lake, '--datasets', 'memory', '--from', addDays(TODAY, -3), '--format', 'csv'],
      envAt(makeTempDir('names-home')),
    );
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.paths.filter((p) => p.startsWith('/api/memory/')).sort()).toEqual(
      [...MEMORY_TYPES.map((t) => `/api/memory/${t.id}/history`), `/api/memory/${NEW_TYPE.id}/history`].sort(),
    );
    expect(await lakeCsv(lake, 'memory')).toContain(`,${NEW_TYPE.id},`);
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
