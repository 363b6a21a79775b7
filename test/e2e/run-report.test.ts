/**
 * The runner answers in data (src/run/report.ts). A `planOnly` run of a sync dataset's request lists
 * the requests `sync --dry-run` counts for it (endpoint path and query, as data) and sends nothing;
 * the sync that follows sends exactly those. A run's report says the rows it wrote, the window it
 * served, and what the append merge made of them: a restated row with its old and new values.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context, GlobalOptions } from '../../src/context.js';
import { makeClock } from '../../src/context.js';
import { DATASETS, type AnyDataset } from '../../src/datasets/index.js';
import { startSandbox, type RecordedRequest } from '../../src/sandbox/index.js';
import { runDataset, type RunReport } from '../../src/run/runner.js';
import { loadSettings, openSession } from '../../src/run/session.js';
import { lakeDatasets } from '../../src/sync/lake-datasets.js';
import { withServiceNames } from '../../src/sync/service-names.js';
import { planRequests } from '../../src/sync/run-one.js';
import { datasetRun, type SyncSettings } from '../../src/sync/targets.js';
import { localStore } from '../../src/store/local.js';
import { CANARY_KEY, isolatedHome, parseCsv, runCli, TODAY } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ today: TODAY, keys: { valid: [CANARY_KEY] } });
});
afterAll(async () => {
  await sb.close();
});

const GLOBALS: GlobalOptions = {
  color: false,
  quiet: false,
  verbose: false,
  debug: false,
  dryRun: false,
  sandbox: false,
  pager: false,
};

/** The environment of every run here: the sandbox, its key, today pinned, a HOME with no config. */
function env(): Record<string, string> {
  const home = isolatedHome();
  return { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY, GPUMKT_TODAY: TODAY, HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
}

/** A context as main() builds one, its stderr lines kept; `close` runs its clean-ups (locks), as main() does at the end. */
function context(vars: Record<string, string>): { ctx: Context; stderr: string[]; close: () => Promise<void> } {
  const stderr: string[] = [];
  const cleanups: Array<() => void | Promise<void>> = [];
  const drop = new Writable({ write: (_c, _e, done) => done() });
  const ctx: Context = {
    io: { stdout: drop, stderr: drop, stdin: process.stdin, stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false, columns: 80 },
    env: vars,
    ...makeClock(vars),
    signal: new AbortController().signal,
    log: { warn: (m) => void stderr.push(m), info: (m) => void stderr.push(m), verbose: () => undefined },
    globals: () => GLOBALS,
    onCleanup: (fn) => void cleanups.push(fn),
    secrets: new Set(),
  };
  const close = async (): Promise<void> => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  };
  return { ctx, stderr, close };
}

/** A request as the sandbox saw it, or as a report plans it: path and query, comparable. */
const seen = (path: string, query: Readonly<Record<string, string | undefined>>): string =>
  `${path}?${Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v ?? ''}`)
    .sort()
    .join('&')}`;

const SYNCED = ['util-index', 'memory', 'history'];

describe('a planOnly report of a sync dataset', () => {
  it('lists the requests sync --dry-run counts for it, sends nothing, and the sync then sends exactly those', async () => {
    const vars = env();
    const lake = join(makeTempDir('report'), 'lake');
    const { ctx } = context(vars);
    const settings = await loadSettings(ctx);
    const session = await openSession(ctx, settings, { keyOptional: true });
    const s: SyncSettings = {
      lake,
      folder: lake,
      store: localStore(lake),
      tableFormat: 'hive',
      format: 'parquet',
      grain: 'daily',
      today: TODAY,
      from: '60d',
      keyless: false,
    };
    // As sync does: the service's names for a dataset that runs every one of them (read before counting).
    const chosen = lakeDatasets(true).filter((d) => SYNCED.includes(d.name));
    const lakes = await withServiceNames(ctx, chosen, settings, session);
    const before = sb.requests.length;
    const reports = new Map<string, RunReport>();
    // As sync plans: a planOnly run of each dataset's request (nothing held yet: the export to a pipe).
    for (const d of lakes) reports.set(d.name, await planRequests(ctx, datasetRun(d, s, undefined, false), session, false));
    expect(sb.requests.length - before, 'a planOnly run sends nothing').toBe(0);

    // memory runs its history (the variant its descriptor names for a lake), by the sync's request.
    const memory = lakes.find((d) => d.name === 'memory');
    expect(memory?.variant).toBe('--from/--to');
    for (const r of reports.get('memory')?.requests ?? []) expect(r.endpoint).toBe(memory?.ds.endpoint);
    expect(memory?.ds.endpoint).not.toBe(memory?.command.endpoint);
    const dry = await runCli(['sync', lake, '--dry-run', '--json', '--from', '60d', '--datasets', SYNCED.join(',')], { env: vars });
    expect(dry.code, dry.stderr).toBe(0);
    const plan = JSON.parse(dry.stdout) as { datasets: Array<{ name: string; requests: number }> };
    for (const name of SYNCED) {
      const report = reports.get(name) as RunReport;
      expect(report.sent).toBe(false);
      expect(report.requests.length, name).toBeGreaterThan(0);
      expect(plan.datasets.find((p) => p.name === name)?.requests, name).toBe(report.requests.length);
      for (const r of report.requests) expect(r.path, name).toMatch(/^\/api\//);
    }
    // util-index over 60 days is asked in parts, each reaching back its overlap before the window.
    const util = reports.get('util-index') as RunReport;
    expect(util.window).toEqual({ from: '2026-09-21', to: TODAY });
    expect(util.requests.map((r) => r.query.startDate).sort()[0]).not.toBe(util.window?.from);

    const from = sb.requests.length;
    const run = await runCli(['sync', lake, '--json', '--from', '60d', '--datasets', SYNCED.join(',')], { env: vars });
    expect(run.code, run.stderr).toBe(0);
    const sent = sb.requests.slice(from).filter((q: RecordedRequest) => q.path !== '/api/gpu-types' && !q.path.endsWith('/types'));
    const planned = [...reports.values()].flatMap((r) => r.requests.map((q) => seen(decodeURIComponent(q.path), q.query)));
    expect(sent.map((q) => seen(q.path, q.query)).sort()).toEqual(planned.sort());
  }, 120_000);
});

describe("a run's report", () => {
  it('says the rows written, the window served, and a restated row with its old and new values', async () => {
    const vars = env();
    const file = join(makeTempDir('report'), 'util.csv');
    const { ctx, stderr, close } = context(vars);
    const util = DATASETS.find((d) => d.name === 'util-index') as AnyDataset;
    const request = {
      dataset: util,
      targets: [],
      window: { from: '2026-10-01', to: TODAY },
      output: { header: true, order: 'asc', format: 'csv' },
      export: { append: file },
      options: {},
    } as const;
    const first = await runDataset(ctx, request);
    await close();
    expect(first.sent).toBe(true);
    expect(first.window).toEqual({ from: '2026-10-01', to: TODAY });
    expect(first.requests.length).toBeGreaterThan(0);
    const rows = parseCsv(readFileSync(file, 'utf8'));
    expect(first.rows).toBe(rows.length - 1);
    // The first write is no merge: the file is written whole.
    expect(first.merge).toBeUndefined();

    // A value of five days back changed in the file: the next append's overlap brings the service's back.
    const header = rows[0] as string[];
    const date = header.indexOf('date');
    const value = header.indexOf('occupancy');
    const at = rows.findIndex((r) => r[date]?.startsWith('2026-11-15'));
    const lines = readFileSync(file, 'utf8').split('\n');
    const served = lines[at] as string;
    const edited = (rows[at] as string[]).map((c, i) => (i === value ? '0.123' : c)).join(',');
    expect(edited).not.toBe(served);
    lines[at] = edited;
    writeFileSync(file, lines.join('\n'));

    stderr.length = 0;
    const second = await runDataset(ctx, request);
    await close();
    // Asked from the file's last day less the overlap (14 days), not the whole window.
    expect(second.window?.from).toBe('2026-11-06');
    expect(second.merge).toMatchObject({ target: file, added: 0, refreshed: 0, late: 0, restatedReplaced: false, unchanged: true });
    expect(second.merge?.restated).toEqual([{ key: expect.stringContaining('2026-11-15') as string, old: edited, new: served }]);
    // The words on stderr are today's.
    expect(stderr.some((m) => m.startsWith(`1 row in ${file} came back with different values (restated)`))).toBe(true);
  }, 60_000);
});
