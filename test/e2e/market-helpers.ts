/**
 * Shared pieces of the market-family e2e tests (forward, token-prices, token-volume): runs under each
 * of the three plans, Python's csv module as an independent CSV reader, and the table as an 80×24
 * terminal shows it.
 */
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { CANARY_KEY, parseCsv, runCli, type RunResult } from '../helpers/cli.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import { cells, runInTerminal, shown } from '../helpers/terminal.js';

/** The sandbox's premium key (sk_prem_: daily data, every premium family). */
export const PREMIUM_KEY = 'sk_prem_sandbox';

/** A plan a run may be under: no key, a premium key, or a full key (the canary, a key of no known prefix: full). */
export type PlanName = 'none' | 'premium' | 'full';

/** Runs `gpumkt args…` against `sb` under `plan`. */
export function runAs(
  sb: TestSandbox,
  plan: PlanName,
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<RunResult> {
  const key = plan === 'none' ? undefined : plan === 'premium' ? PREMIUM_KEY : CANARY_KEY;
  return runCli(args, { env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: key, ...env } });
}

/** The requests `sb` received while `body` ran. */
export async function requestsDuring<T>(
  sb: TestSandbox,
  body: () => Promise<T>,
): Promise<{ result: T; requests: TestSandbox['requests'] }> {
  const before = sb.requests.length;
  const result = await body();
  return { result, requests: sb.requests.slice(before) };
}

/** CSV text as Python's csv module reads it (records of strings). */
export function pythonCsv(text: string, delimiter = ','): string[][] {
  const py = spawnSync(
    'python3',
    ['-c', `import csv,json,sys; print(json.dumps(list(csv.reader(sys.stdin, delimiter=${JSON.stringify(delimiter)}))))`],
    { input: text, encoding: 'utf8' },
  );
  expect(py.status, py.stderr).toBe(0);
  return JSON.parse(py.stdout) as string[][];
}

/** A JSON value as csv writes it: empty for null, the number or text as is. */
export function csvCell(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return v === null || v === undefined ? '' : JSON.stringify(v);
}

/**
 * Runs `args` in an 80×24 terminal (table by default) against `sb` with a full key and checks what a
 * person sees: no line wider than 80, one line per row of the CSV, each row's `keys` shown whole.
 */
export async function checkTableAt80(sb: TestSandbox, args: readonly string[], keys: readonly string[]): Promise<string[]> {
  const env = { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY };
  const csv = await runCli([...args, '-f', 'csv'], { env });
  expect(csv.code, csv.stderr).toBe(0);
  const [header, ...records] = parseCsv(csv.stdout);
  const t = runInTerminal({ width: 80, height: 24, args: [...args, '--no-pager'], env });
  try {
    expect(await t.exit()).toBe(0);
    const screen = t.screen();
    for (const line of screen) expect(cells(line), `wider than 80: ${line}`).toBeLessThanOrEqual(80);
    const rows = screen.slice(2);
    expect(rows).toHaveLength(records.length);
    const at = keys.map((k) => (header as string[]).indexOf(k));
    records.forEach((rec, i) => {
      for (const k of at) expect(rows[i], `row ${i}`).toContain(shown(rec[k] as string));
    });
    return screen;
  } finally {
    t.close();
  }
}

/** forward's columns as documented (docs/datasets.md), written out here independently of the descriptor. */
export const FORWARD_COLUMNS = [
  'name',
  'label',
  'months',
  'price',
  'has_mark',
  'as_of_date',
  'insufficient_data',
  'provenance_updated_at',
  'provenance_source',
];
