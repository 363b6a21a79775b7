/**
 * `gpumkt forward` against the sandbox over real HTTP: one row per curve point, the service's values
 * as sent, curves and tenors chosen offline (suggestions for names typed wrong, no request), the
 * suppressed curves on request with empty prices, asOf on stderr and in the manifest, every format
 * (Python's csv, DuckDB for Parquet types), the three plans, and the table at 80 columns.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, ndjsonRows } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { makeTempDir } from '../helpers/temp.js';
import { needs } from '../helpers/requires.js';
import { checkTableAt80, csvCell, FORWARD_COLUMNS, pythonCsv, requestsDuring, runAs } from './market-helpers.js';

const sb = useSandbox();
const reader = useParquetReader();
type Row = Record<string, unknown>;
const COLUMNS = FORWARD_COLUMNS;

/** The sandbox's body, flattened here independently of the CLI: one row per point, provenance spread out. */
async function servicePoints(): Promise<{ asOf: string; data: Row[]; suppressed: Row[] }> {
  const res = await fetch(`${sb.current.url}/api/forward`, {
    headers: { authorization: `Bearer ${sandboxEnv(sb.current).GPUMKT_API_KEY}` },
  });
  const body = (await res.json()) as { asOf: string; data: Array<{ points: Row[] }>; suppressed: Array<{ points: Row[] }> };
  const flat = (curves: Array<{ points: Row[] }>): Row[] =>
    curves.flatMap((c) =>
      c.points.map((p) => {
        const prov = (p.provenance ?? {}) as Row;
        return {
          name: p.name,
          label: p.label,
          months: p.months,
          price: p.price,
          has_mark: p.has_mark,
          as_of_date: p.as_of_date,
          insufficient_data: p.insufficient_data,
          provenance_updated_at: prov.updated_at,
          provenance_source: prov.source,
        };
      }),
    );
  return { asOf: body.asOf, data: flat(body.data), suppressed: flat(body.suppressed) };
}

async function json(args: string[]): Promise<{ rows: Row[]; stderr: string }> {
  const r = await runCli([...args, '-f', 'json'], { env: sandboxEnv(sb.current) });
  expect(r.code, r.stderr).toBe(0);
  return { rows: JSON.parse(r.stdout) as Row[], stderr: r.stderr };
}

const pick = (r: Row, cols: readonly string[]): Row => Object.fromEntries(cols.map((c) => [c, r[c] ?? null]));

describe('forward', () => {
  it('prints every marked curve point as the service sent it, asOf on stderr and on each JSON row', async () => {
    const service = await servicePoints();
    const { rows, stderr } = await json(['forward']);
    expect(rows.map((r) => pick(r, COLUMNS))).toEqual(service.data.map((r) => pick(r, COLUMNS)));
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.asOf))).toEqual(new Set([service.asOf]));
    // The note shortens the time as the table does (the JSON rows keep it as served).
    expect(service.asOf).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
    expect(stderr).toBe(`gpumkt: forward: asOf ${service.asOf.slice(0, 10)} ${service.asOf.slice(11, 16)} UTC\n`);
    // Unmarked tenors stay null, never 0.
    expect(rows.filter((r) => r.has_mark === false).map((r) => `${String(r.name)} ${String(r.label)} ${String(r.price)}`)).toEqual([
      'A100 SXM4 5Y null',
      'RTX 5090 3Y null',
      'RTX 5090 5Y null',
      'RTX PRO 6000 WS 5Y null',
    ]);
  });

  it('picks curves (aliases, any case) and tenors offline from one request without parameters', async () => {
    const { result, requests } = await requestsDuring(sb.current, () => json(['forward', 'gb200', 'H100', '--tenor', '3y,1Y']));
    expect(requests.map((q) => q.url)).toEqual(['/api/forward']);
    expect(result.rows.map((r) => `${String(r.name)} ${String(r.label)}`)).toEqual(['H100 SXM 1Y', 'H100 SXM 3Y', 'GB200 1Y', 'GB200 3Y']);
  });

  it('--include-suppressed adds the wholly unmarked curves, prices empty in csv (never 0)', async () => {
    const without = await runCli(['forward', 'gb300', '-f', 'csv'], { env: sandboxEnv(sb.current) });
    expect(without.stdout).toBe(`${COLUMNS.join(',')}\n`);
    // No rows because the curve has no mark: the note says which flag shows it.
    expect(without.stderr).toMatch(
      /^gpumkt: no rows \(forward\): a curve without any mark is left out; --include-suppressed lists its empty points$/m,
    );
    const r = await runCli(['forward', 'gb300', '--include-suppressed', '-f', 'csv'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/no rows/);
    expect(r.stdout.split('\n').slice(1, -1)).toEqual(
      ['1M,1', '6M,6', '1Y,12', '3Y,36', '5Y,60'].map((t) => `GB300,${t},,false,,no_observation,,`),
    );
    const all = await json(['forward', '--include-suppressed']);
    expect(all.rows).toHaveLength(45);
  });

  it('names typed wrong get a suggestion and exit 2 before any request', async () => {
    for (const [args, want] of [
      [['forward', 'h10'], "did you mean 'h100'?"],
      [['forward', 'gb30'], "did you mean 'gb300'?"],
      [['forward', '--tenor', '2y'], "did you mean '1Y'?"],
      [['forward', '--columns', 'nmae'], "did you mean 'name'?"],
    ] as const) {
      const { result, requests } = await requestsDuring(sb.current, () => runCli([...args], { env: sandboxEnv(sb.current) }));
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(want);
      expect(requests).toHaveLength(0);
    }
  });

  it('needs a premium or full key: without one exit 3 naming the plan, before any request', async () => {
    const none = await requestsDuring(sb.current, () => runAs(sb.current, 'none', ['forward']));
    expect(none.result.code).toBe(3);
    expect(none.result.stderr).toContain("'forward' needs a premium or full key (sk_prem_ or sk_live_)");
    expect(none.requests).toHaveLength(0);
    const premium = await runAs(sb.current, 'premium', ['forward', '-f', 'csv']);
    const full = await runAs(sb.current, 'full', ['forward', '-f', 'csv']);
    expect([premium.code, full.code]).toEqual([0, 0]);
    expect(premium.stdout).toBe(full.stdout);
  });

  it('--dry-run prints the one request; --append is refused (current marks only)', async () => {
    const dry = await runCli(['--dry-run', 'forward', 'h100', '--tenor', '1Y'], { env: { GPUMKT_API_KEY: 'sk_prem_x' } });
    expect(dry.stdout).toBe('curl -sS -H "Authorization: Bearer $GPUMKT_API_KEY" \'https://api.ornnai.com/api/forward\'\n');
    const r = await runCli(['forward', '--append', join(makeTempDir('fwd'), 'f.csv')], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--append does not apply');
  });

  it('every format holds the same rows: csv (Python), tsv, ndjson, markdown, --columns', needs('python3'), async () => {
    const { rows } = await json(['forward']);
    const csv = await runCli(['forward', '-f', 'csv'], { env: sandboxEnv(sb.current) });
    const records = pythonCsv(csv.stdout);
    expect(records[0]).toEqual(COLUMNS);
    expect(records.slice(1)).toEqual(rows.map((r) => COLUMNS.map((c) => csvCell(r[c]))));
    const tsv = await runCli(['forward', '-f', 'tsv'], { env: sandboxEnv(sb.current) });
    expect(pythonCsv(tsv.stdout, '\t')).toEqual(records);
    const nd = await runCli(['forward', '-f', 'ndjson'], { env: sandboxEnv(sb.current) });
    expect(ndjsonRows(nd.stdout)).toEqual(rows);
    const md = await runCli(['forward', '-f', 'markdown'], { env: sandboxEnv(sb.current) });
    expect(md.stdout.split('\n')[0]).toBe(`| ${COLUMNS.join(' | ')} |`);
    expect(md.stdout.trim().split('\n')).toHaveLength(rows.length + 2);
    const some = await runCli(['forward', 'b300', '--columns', 'price,label', '-f', 'csv'], { env: sandboxEnv(sb.current) });
    expect(some.stdout).toBe(
      ['price,label', ...rows.filter((r) => r.name === 'B300').map((r) => `${String(r.price)},${String(r.label)}`), ''].join('\n'),
    );
  });

  it('Parquet: DuckDB reads the documented types and the same values', async () => {
    const file = join(makeTempDir('fwd'), 'forward.parquet');
    const w = await runCli(['forward', '--include-suppressed', '-o', file, '--manifest'], { env: sandboxEnv(sb.current) });
    expect(w.code, w.stderr).toBe(0);
    const back = await reader.read(file);
    expect(back.columns.slice(0, COLUMNS.length).map((c) => `${c.name} ${c.type}`)).toEqual([
      'name VARCHAR',
      'label VARCHAR',
      'months BIGINT',
      'price DOUBLE',
      'has_mark BOOLEAN',
      'as_of_date TIMESTAMP WITH TIME ZONE',
      'insufficient_data VARCHAR',
      'provenance_updated_at TIMESTAMP WITH TIME ZONE',
      'provenance_source VARCHAR',
    ]);
    const { rows } = await json(['forward', '--include-suppressed']);
    // as_of_date is the mark's edit/publish timestamp (the data dictionary's type): the same instant both ways.
    const instant = (v: unknown): number | null => (v === null ? null : Date.parse(v instanceof Date ? v.toISOString() : (v as string)));
    expect(back.rows.map((r) => [r.name, r.label, r.months, r.price, r.has_mark, instant(r.as_of_date)])).toEqual(
      rows.map((r) => [r.name, r.label, BigInt(r.months as number), r.price, r.has_mark, instant(r.as_of_date)]),
    );
    // The manifest records what the response said of itself.
    const manifest = JSON.parse(readFileSync(`${file}.manifest.json`, 'utf8')) as { served?: { asOf?: string } };
    expect(manifest.served?.asOf).toBe(rows[0]?.asOf);
  });

  it('the table at 80 columns fits, curve and tenor whole', needs('tmux'), async () => {
    const screen = await checkTableAt80(sb.current, ['forward', '--include-suppressed'], ['name', 'label']);
    expect(screen[0]).toMatch(/^name +label +months +price +has_mark/);
  });
});
