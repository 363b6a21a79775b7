/**
 * A lake that heals (docs/sync.md, "When the lake is damaged"): a damaged file fails its own dataset
 * and names the file, the others go on; deleted data is fetched again; the lake's small wounds (a full
 * disk, leftovers of a killed run, a stray copy, a clock that went back) are said and mended, never an
 * internal error.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
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
