/**
 * A partitioned dataset killed between its two renames leaves only `.hist.<pid>.<hex>.old`: the next
 * --append restores it before anything else touches the name, so the history survives whole; a dead
 * run's half-built `.tmp` goes at once; a set-aside `.old` that holds data the folder lacks is never swept.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useParquetReader } from '../helpers/duckdb.js';
import { runOn, workDir } from './cron-helpers.js';

const reader = useParquetReader();
const DAY1 = '2026-11-10';
const DAY2 = '2026-11-20';
const ARGS = ['history', 'h100', 'b200', '--granularity', 'daily', '--from', '2026-06-01', '--partition-by', 'gpu'];
// The nightly job: a short window, which --append widens back to the folder's last day.
const NIGHTLY = ['history', 'h100', 'b200', '--granularity', 'daily', '--from', '2026-11-18', '--partition-by', 'gpu'];
const deadPid = (): number =>
  Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
const read = async (d: string) => (await reader.read(`${d}/**/*.parquet`, { hive: true, orderBy: 'timestamp, gpu' })).rows;

describe('a partitioned --append killed between its two renames', () => {
  it('the next --append restores the set-aside history first: the result equals one full export', async () => {
    const dir = workDir();
    const hist = join(dir, 'hist');
    expect((await runOn(DAY1, [...ARGS, '--append', hist])).code).toBe(0);
    // The crash: hist set aside as .old, the new folder half built as .tmp, no hist at all.
    const pid = deadPid();
    renameSync(hist, join(dir, `.hist.${pid}.0123456789ab.old`));
    mkdirSync(join(dir, `.hist.${pid}.0123456789ab.tmp`));
    writeFileSync(join(dir, `.hist.${pid}.0123456789ab.tmp`, 'half'), 'x');
    const r = await runOn(DAY2, [...NIGHTLY, '--append', hist]);
    expect(r.code, r.stderr).toBe(0);
    const full = join(dir, 'full');
    expect((await runOn(DAY2, [...ARGS, '-o', full])).code).toBe(0);
    expect(await read(hist)).toEqual(await read(full));
    // Nothing left: the .old became hist again, the dead run's .tmp went at once.
    expect(readdirSync(dir).filter((n) => n.startsWith('.hist'))).toEqual([]);
  });

  it('-o to the folder restores it too before checking it, and a set-aside copy holding data hist lacks is kept', async () => {
    const dir = workDir();
    const hist = join(dir, 'hist');
    expect((await runOn(DAY1, [...ARGS, '-o', hist])).code).toBe(0);
    const old = join(dir, `.hist.${deadPid()}.0123456789ab.old`);
    cpSync(hist, old, { recursive: true });
    // A folder made after the crash by some other means, without the b200 partition: the .old is the only copy of it.
    rmSync(join(hist, 'gpu=B200'), { recursive: true });
    const r = await runOn(DAY2, ['history', 'h100', '--granularity', 'daily', '--from', '2026-11-01', '--partition-by', 'gpu', '-o', hist]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(old)).toBe(true);
    expect(existsSync(join(old, 'gpu=B200', 'part-0.parquet'))).toBe(true);
  });
});
