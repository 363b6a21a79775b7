/**
 * Robust reading (decision G): every shape the service's documentation allows is read without a word —
 * either name of a field documented under two (`gpu_type` / `gpu_name`, `timestamp` / `recorded_at`),
 * rows newest or oldest first, power rows flat or grouped per market and hub, unknown fields kept. A
 * field off its documented type that the command can do without is kept as received with one warning
 * line (exit 6 with --strict); a missing time, key or value is exit 6.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type RecordedRequest } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli, TODAY, type RunResult } from '../helpers/cli.js';
import { otherDocumentedShapes } from '../helpers/docs-shapes.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { makeTempDir } from '../helpers/temp.js';
import { lakeDatasets } from '../../src/sync/lake-datasets.js';
import { readState, syncAt } from './sync-helpers.js';

type Obj = Record<string, unknown>;
type Reshape = (req: RecordedRequest, body: unknown) => unknown;

const reader = useParquetReader();

/** Runs `args` against a sandbox whose 200 bodies go through `reshape` (with the full key unless `key` is null). */
async function runReshaped(args: readonly string[], reshape?: Reshape, key: string | null = CANARY_KEY): Promise<RunResult> {
  const sb = await startSandbox({ today: TODAY, keys: { valid: [CANARY_KEY] }, reshape });
  try {
    return await runCli(args, { env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: key ?? undefined } });
  } finally {
    await sb.close();
  }
}

const warnings = (stderr: string): string[] =>
  stderr.split('\n').filter((l) => /off the documented|documented shape|not the documented/.test(l));

/** A body whose rows have `edit` applied. */
const editRows =
  (path: string, edit: (row: Obj, i: number) => Obj): Reshape =>
  (req, body) => {
    const b = body as Obj;
    if (req.path !== path) return b;
    return { ...b, data: Array.isArray(b.data) ? (b.data as Obj[]).map(edit) : edit(b.data as Obj, 0) };
  };

describe('a sync against the other documented shapes', () => {
  // The service's rate limit (60 requests a minute) paces a sync of every dataset: about a minute.
  it('exits 0 with every dataset ok and not a word about shapes', async () => {
    const lake = join(makeTempDir('docs-shapes'), 'lake');
    const r = await syncAt('2026-11-20T12:00:00Z', ['sync', lake, '--from', '2026-10-15'], { sb: { reshape: otherDocumentedShapes } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/warning/);
    const state = readState(lake).datasets;
    expect(Object.keys(state).sort()).toEqual(
      lakeDatasets(true)
        .map((d) => d.name)
        .sort(),
    );
    for (const [name, d] of Object.entries(state)) {
      expect(d.status, `${name}: ${d.error ?? ''}`).toBe('ok');
      if (d.rows !== undefined) expect(d.rows, name).toBeGreaterThan(0);
    }
  }, 240_000);
});

describe('either documented name of a field', () => {
  it('latest without a key, rows carrying gpu_type: the gpu_name column, exit 0, no warning', async () => {
    const usual = await runReshaped(['latest', '-f', 'csv'], undefined, null);
    const other = await runReshaped(['latest', '-f', 'csv'], otherDocumentedShapes, null);
    expect(other.code, other.stderr).toBe(0);
    expect(warnings(other.stderr)).toEqual([]);
    const lines = other.stdout.trim().split('\n');
    expect(lines[0]).toBe('gpu_name,region,index_value,date');
    expect([...lines].slice(1).sort()).toEqual(usual.stdout.trim().split('\n').slice(1).sort());
  });

  it('utilization rows carrying gpu_name read as gpu_type; history rows carrying recorded_at read as timestamp', async () => {
    for (const args of [
      ['utilization', '-f', 'csv'],
      ['history', 'h100', '--from', '7d', '--granularity', 'daily', '-f', 'csv'],
    ]) {
      const usual = await runReshaped(args);
      const other = await runReshaped(args, otherDocumentedShapes);
      expect(other.code, other.stderr).toBe(0);
      expect(warnings(other.stderr)).toEqual([]);
      expect(other.stdout.split('\n')[0], args[0]).toBe(usual.stdout.split('\n')[0]);
      expect(other.stdout.trim().split('\n').slice(1).sort(), args[0]).toEqual(usual.stdout.trim().split('\n').slice(1).sort());
    }
  });
});

describe('power rows flat or grouped per market and hub', () => {
  const flat = ['power', '--from', '2026-11-01', '-f', 'csv'];
  const byKeys: Reshape = (req, body) => {
    const b = body as Obj;
    if (req.path !== '/api/power/markets') return b;
    const map: Record<string, Record<string, Obj[]>> = {};
    for (const { market, hub, ...rest } of b.data as Obj[]) ((map[String(market)] ??= {})[String(hub)] ??= []).push(rest);
    return { ...b, data: map };
  };

  it.each([
    ['a list of { market, hub, data } groups', otherDocumentedShapes],
    ['an object keyed by market, then hub', byKeys],
  ] as const)('%s: the same rows as flat, no warning', async (_name, reshape) => {
    const usual = await runReshaped(flat);
    const grouped = await runReshaped(flat, reshape);
    expect(grouped.code, grouped.stderr).toBe(0);
    expect(warnings(grouped.stderr)).toEqual([]);
    expect(grouped.stdout).toBe(usual.stdout);
    expect(usual.stdout.split('\n').length).toBeGreaterThan(20);
  });
});

describe('a field off its documented type', () => {
  const arrays = editRows('/api/neocloud/sites', (r) => ({ ...r, gpuTypes: String(r.gpuTypes).split('/') }));

  it('is kept as received with one warning line; Parquet infers its column; --strict exits 6', async () => {
    const dir = makeTempDir('off-shape');
    const file = join(dir, 'sites.parquet');
    const r = await runReshaped(['sites', '--country', 'Germany', '-o', file], arrays);
    expect(r.code, r.stderr).toBe(0);
    expect(warnings(r.stderr)).toEqual([
      expect.stringMatching(
        /^gpumkt: warning: neocloud-sites: data\.0\.gpuTypes is \[.*\], not the documented string: kept as received; \d+ more fields off the documented shape \(--strict makes this an error\)$/,
      ),
    ]);
    const back = await reader.read(file);
    expect(back.rows.length).toBeGreaterThan(0);
    expect(String(back.rows[0]?.gpuTypes)).toMatch(/^\[".*"\]$/);
    const csv = await runReshaped(['sites', '--country', 'Germany', '-f', 'csv', '--columns', 'siteName,gpuTypes'], arrays);
    expect(csv.code).toBe(0);
    expect(csv.stdout).toMatch(/\[/);
    const strict = await runReshaped(['sites', '--country', 'Germany', '-f', 'csv', '--strict'], arrays);
    expect(strict.code).toBe(6);
    expect(strict.stderr).toMatch(/does not have the documented shape: neocloud-sites: data\.0\.gpuTypes is \[/);
    expect(strict.stdout).toBe('');
  });

  it('flattened rows (forward points) off their shape: one warning line however many, and Parquet is still written', async () => {
    const textPrices: Reshape = (req, body) => {
      const b = body as Obj;
      if (req.path !== '/api/forward') return b;
      const points = (c: Obj): Obj[] =>
        (c.points as Obj[]).map((p) => ({ ...p, price: p.price === null ? null : String(p.price as number) }));
      return { ...b, data: (b.data as Obj[]).map((c) => ({ ...c, points: points(c) })) };
    };
    const file = join(makeTempDir('off-shape'), 'forward.parquet');
    const r = await runReshaped(['forward', '-o', file], textPrices);
    expect(r.code, r.stderr).toBe(0);
    expect(warnings(r.stderr)).toEqual([
      expect.stringMatching(
        /^gpumkt: warning: forward H100 SXM 1M: price is "[\d.]+", not the documented number\|null \(and \d+ more rows off the documented shape\)$/,
      ),
    ]);
    const back = await reader.read(file);
    expect(back.columns.find((c) => c.name === 'price')?.type).toBe('VARCHAR');
    expect(back.rows.length).toBeGreaterThan(30);
  });

  it('a required field missing (the value) is exit 6 naming it, with nothing printed', async () => {
    const r = await runReshaped(
      ['latest', '-f', 'csv'],
      editRows('/api/daily-index/all', ({ index_value: _, ...r }) => r),
    );
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(
      /daily-index: the response does not have the documented shape: data\.0\.index_value: Invalid input: expected number, received undefined/,
    );
    expect(r.stdout).toBe('');
  });
});
