/** --append as a nightly cron job would run it: successive days, overlaps, restated rows, refusals. */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needs } from '../helpers/requires.js';
import type { Program } from '../helpers/programs.js';
import { expectAppendEqualsFullExport } from '../helpers/append-equals.js';
import { mlrRecords, pythonCsv, runOn, workDir } from './cron-helpers.js';

const DAYS = ['2026-10-01', '2026-10-15', '2026-11-20'] as const;
const LAST = DAYS[2];

describe('--append over successive days', () => {
  it(
    'three util-index runs (every model) add up to exactly one full export: no duplicates, header once',
    needs('python3', 'mlr'),
    async () => {
      const dir = workDir();
      const file = join(dir, 'util.csv');
      const args = ['util-index', '--gpu', 'all', '--from', '2026-09-01'];
      await expectAppendEqualsFullExport({ run: runOn, days: DAYS, args, file, full: join(dir, 'full.csv'), grows: true });

      const rows = pythonCsv(file);
      const header = rows[0] as string[];
      expect(header.slice(0, 3)).toEqual(['gpu', 'date', 'occupancy']);
      expect(rows.filter((r) => r[0] === 'gpu')).toHaveLength(1);
      const keys = rows.slice(1).map((r) => `${r[1]} ${r[0]}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(
        rows
          .slice(1)
          .map((r) => r[1])
          .sort(),
      ).toEqual(rows.slice(1).map((r) => r[1]));
      expect(rows.at(-1)?.[1]).toBe(LAST);
      // Every row after the very first day is decomposed against a previous day, appended ones included.
      const basis = header.indexOf('decompositionBasis');
      expect(rows.slice(1).filter((r) => r[1] !== '2026-09-01' && r[basis] === 'no_prior_day')).toEqual([]);
      const viaMlr = mlrRecords(file);
      expect(viaMlr).toHaveLength(rows.length - 1);
      expect(viaMlr.at(-1)?.date).toBe(LAST);
    },
  );

  // Each file is read back by a different reader, so each case needs its own program.
  const hourly: readonly (readonly [string, readonly string[], readonly Program[]])[] = [
    ['h.tsv', [], ['mlr']],
    ['h.ndjson', [], []],
    ['h-excel.csv', ['--csv-dialect', 'excel'], ['python3']],
  ];
  for (const [name, extra, programs] of hourly)
    it(`hourly history of two models into ${name}: appends equal the full export`, needs(...programs), async () => {
      const dir = workDir();
      const file = join(dir, name);
      const args = ['history', 'h100', 'a100', '--granularity', 'hourly', '--from', '2026-09-28', ...extra];
      // Byte for byte (the excel dialect's BOM and CRLF included).
      await expectAppendEqualsFullExport({
        run: runOn,
        days: DAYS,
        args,
        file,
        full: join(dir, `full-${name}`),
        read: (f) => readFileSync(f),
      });
      if (name.endsWith('.tsv')) {
        const tsv = mlrRecords(file, '--itsv');
        expect(new Set(tsv.map((r) => `${r.timestamp} ${r.gpu}`)).size).toBe(tsv.length);
        expect(String(tsv.at(-1)?.timestamp).slice(0, 10)).toBe(LAST);
      } else if (name.endsWith('.ndjson')) {
        const rows = readFileSync(file, 'utf8')
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as { timestamp: string; gpu: string });
        expect(new Set(rows.map((r) => `${r.timestamp} ${r.gpu}`)).size).toBe(rows.length);
        expect(rows.at(-1)?.timestamp.slice(0, 10)).toBe(LAST);
      } else {
        const bytes = readFileSync(file);
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        expect(bytes.indexOf(Buffer.from([0xef, 0xbb, 0xbf]), 1)).toBe(-1);
        expect(bytes.toString('utf8').replace(/\r\n/g, '').includes('\n')).toBe(false);
        const rows = pythonCsv(file);
        expect(rows.filter((r) => r[0] === 'gpu')).toHaveLength(1);
        expect(new Set(rows.map((r) => `${r[1]} ${r[0]}`)).size).toBe(rows.length);
      }
    });

  it(
    'a missing file is a full export of the window; nothing new leaves the file untouched (exit 0, or 9 with --fail-empty)',
    needs('python3'),
    async () => {
      const dir = workDir();
      const file = join(dir, 'u.csv');
      const first = await runOn(LAST, ['util-index', '--append', file]);
      expect(first.code, first.stderr).toBe(0);
      expect(pythonCsv(file).length).toBeGreaterThan(20);
      const before = readFileSync(file);
      const mtime = statSync(file).mtimeMs;
      const again = await runOn(LAST, ['util-index', '--append', file]);
      expect(again.code).toBe(0);
      expect(again.stderr).toMatch(/no new rows after 2026-11-20; .*u\.csv left unchanged/);
      const empty = await runOn(LAST, ['util-index', '--append', file, '--fail-empty']);
      expect(empty.code).toBe(9);
      expect(empty.stderr).toMatch(/^gpumkt: error: no new rows/m);
      expect(readFileSync(file).equals(before)).toBe(true);
      expect(statSync(file).mtimeMs).toBe(mtime);
    },
  );

  it('reports restated rows, keeps them by default, and replaces them with --replace-restated', async () => {
    const dir = workDir();
    const file = join(dir, 'u.csv');
    const args = ['util-index', '--from', '2026-10-01'];
    expect((await runOn('2026-10-20', [...args, '--append', file])).code).toBe(0);
    // Pretend the service published different numbers for an already-exported day.
    const lines = readFileSync(file, 'utf8').split('\n');
    const i = lines.length - 3;
    const cells = (lines[i] as string).split(',');
    cells[1] = '0.123456';
    lines[i] = cells.join(',');
    const edited = lines.join('\n');
    writeFileSync(file, edited);
    const kept = await runOn('2026-10-25', [...args, '--append', file]);
    expect(kept.code).toBe(0);
    expect(kept.stderr).toContain(`1 row in ${file} came back with different values (restated): ${cells[0]}; kept as they were`);
    expect(readFileSync(file, 'utf8').startsWith(edited)).toBe(true);
    const replaced = await runOn('2026-10-25', [...args, '--append', file, '--replace-restated']);
    expect(replaced.code).toBe(0);
    expect(replaced.stderr).toContain('; replaced');
    const full = join(dir, 'full.csv');
    expect((await runOn('2026-10-25', [...args, '-o', full])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(full, 'utf8'));
  });

  it('refuses, with exit 2 and the file untouched, a file whose header or dialect differs, and memory', async () => {
    const dir = workDir();
    const file = join(dir, 'h.csv');
    expect((await runOn(LAST, ['history', 'h100', '--granularity', 'daily', '--append', file])).code).toBe(0);
    const before = readFileSync(file);
    const cols = await runOn(LAST, ['history', 'h100', '--granularity', 'daily', '--append', file, '--columns', 'timestamp']);
    expect(cols.code).toBe(2);
    expect(cols.stderr).toContain('has the columns timestamp,index_value; this run would write timestamp');
    const multi = await runOn(LAST, ['history', 'h100', 'a100', '--granularity', 'daily', '--append', file]);
    expect(multi.code).toBe(2);
    const dialect = await runOn(LAST, ['history', 'h100', '--granularity', 'daily', '--append', file, '--csv-dialect', 'excel']);
    expect(dialect.code).toBe(2);
    expect(dialect.stderr).toContain('is rfc4180 csv');
    const auto = await runOn(LAST, ['history', 'h100', '--append', file]);
    expect(auto.code).toBe(2);
    expect(auto.stderr).toContain('--append needs --granularity daily or hourly');
    const mem = await runOn(LAST, ['memory', '--append', join(dir, 'm.csv')]);
    expect(mem.code).toBe(2);
    expect(mem.stderr).toContain('memory is a snapshot');
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
