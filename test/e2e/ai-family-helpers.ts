/**
 * Shared checks of the AI-market family e2e tests (workload, coding, frontier): every text format of one
 * query read back against its `-f json` rows (CSV by Python's csv module), a run at an 80-column
 * terminal, and the sandbox's own body for comparison.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runInProcess } from '../helpers/main.js';
import { isolatedHome, runCli, TODAY } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';
import { pythonCsv } from './cron-helpers.js';

/** One printed row. */
export type Row = Record<string, unknown>;

/** Runs the CLI and parses its JSON rows (exit 0 expected). */
export async function jsonRows(args: readonly string[], env: Record<string, string | undefined>): Promise<Row[]> {
  const r = await runCli([...args, '-f', 'json'], { env });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Row[];
}

/** The `data` of a sandbox response, asked directly (not through the CLI). */
export async function apiBody(url: string, key: string | undefined): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { headers: key === undefined ? {} : { authorization: `Bearer ${key}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A value as text formats print it: null empty, lists and objects as JSON, numbers as received. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v);
}

/**
 * Every text format of `args` agrees with `rows` (its -f json): csv read back by Python's csv module,
 * tsv, ndjson, markdown (header and one line per row), and the table (header, rule, one line per row).
 */
export async function expectEveryTextFormat(
  args: readonly string[],
  env: Record<string, string | undefined>,
  rows: readonly Row[],
): Promise<void> {
  const columns = Object.keys(rows[0] ?? {});
  const dir = makeTempDir('market');
  const csv = await runCli([...args, '-f', 'csv'], { env });
  expect(csv.code, csv.stderr).toBe(0);
  writeFileSync(join(dir, 'out.csv'), csv.stdout);
  expect(pythonCsv(join(dir, 'out.csv'))).toEqual([columns, ...rows.map((r) => columns.map((c) => cellText(r[c])))]);
  const tsv = await runCli([...args, '-f', 'tsv'], { env });
  expect(tsv.stdout.split('\n').slice(0, -1)).toEqual([
    columns.join('\t'),
    ...rows.map((r) => columns.map((c) => cellText(r[c])).join('\t')),
  ]);
  const nd = await runCli([...args, '-f', 'ndjson'], { env });
  expect(
    nd.stdout
      .split('\n')
      .slice(0, -1)
      .map((l) => JSON.parse(l) as Row),
  ).toEqual(rows);
  const md = await runCli([...args, '-f', 'markdown'], { env });
  const mdLines = md.stdout.split('\n').filter((l) => l.startsWith('|'));
  expect(
    mdLines[0]
      ?.split('|')
      .map((c) => c.trim())
      .filter((c) => c !== ''),
  ).toEqual(columns);
  expect(mdLines).toHaveLength(rows.length + 2);
  const table = await runCli([...args, '-f', 'table'], { env });
  expect(table.code, table.stderr).toBe(0);
  const lines = table.stdout.split('\n').slice(0, -1);
  expect(lines[0]?.trim().split(/ {2,}/)).toEqual(columns);
  expect(lines).toHaveLength(rows.length + 2);
  // Files written with -o are what stdout was.
  const file = join(dir, 'out-o.csv');
  const o = await runCli([...args, '-o', file], { env });
  expect(o.code, o.stderr).toBe(0);
  expect(readFileSync(file, 'utf8')).toBe(csv.stdout);
}

/** Runs main() in this process with stdout on an 80-column terminal (no pager: the height is unknown). */
export async function onTerminal(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const home = isolatedHome();
  const whole = { HOME: home, GPUMKT_CONFIG: join(home, 'none.json'), GPUMKT_TODAY: TODAY, NO_COLOR: '1', ...env };
  return runInProcess(args, whole, '', { columns: 80 });
}

/** The 80-column table of `args`: every line fits, the key columns lead, one line per row; returns the header cells. */
export async function expectTableFits(
  args: readonly string[],
  env: Record<string, string>,
  keys: readonly string[],
  rowCount: number,
): Promise<string[]> {
  const t = await onTerminal(args, env);
  expect(t.code, t.stderr).toBe(0);
  const lines = t.stdout.split('\n').filter((l) => l !== '');
  for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
  const header = (lines[0] ?? '').trim().split(/ {2,}/);
  expect(header.slice(0, keys.length)).toEqual(keys);
  expect(lines).toHaveLength(rowCount + 2);
  // Whatever was left out is named on stderr, with the way to see it.
  if (t.stderr !== '') expect(t.stderr).toMatch(/columns? hidden\b.*\(-f csv shows all\)\n$/);
  return header;
}
