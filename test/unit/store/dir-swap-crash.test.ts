/** sweepStaleDirs after a crash mid-swap: restore an `.old` at once, never sweep the only copy, drop dead `.tmp`s at once. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { sweepStaleDirs } from '../../../src/store/dir-swap.js';
import { makeTempDir } from '../../helpers/temp.js';

const deadPid = (): number =>
  Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
let parent: string;
beforeEach(() => {
  parent = makeTempDir('dir-swap');
});

/** A folder with the given files (relative paths), each holding its own name. */
function folder(name: string, files: string[]): string {
  const dir = path.join(parent, name);
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), f);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe('sweepStaleDirs after a crash', () => {
  it('a fresh .old of a dead run is restored at once when the folder is missing', async () => {
    folder(`.hist.${deadPid()}.0123456789ab.old`, ['gpu=H200/part-0.parquet']);
    expect(await sweepStaleDirs(parent, 'hist')).toBe(1);
    expect(readdirSync(parent)).toEqual(['hist']);
    expect(existsSync(path.join(parent, 'hist', 'gpu=H200', 'part-0.parquet'))).toBe(true);
  });

  it("a fresh .tmp of a dead run is removed at once; a live run's is left", async () => {
    folder(`.hist.${deadPid()}.0123456789ab.tmp`, ['half']);
    folder(`.hist.${process.pid}.0123456789ab.tmp`, ['mine']);
    expect(await sweepStaleDirs(parent, 'hist')).toBe(1);
    expect(readdirSync(parent)).toEqual([`.hist.${process.pid}.0123456789ab.tmp`]);
  });

  it('an .old whose files the folder holds too is removed (killed after the second rename)', async () => {
    folder('hist', ['gpu=H200/part-0.parquet', 'gpu=B200/part-0.parquet']);
    folder(`.hist.${deadPid()}.0123456789ab.old`, ['gpu=H200/part-0.parquet']);
    expect(await sweepStaleDirs(parent, 'hist')).toBe(1);
    expect(readdirSync(parent)).toEqual(['hist']);
  });

  it('an .old holding a file the folder lacks is never swept: it may be the only copy', async () => {
    folder('hist', ['gpu=H200/part-0.parquet']);
    const old = folder(`.hist.${deadPid()}.0123456789ab.old`, ['gpu=H200/part-0.parquet', 'gpu=B200/part-0.parquet']);
    expect(await sweepStaleDirs(parent, 'hist')).toBe(0);
    expect(existsSync(path.join(old, 'gpu=B200', 'part-0.parquet'))).toBe(true);
  });
});
