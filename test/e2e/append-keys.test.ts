/**
 * Appends keyed by the dataset's own key columns: memory history's `id` (one column other than `gpu`)
 * in a Parquet file, which is read back and merged whole, equals one full export across days.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useParquetReader } from '../helpers/duckdb.js';
import { makeTempDir } from '../helpers/temp.js';
import { runOn } from './cron-helpers.js';
import { expectAppendEqualsFullExport } from '../helpers/append-equals.js';

const reader = useParquetReader();

describe("--append keyed by the dataset's key columns", () => {
  it('memory history, three types, Parquet: appends across days equal one full export, nothing taken as restated', async () => {
    const dir = makeTempDir('append-keys');
    const file = join(dir, 'm.parquet');
    const args = ['memory', '--category', 'module', '--from', '2026-11-02'];
    const full = join(dir, 'full.parquet');
    // Rows of three types on one day are three rows, never one row "restated" twice.
    await expectAppendEqualsFullExport({
      run: runOn,
      days: ['2026-11-06', '2026-11-13', '2026-11-20'],
      args,
      file,
      full,
      read: async (f) => (await reader.read(f)).rows,
      noRestated: true,
    });
    const want = (await reader.read(full)).rows;
    expect(new Set(want.map((r) => r.id)).size).toBe(3);
  });
});
