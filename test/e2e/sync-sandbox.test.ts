/**
 * `sync --sandbox` is not paced like the service: the built-in sandbox is local and has no limit, so
 * a sync of more than 60 requests (which the service's pacer would hold for a minute) is never held,
 * and a second sync on the same day ends as soon as its work is done. test/e2e/sync-pacer.test.ts
 * keeps the pacing of a served sandbox. A sync ends with its time and a query of the lake that runs.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';
import { useParquetReader } from '../helpers/duckdb.js';

const reader = useParquetReader();

interface Summary {
  exitCode: number;
  requests: number;
  pacedSeconds: number;
}

describe('sync --sandbox', () => {
  it('holds no request for the rate limit, on a first and a same-day second sync, and ends with its time and a query', async () => {
    const lake = join(makeTempDir('sync-sandbox'), 'lake');
    const first = await runCli(['sync', lake, '--sandbox', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const one = JSON.parse(first.stdout) as Summary;
    // More requests than the service allows in a minute, none of them held.
    expect(one.requests).toBeGreaterThan(60);
    expect(one.pacedSeconds).toBe(0);
    const again = await runCli(['sync', lake, '--sandbox', '--json']);
    expect(again.code, again.stderr).toBe(0);
    const two = JSON.parse(again.stdout) as Summary;
    expect(two.requests).toBeGreaterThan(60);
    expect(two.pacedSeconds).toBe(0);
    // The last line: the time it took, and a query of the lake.
    const last = again.stderr.trimEnd().split('\n').at(-1) ?? '';
    const m = /^gpumkt: sync of (.+) done in \d+\.\ds; query it: duckdb -c "(FROM '.+\/history\/\*\*\/\*\.parquet' LIMIT 5)"$/.exec(last);
    expect(m?.[1], last).toBe(lake);
    const rows = await reader.query(m?.[2] ?? '');
    expect(rows.rows).toHaveLength(5);
    expect(rows.columns.map((c) => c.name)).toContain('gpu');
  }, 120_000);
});
