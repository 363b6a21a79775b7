/**
 * A lake that heals (docs/sync.md, "When the lake is damaged"): a damaged file fails its own dataset
 * and names the file, the others go on; deleted data is fetched again; the lake's small wounds (a full
 * disk, leftovers of a killed run, a stray copy, a clock that went back) are said and mended, never an
 * internal error.
 */
import { closeSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp.js';
import { readState, syncAt } from './sync-helpers.js';

const NOW = '2026-11-20T12:00:00Z';
const NEXT = '2026-11-21T12:00:00Z';
const ARGS = ['--datasets', 'history,volume,latest', '--from', '2026-10-01'] as const;

/** Overwrites 8 bytes in the middle of `file` (a disk's bit rot, a bad copy). */
function corrupt(file: string, at: number): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(8, 0xff), 0, 8, at);
  } finally {
    closeSync(fd);
  }
}

describe('a damaged Parquet file fails its own dataset, naming the file', () => {
  // At 20 bytes a page header (its thrift will not decode), at 60 a page's compressed data.
  it.each([20, 60])(
    '8 bytes overwritten at %i: the other datasets sync, exit 10, never an internal error',
    async (at) => {
      const lake = join(makeTempDir('heal'), 'lake');
      expect((await syncAt(NOW, ['sync', lake, ...ARGS])).code).toBe(0);
      const file = join(lake, 'volume', 'gpu=B200', 'part-0.parquet');
      corrupt(file, at);
      const r = await syncAt(NEXT, ['sync', lake, ...ARGS]);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.stderr).toContain(`${file} is not a readable Parquet file`);
      expect(r.code, r.stderr).toBe(10);
      const st = readState(lake);
      expect(st.datasets.volume?.status).toBe('failed');
      expect(st.datasets.history?.status).toBe('ok');
      expect(st.datasets.history?.to).toBe('2026-11-21');
      expect(st.datasets.latest?.status).toBe('ok');
    },
    120_000,
  );
});

describe('deleted data is fetched again', () => {
  it('a partition removed from a Parquet lake comes back whole, said on stderr', async () => {
    const lake = join(makeTempDir('heal'), 'lake');
    expect((await syncAt(NOW, ['sync', lake, ...ARGS])).code).toBe(0);
    const before = readState(lake).datasets.history?.rows ?? 0;
    rmSync(join(lake, 'history', 'gpu=H200'), { recursive: true });
    const r = await syncAt(NEXT, ['sync', lake, ...ARGS]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^gpumkt: warning: history: holds [\d,]+ rows, [\d,]+ when last synced; fetching it again from 2026-10-01$/m);
    expect(readdirSync(join(lake, 'history'))).toContain('gpu=H200');
    const st = readState(lake).datasets.history;
    // Every model's day of 2026-11-21 added, and H200's days back.
    expect(st?.rows).toBe(before + 6);
    expect(st?.from).toBe('2026-10-01');
  }, 120_000);

  it('10 lines deleted from a CSV lake come back', async () => {
    const lake = join(makeTempDir('heal'), 'lake');
    const args = ['--datasets', 'history', '--from', '2026-10-01', '--format', 'csv'];
    expect((await syncAt(NOW, ['sync', lake, ...args])).code).toBe(0);
    const file = join(lake, 'history', 'part-0.csv');
    const whole = readFileSync(file, 'utf8');
    const lines = whole.split('\n');
    writeFileSync(file, [...lines.slice(0, 20), ...lines.slice(30)].join('\n'));
    const r = await syncAt(NEXT, ['sync', lake, ...args]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/history: holds [\d,]+ rows, [\d,]+ when last synced; fetching it again/);
    const now = readFileSync(file, 'utf8').split('\n');
    for (const line of lines.slice(20, 30)) expect(now).toContain(line);
    expect(readState(lake).datasets.history?.rows).toBe(lines.length - 2 + 6);
  }, 120_000);
});
