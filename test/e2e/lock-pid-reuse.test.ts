/** A stale lock whose pid now belongs to another process is still detected (the process start time differs). */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processStartTime } from '../../src/store/lock/lock.js';
import { pythonCsv, runOn, workDir } from './cron-helpers.js';

const DAY = '2026-11-20';
const args = (file: string) => ['history', 'h100', '--granularity', 'daily', '--from', '2026-11-10', '--append', file];

describe('lock and pid reuse', () => {
  it('a lock naming a live pid with another start time is taken over; one naming the live holder is not', async () => {
    const dir = workDir();
    const file = join(dir, 'h.csv');
    // A live process that is not the lock's owner: the pid "was reused".
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const pid = other.pid as number;
      const start = processStartTime(pid);
      expect(start, 'this test needs /proc (Linux)').toMatch(/^\d+$/);
      const lock = (procStart: string) =>
        writeFileSync(
          `${file}.lock`,
          `${JSON.stringify({ pid, hostname: hostname(), startedAt: '2026-11-19T03:00:00.000Z', procStart })}\n`,
        );
      lock(String(Number(start) + 1));
      const taken = await runOn(DAY, args(file));
      expect(taken.code, taken.stderr).toBe(0);
      expect(existsSync(`${file}.lock`)).toBe(false);
      const rows = pythonCsv(file);
      expect(rows[0]).toEqual(['timestamp', 'index_value']);
      expect(rows.slice(1).map((r) => r[0]?.slice(0, 10))).toEqual([
        '2026-11-10',
        '2026-11-11',
        '2026-11-12',
        '2026-11-13',
        '2026-11-14',
        '2026-11-15',
        '2026-11-16',
        '2026-11-17',
        '2026-11-18',
        '2026-11-19',
        '2026-11-20',
      ]);

      const before = readFileSync(file);
      lock(start as string);
      const held = await runOn(DAY, args(file));
      expect(held.code).toBe(8);
      expect(held.stderr).toMatch(new RegExp(`locked by another run \\(pid ${pid} `));
      expect(readFileSync(file).equals(before)).toBe(true);
    } finally {
      other.kill();
    }
  });
});
