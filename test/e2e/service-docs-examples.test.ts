/**
 * The service's own JSON examples (test/fixtures/service-docs/, one file per example, each naming the
 * page and section it came from): each is served byte for byte from a loopback server on its route,
 * and the command that reads that route is run against it. A body (or a row the docs show on its own,
 * served as a body's one row) is read with no warning and rendered as csv and as Parquet; an error body
 * gives the command's exit code and a one-line message quoting the service.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type RecordedRequest } from '../../src/sandbox/index.js';
import { CODING_PRODUCTS } from '../../src/domain/catalogues/coding-products.js';
import { CANARY_KEY, runCli, type RunResult } from '../helpers/cli.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { makeTempDir } from '../helpers/temp.js';

const DIR = join(import.meta.dirname, '../fixtures/service-docs');

interface Example {
  readonly file: string;
  readonly page: string;
  readonly section: string;
  readonly source: string;
  readonly kind: 'body' | 'row' | 'error';
  readonly status: number;
  readonly route?: string;
}

const EXAMPLES = JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as Example[];
const text = (file: string): string => readFileSync(join(DIR, file), 'utf8');
const reader = useParquetReader();

// Product ids of our offline snapshot: the examples' own ids (cc-prs, copilot-merge, cc-vs-codex) are
// the service's, and the body read does not depend on whether the snapshot knows them.
const single = CODING_PRODUCTS.find((p) => !p.compare)?.id as string;
const compare = CODING_PRODUCTS.find((p) => p.compare)?.id as string;

/** The command that reads each documented 200 body or row, by file. */
const COMMANDS: Readonly<Record<string, readonly string[]>> = {
  'analytics--annualized-volatility.json': ['volatility', 'h100', '--from', '2026-01-01', '--to', '2026-01-01'],
  'analytics--market-utilization.json': ['volume', 'h100', '--from', '2026-01-01', '--to', '2026-01-01'],
  'llm-coding-index--reading-the-latest-value.json': ['coding'],
  'llm-coding-index--pulling-a-historical-series-1.json': ['coding', single, '--from', '2026-01-01', '--to', '2026-01-02'],
  'llm-coding-index--pulling-a-historical-series-2.json': ['coding', compare, '--from', '2026-01-01', '--to', '2026-01-02'],
  'llm-coding-index--listing-available-products.json': ['coding', '--list'],
  'memory-index--reading-current-prices.json': ['memory'],
  'memory-index--pulling-price-history.json': ['memory', '--type', 'mem_ddr4_16gb', '--from', '2026-01-01', '--to', '2026-01-01'],
  'quickstart--read-the-response.json': ['latest', '--current', 'h100'],
};

/** The command that meets each documented error body, and the exit code it then gives, by file. */
const ERROR_COMMANDS: Readonly<Record<string, readonly string[]>> = {
  'errors--403-premium-grain-or-dataset-1.json': ['history', 'h100', '--granularity', 'hourly', '--from', '2d'],
  'errors--403-premium-grain-or-dataset-2.json': ['sites'],
  'errors--400-missing-required-parameter.json': ['history', 'h100', '--at', '2026-11-19T12:00:00Z'],
};
const EXIT_OF_STATUS: Readonly<Record<number, number>> = { 400: 2, 401: 3, 403: 3, 404: 4 };

/** A route of the index (`GET /api/gpu/{gpuName}/volatility`) as a pattern of the request's decoded path. */
function routePattern(route: string): RegExp {
  const [, target = ''] = (route.split('?')[0] ?? '').split(' ');
  const escaped = target.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{[^}]*\\\}|\{[^}]*\}/g, '[^/?]+');
  return new RegExp(`^${escaped}`);
}

/** Runs `args` against a server that answers every request with `status` and `body`, byte for byte. */
async function against(args: readonly string[], status: number, body: string): Promise<RunResult & { requests: RecordedRequest[] }> {
  const sb = await startSandbox({
    keys: { valid: [CANARY_KEY] },
    intercept: () => ({ status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body }),
  });
  try {
    const r = await runCli(args, { env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY, GPUMKT_TODAY: '2026-11-20' } });
    return { ...r, requests: [...sb.requests] };
  } finally {
    await sb.close();
  }
}

describe('the fixtures are the documented examples', () => {
  it('every file of the folder is in the index, each parses as JSON, and every 200 example has a command', () => {
    const files = EXAMPLES.map((e) => e.file).sort();
    expect(files.length).toBeGreaterThanOrEqual(21);
    for (const e of EXAMPLES) {
      expect(() => JSON.parse(text(e.file)) as unknown, e.file).not.toThrow();
      expect(e.source, e.file).toMatch(/^https:\/\/data\.ornn\.com\/docs\//);
      if (e.kind !== 'error') expect(COMMANDS[e.file], e.file).toBeDefined();
    }
  });
});

describe.each(EXAMPLES.filter((e) => e.kind !== 'error'))('$page, $section ($file)', (e) => {
  const args = COMMANDS[e.file] as readonly string[];
  // A row the page shows on its own is served as the one row of a body.
  const body = e.kind === 'row' ? `{"success":true,"data":[${text(e.file)}]}` : text(e.file);
  const example = JSON.parse(text(e.file)) as Record<string, unknown>;

  it('is read with no warning and rendered as csv, on the documented route', async () => {
    const r = await against([...args, '-f', 'csv'], 200, body);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/warning|error/);
    if (e.route !== undefined) expect((r.requests[0] as RecordedRequest).path).toMatch(routePattern(e.route));
    const lines = r.stdout.trim().split('\n');
    expect(lines.length, r.stdout).toBeGreaterThan(1);
    // Every value of the example's rows shows in the csv (numbers as the JSON wrote them, or their value).
    const data = e.kind === 'row' ? [example] : Array.isArray(example.data) ? example.data : [example.data ?? example];
    const first = (data as Record<string, unknown>[])[0] ?? {};
    for (const v of Object.values(first)) if (typeof v === 'string' && v !== '') expect(r.stdout).toContain(v);
  });

  it('is written as Parquet with the same rows', async () => {
    const file = join(makeTempDir('docs-example'), 'out.parquet');
    const r = await against([...args, '-o', file], 200, body);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/warning|error/);
    const csv = await against([...args, '-f', 'csv'], 200, body);
    const back = await reader.read(file);
    expect(back.rows.length).toBe(csv.stdout.trim().split('\n').length - 1);
  });
});

describe.each(EXAMPLES.filter((e) => e.kind === 'error'))('$page, $section ($file)', (e) => {
  const args = ERROR_COMMANDS[e.file] ?? ['latest', 'h100'];
  const said = JSON.parse(text(e.file)) as { message?: string; error?: string };

  it(`HTTP ${e.status}: exit ${EXIT_OF_STATUS[e.status]} with one line quoting the service`, async () => {
    const r = await against([...args, '-f', 'csv'], e.status, text(e.file));
    expect(r.code, r.stderr).toBe(EXIT_OF_STATUS[e.status]);
    expect(r.stdout).toBe('');
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('gpumkt: error:'));
    expect(errors, r.stderr).toHaveLength(1);
    expect(errors[0]).toContain((said.message ?? said.error) as string);
    expect(r.requests).toHaveLength(1);
  });
});
