/**
 * Exports you can trust blind: any sequence of --append runs across days, with provisional and late
 * rows, equals one full export of the file's range made at the last run's instant, byte for byte, and
 * warns about restatement only when a settled row really changed. Files are read back as bytes and
 * with Python's csv module.
 */
import { readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pythonCsv, workDir } from './cron-helpers.js';
import { runCli } from '../helpers/cli.js';
import { expectAppendEqualsFullExport } from '../helpers/append-equals.js';
import { holdingBack, rewriting, runAt } from './append-helpers.js';
import type { SandboxOptions } from '../../src/sandbox/index.js';

/** Appends at each instant, then one full export at the last: the file must equal it. */
async function appendsEqualFull(
  args: readonly string[],
  instants: readonly string[],
  sb: Partial<SandboxOptions> = {},
  extra: readonly string[] = [],
) {
  const dir = workDir();
  const file = join(dir, 'out.csv');
  const full = join(dir, 'full.csv');
  const runs = await expectAppendEqualsFullExport({
    // The appends' file gets each run's instant as its modification time, as a run then would leave it.
    run: (now, a) => runAt(now, a, a.includes('--append') ? { sb, file } : { sb }),
    days: instants,
    args,
    appendArgs: extra,
    file,
    full,
    noRestated: true,
  });
  expect(readFileSync(file).equals(readFileSync(full))).toBe(true);
  return { file, rows: pythonCsv(file), stderr: runs.map((r) => r.stderr) };
}

/** Rows are unique by (time, gpu) and in the order of a full export. */
function checkKeys(rows: string[][], time: string) {
  const header = rows[0] as string[];
  const t = header.indexOf(time);
  const g = header.indexOf('gpu');
  const keys = rows.slice(1).map((r) => `${r[t]} ${g === -1 ? '' : r[g]}`);
  expect(new Set(keys).size).toBe(keys.length);
  const times = rows.slice(1).map((r) => r[t] as string);
  expect([...times].sort()).toEqual(times);
}

const UTIL_DAYS = ['2026-10-21T09:00:00Z', '2026-10-21T23:59:00Z', '2026-10-23T10:36:00Z', '2026-11-02T00:30:00Z'];

describe('util-index appends equal one full export', () => {
  it.each([
    ['aggregate', ['util-index', '--from', '2026-10-20'], {}],
    ['one model', ['util-index', '--gpu', 'h100', '--from', '2026-10-20'], {}],
    ['--gpu all', ['util-index', '--gpu', 'all', '--from', '2026-10-20'], {}],
    [
      'an unpublished base, rebased per response',
      ['util-index', '--gpu', 'b200', '--from', '2026-10-20', '--base-date', '2023-06-01'],
      { rebase: 'per-response' },
    ],
    [
      'an unpublished base, rebased exactly',
      ['util-index', '--gpu', 'b200', '--from', '2026-10-20', '--base-date', '2023-06-01'],
      { rebase: 'exact' },
    ],
  ] as const)('%s', async (_name, args, sb) => {
    const { rows, stderr } = await appendsEqualFull(args, UTIL_DAYS, sb);
    checkKeys(rows, 'date');
    expect(rows.at(-1)?.[rows[0]?.indexOf('date') as number]).toBe('2026-11-01');
    if ((args as readonly string[]).includes('--base-date')) expect(stderr.join('')).toMatch(/not on the requested base 2023-06-01/);
  });

  it('the README example, literally and without -q: no restatement warning, and the file equals the full export', async () => {
    const dir = workDir();
    const util = join(dir, 'util.csv');
    const full = join(dir, 'full.csv');
    const env = { env: { GPUMKT_TODAY: '2026-11-20' } };
    expect((await runCli(['util-index', '--sandbox', '--from', '2026-11-01', '--to', '2026-11-10', '--append', util], env)).code).toBe(0);
    const second = await runCli(['util-index', '--sandbox', '--from', '2026-11-01', '--append', util], env);
    expect(second.code).toBe(0);
    expect(second.stderr).toBe(`gpumkt: appended 10 new rows to ${util} (20 in all)\n`);
    expect((await runCli(['util-index', '--sandbox', '--from', '2026-11-01', '-o', full], env)).code).toBe(0);
    expect(readFileSync(util).equals(readFileSync(full))).toBe(true);
    expect(pythonCsv(util)).toHaveLength(21);
  });

  it("the README example at two instants: no false restatement of the file's first row, with or without --replace-restated", async () => {
    await appendsEqualFull(['util-index', '--from', '2026-11-01'], ['2026-11-02T06:00:00Z', '2026-11-06T06:00:00Z']);
    await appendsEqualFull(['util-index', '--from', '2026-11-01'], ['2026-11-02T06:00:00Z', '2026-11-06T06:00:00Z'], {}, [
      '--replace-restated',
    ]);
  });

  it.each(['per-response', 'exact'] as const)(
    'a long window (over 400 days) on an unpublished base, rebased %s: appends and one request agree',
    async (rebase) => {
      const args = ['util-index', '--gpu', 'h100', '--from', '2025-03-01', '--base-date', '2023-06-01'];
      const { rows } = await appendsEqualFull(args, ['2026-10-10T12:00:00Z', '2026-11-20T12:00:00Z'], { rebase });
      expect(rows.length - 1).toBeGreaterThan(500);
      // Per response, the base falls back to the window's first day (index exactly 100); exactly, to the published day nearest the base date.
      if (rebase === 'per-response') expect(rows[1]?.[(rows[0] as string[]).indexOf('index')]).toBe('100');
    },
  );
});

describe('series appends equal one full export, provisional days included', () => {
  const instants = ['2026-10-29T10:36:00Z', '2026-10-30T08:00:00Z', '2026-10-30T23:30:00Z', '2026-11-02T05:10:00Z'];
  it.each([
    ['history', 'daily', 'timestamp'],
    ['history', 'hourly', 'timestamp'],
    ['volume', 'daily', 'recorded_at'],
    ['volume', 'hourly', 'recorded_at'],
    ['range', 'daily', 'recorded_at'],
    ['range', 'hourly', 'recorded_at'],
  ] as const)('%s %s, two models', async (cmd, grain, time) => {
    const { rows } = await appendsEqualFull([cmd, 'h100', 'h200', '--granularity', grain, '--from', '2026-10-28'], instants);
    checkKeys(rows, time);
    const last = rows.at(-1)?.[(rows[0] as string[]).indexOf(time)] as string;
    // Nothing after the clock: the last run was at 05:10, so 05:00 is the last hour (the day's row for daily).
    expect(last.slice(0, 13)).toBe(grain === 'daily' ? '2026-11-02T00' : '2026-11-02T05');
  });
});

describe('late rows are inserted in order and counted', () => {
  it('history hourly, two models: an hour held back on the first run is inserted where a full export has it', async () => {
    const dir = workDir();
    const file = join(dir, 'h.csv');
    const args = ['history', 'h100', 'h200', '--granularity', 'hourly', '--from', '2026-10-29'];
    const first = '2026-10-30T10:36:00Z';
    const late = (r: Record<string, unknown>, q: { path: string }) => r.timestamp === '2026-10-30T05:00:00.000Z' && q.path.includes('H200');
    expect((await runAt(first, [...args, '--append', file], { file, sb: { intercept: holdingBack(first, late) } })).code).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain('H200,2026-10-30T05:00:00.000Z');
    const second = '2026-10-30T20:00:00Z';
    const r = await runAt(second, [...args, '--append', file, '--manifest'], { file });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/1 late row inserted/);
    expect(r.stderr).not.toMatch(/restated/);
    const manifest = JSON.parse(readFileSync(`${file}.manifest.json`, 'utf8')) as { rows: { late: number; new: number } };
    expect(manifest.rows.late).toBe(1);
    const full = join(dir, 'full.csv');
    expect((await runAt(second, [...args, '-o', full])).code).toBe(0);
    expect(readFileSync(file).equals(readFileSync(full))).toBe(true);
    checkKeys(pythonCsv(file), 'timestamp');
  });

  it('util-index --gpu all: a day published late for one model is inserted in order', async () => {
    const dir = workDir();
    const file = join(dir, 'u.csv');
    const args = ['util-index', '--gpu', 'all', '--from', '2026-10-20'];
    const first = '2026-10-28T12:00:00Z';
    const late = (r: Record<string, unknown>, q: { query: Record<string, string> }) =>
      r.date === '2026-10-25' && q.query.gpuType === 'H200';
    expect((await runAt(first, [...args, '--append', file], { file, sb: { intercept: holdingBack(first, late) } })).code).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain('H200,2026-10-25');
    const second = '2026-10-30T12:00:00Z';
    const r = await runAt(second, [...args, '--append', file], { file });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/1 late row inserted/);
    const full = join(dir, 'full.csv');
    expect((await runAt(second, [...args, '-o', full])).code).toBe(0);
    expect(readFileSync(file).equals(readFileSync(full))).toBe(true);
    checkKeys(pythonCsv(file), 'date');
  });
});

describe('restatement is reported only for rows that were settled when written', () => {
  // util-index re-reads 14 days of overlap, so a settled day before the file's last one comes back too.
  const args = ['util-index', '--from', '2026-10-20'];

  it("a settled row that comes back different is reported (and kept); the file's last day is refreshed silently", async () => {
    const dir = workDir();
    const file = join(dir, 'u.csv');
    expect((await runAt('2026-10-31T01:00:00Z', [...args, '--to', '2026-10-30', '--append', file], { file })).code).toBe(0);
    const second = '2026-11-01T12:00:00Z';
    // 10-29 was settled when written (the file's last day was 10-30); 10-30 comes back different too.
    const edit = (now: string) =>
      rewriting(now, (rows) => rows.map((r) => (/^2026-10-(29|30)/.test(String(r.date)) ? { ...r, index: (r.index as number) + 0.5 } : r)));
    const r = await runAt(second, [...args, '--append', file], { file, sb: { intercept: edit(second) } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/1 row in .*u\.csv came back with different values \(restated\): 2026-10-29; kept as they were/);
    const full = join(dir, 'full.csv');
    expect((await runAt(second, [...args, '-o', full], { sb: { intercept: edit(second) } })).code).toBe(0);
    const got = pythonCsv(file);
    const want = pythonCsv(full);
    // Only the restated 10-29 row (kept as it was, without --replace-restated) differs from a full export.
    expect(got.filter((row, i) => row.join() !== want[i]?.join()).map((row) => row[0])).toEqual(['2026-10-29']);
    expect(got).toHaveLength(want.length);
  });

  it("a day provisional when written is refreshed silently, whatever the file's mtime (a copy, a restore)", async () => {
    const daily = ['history', 'h100', '--granularity', 'daily', '--from', '2026-10-25'];
    const bumpDaily = (now: string) =>
      rewriting(now, (rows) =>
        rows.map((r) => (String(r.timestamp).startsWith('2026-11-01') ? { ...r, index_value: (r.index_value as number) + 0.5 } : r)),
      );
    const dir = workDir();
    const file = join(dir, 'h.csv');
    // Written at noon on 11-01: that day was provisional.
    expect((await runAt('2026-11-01T12:00:00Z', [...daily, '--append', file], { file })).code).toBe(0);
    // Restored from a backup two days later: the file's time says nothing about when its rows were written.
    const later = Date.parse('2026-11-03T09:00:00Z') / 1000;
    utimesSync(file, later, later);
    const second = '2026-11-02T12:00:00Z';
    const r = await runAt(second, [...daily, '--append', file], { file, sb: { intercept: bumpDaily(second) } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/restated/);
    const full = join(dir, 'full.csv');
    expect((await runAt(second, [...daily, '-o', full], { sb: { intercept: bumpDaily(second) } })).code).toBe(0);
    expect(pythonCsv(file)).toEqual(pythonCsv(full));
  });
});
