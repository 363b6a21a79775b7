/**
 * --append to Parquet as a nightly cron job runs it: successive days add up to one full export (read
 * back by DuckDB), for one file and for a --partition-by folder; refusals leave the file byte for byte.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoCanaryInFiles } from '../helpers/cli.js';
import { sqlString, useParquetReader } from '../helpers/duckdb.js';
import { runOn, workDir } from './cron-helpers.js';
import { expectAppendEqualsFullExport } from '../helpers/append-equals.js';

const DAYS = ['2026-10-01', '2026-10-15', '2026-11-20'] as const;
const LAST = DAYS[2];
const reader = useParquetReader();
let dir: string;
beforeAll(() => {
  dir = workDir();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--append file.parquet over successive days', () => {
  it.each([
    ['hourly history of two models', ['history', 'h100', 'a100', '--granularity', 'hourly', '--from', '2026-09-28'], 'timestamp, gpu'],
    // Long enough that each append keeps the file's leading row groups as they are (src/output/parquet/keep.ts).
    [
      'hourly history of three models since June (row groups kept)',
      ['history', 'h100', 'a100', 'h200', '--granularity', 'hourly', '--from', '2026-06-01'],
      'timestamp, gpu',
    ],
    [
      'util-index of every model (overlap, window-dependent first row)',
      ['util-index', '--gpu', 'all', '--from', '2026-09-01'],
      'date, gpu',
    ],
  ])('%s: the appended file equals one full export', async (_what, args, order) => {
    const file = join(dir, `${args[0]}-${args.length}.parquet`);
    await expectAppendEqualsFullExport({
      run: runOn,
      days: DAYS,
      args,
      file,
      full: join(dir, `full-${args[0]}-${args.length}.parquet`),
      read: async (f) => {
        const back = await reader.read(f);
        return { columns: back.columns, rows: back.rows };
      },
      grows: true,
    });
    const appended = await reader.read(file);
    // No duplicate keys, oldest first, up to the last day.
    const dup = await reader.query(`SELECT count(*) - count(DISTINCT (${order})) AS d FROM read_parquet(${sqlString(file)})`);
    expect(dup.rows[0]?.d).toBe(0n);
    expect(String(appended.rows.at(-1)?.[args[0] === 'history' ? 'timestamp' : 'date']).slice(0, 10)).toBe(LAST);
    assertNoCanaryInFiles(file);
  });

  it('an empty file is a new one; a second run on the same day finds nothing new and leaves the file byte for byte', async () => {
    const file = join(dir, 'same-day.parquet');
    writeFileSync(file, '');
    const args = ['history', 'h100', '--granularity', 'daily', '--from', '2026-11-01', '--append', file];
    const first = await runOn(LAST, args);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(`wrote 20 rows to ${file}`);
    const before = readFileSync(file);
    const again = await runOn(LAST, args);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/no new rows after 2026-11-20T00:00:00\.000Z; .* left unchanged/);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect((await runOn(LAST, [...args, '--fail-empty'])).code).toBe(9);
  });

  it('--manifest describes the appended file: counts, keys, size and sha256', async () => {
    const file = join(dir, 'manifest.parquet');
    const args = ['history', 'h100', '--granularity', 'daily', '--from', '2026-10-01', '--append', file, '--manifest'];
    expect((await runOn(DAYS[1], args)).code).toBe(0);
    expect((await runOn(LAST, args)).code).toBe(0);
    const manifest = JSON.parse(readFileSync(`${file}.manifest.json`, 'utf8')) as {
      mode: string;
      rows: { total: number; new: number };
      firstKey: string;
      lastKey: string;
      file: { format: string; bytes: number; sha256: string };
    };
    expect(manifest).toMatchObject({
      mode: 'append',
      rows: { total: 51, new: 36 },
      firstKey: '2026-10-01T00:00:00.000Z',
      lastKey: `${LAST}T00:00:00.000Z`,
    });
    expect(manifest.file.format).toBe('parquet');
    expect(manifest.file.bytes).toBe(statSync(file).size);
    expect(manifest.file.sha256).toBe(createHash('sha256').update(readFileSync(file)).digest('hex'));
  });

  it('refuses other columns or a file that is not Parquet (exit 2), leaving the file byte for byte', async () => {
    const file = join(dir, 'cols.parquet');
    expect((await runOn(DAYS[1], ['history', 'h100', '--granularity', 'daily', '--from', '2026-10-01', '--append', file])).code).toBe(0);
    const before = readFileSync(file);
    const other = await runOn(LAST, [
      'history',
      'h100',
      '--granularity',
      'daily',
      '--from',
      '2026-10-01',
      '--columns',
      'timestamp',
      '--append',
      file,
    ]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/has the columns timestamp timestamp, index_value double; this run would write timestamp timestamp/);
    expect(readFileSync(file).equals(before)).toBe(true);

    const csv = join(dir, 'really-csv.parquet');
    writeFileSync(csv, 'timestamp,index_value\n2026-10-01T00:00:00.000Z,2.5\n');
    const notParquet = await runOn(LAST, ['history', 'h100', '--granularity', 'daily', '--append', csv]);
    expect(notParquet.code).toBe(2);
    expect(notParquet.stderr).toMatch(/is not a Parquet file/);
    expect(readFileSync(csv, 'utf8')).toBe('timestamp,index_value\n2026-10-01T00:00:00.000Z,2.5\n');
  });

  it('reports restated rows, keeps them by default, and replaces them with --replace-restated', async () => {
    const file = join(dir, 'restated.parquet');
    const args = ['util-index', '--from', '2026-10-01'];
    expect((await runOn('2026-10-20', [...args, '--append', file])).code).toBe(0);
    // Pretend the service published a different occupancy for an exported day of the overlap: the
    // file is rewritten by DuckDB with that one value changed (gpumkt reads other writers' files too).
    const edited = join(dir, 'restated-edited.parquet');
    await reader.query(
      `COPY (SELECT * REPLACE (CASE WHEN date = DATE '2026-10-18' THEN 0.123456 ELSE occupancy END AS occupancy) FROM read_parquet(${sqlString(file)})) TO ${sqlString(edited)} (FORMAT parquet)`,
    );
    renameSync(edited, file);
    const before = readFileSync(file);
    const kept = await runOn('2026-10-25', [...args, '--append', file]);
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stderr).toContain(`1 row in ${file} came back with different values (restated): 2026-10-18; kept as they were`);
    const afterKept = await reader.query(`SELECT occupancy FROM read_parquet(${sqlString(file)}) WHERE date = DATE '2026-10-18'`);
    expect(afterKept.rows).toEqual([{ occupancy: 0.123456 }]);
    writeFileSync(file, before);
    const replaced = await runOn('2026-10-25', [...args, '--append', file, '--replace-restated']);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stderr).toContain('(restated): 2026-10-18; replaced');
    const full = join(dir, 'restated-full.parquet');
    expect((await runOn('2026-10-25', [...args, '-o', full])).code).toBe(0);
    expect((await reader.read(file)).rows).toEqual((await reader.read(full)).rows);
  });
});

describe('--partition-by gpu with --append over successive days', () => {
  it('the hive folder equals one full partitioned export, and DuckDB reads it as one dataset', async () => {
    const folder = join(dir, 'history-ds');
    const args = ['history', 'h100', 'a100', 'b200', '--granularity', 'hourly', '--from', '2026-09-28', '--partition-by', 'gpu'];
    // Typed with a trailing slash, as in the README: the lock and the temporary copy go next to the folder.
    for (const day of DAYS) {
      const r = await runOn(day, [...args, '--append', `${folder}/`]);
      expect(r.code, r.stderr).toBe(0);
    }
    expect(readdirSync(folder).sort()).toEqual(['gpu=A100 SXM4', 'gpu=B200', 'gpu=H100 SXM']);
    const full = join(dir, 'history-ds-full');
    expect((await runOn(LAST, [...args, '-o', full])).code).toBe(0);
    const read = (d: string) => reader.read(`${d}/**/*.parquet`, { hive: true, orderBy: 'timestamp, gpu' });
    const appended = await read(folder);
    const whole = await read(full);
    expect(appended.rows).toEqual(whole.rows);
    expect(appended.columns.map((c) => `${c.name} ${c.type}`)).toEqual([
      'timestamp TIMESTAMP WITH TIME ZONE',
      'index_value DOUBLE',
      'gpu VARCHAR',
    ]);
    // Each partition file on its own equals its counterpart (rows in the same order).
    for (const part of readdirSync(full)) {
      expect((await reader.read(join(folder, part, 'part-0.parquet'))).rows).toEqual(
        (await reader.read(join(full, part, 'part-0.parquet'))).rows,
      );
    }
    // Nothing left behind next to the folder: no temporary or old copies.
    expect(readdirSync(dir).filter((n) => n.startsWith('.history-ds'))).toEqual([]);
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('refuses to append to a folder partitioned by another column, or a folder without --partition-by', async () => {
    const folder = join(dir, 'by-gpu');
    const args = ['history', 'h100', 'a100', '--granularity', 'daily', '--from', '2026-11-01'];
    expect((await runOn(LAST, [...args, '--partition-by', 'gpu', '--append', folder])).code).toBe(0);
    const other = await runOn(LAST, [...args, '--partition-by', 'timestamp', '--append', folder]);
    expect(other.code, other.stderr).toBe(2);
    expect(other.stderr).toMatch(/partitioned by gpu; this run would partition by timestamp/);
    const none = await runOn(LAST, [...args, '-f', 'parquet', '--append', folder]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/is a folder; give --partition-by <column>/);
  });
});
