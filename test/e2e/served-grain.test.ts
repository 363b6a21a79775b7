/**
 * The grain actually served (issue: faithful to the service): a daily-only key asking for hourly rows is
 * served daily, which gpumkt reads and reports; a file keeps the grain it was created with.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pythonCsv, workDir } from './cron-helpers.js';
import { PREMIUM_KEY, runAt } from './append-helpers.js';

const NOW = '2026-11-20T10:36:00Z';
const hourly = ['range', 'h100', '--granularity', 'hourly', '--from', '2026-11-17', '--to', '2026-11-19'];

describe('the grain served', () => {
  it('a premium (sk_prem_) key asking for hourly rows: exit 0, daily rows, one warning naming both grains and the plan', async () => {
    const r = await runAt(NOW, [...hourly, '-f', 'csv'], { key: PREMIUM_KEY });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      "gpumkt: warning: asked for hourly rows (--granularity hourly), the service sent daily rows; the key's plan: premium (daily only) (--strict makes this an error)\n",
    );
    const rows = r.stdout.trimEnd().split('\n');
    expect(rows.slice(1).map((l) => l.split(',')[0])).toEqual([
      '2026-11-17T00:00:00.000Z',
      '2026-11-18T00:00:00.000Z',
      '2026-11-19T00:00:00.000Z',
    ]);
    expect(rows.slice(1).every((l) => l.endsWith(',daily'))).toBe(true);
  });

  it('without --granularity a premium key asks for what its plan serves: daily rows, no warning', async () => {
    for (const cmd of ['history', 'volume', 'range']) {
      const r = await runAt(NOW, [cmd, 'h100', '--from', '2026-11-18', '--to', '2026-11-19', '-f', 'csv'], { key: PREMIUM_KEY });
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(r.requests.map((q) => q.query.granularity)).toEqual(['daily']);
      expect(r.stdout.trimEnd().split('\n')).toHaveLength(3);
    }
  });

  it('auto over a short window is hourly on a full key, so daily rows from a premium key asking auto are reported', async () => {
    const r = await runAt(NOW, ['history', 'h100', '--from', '2026-11-18', '--to', '2026-11-19', '--granularity', 'auto', '-f', 'csv'], {
      key: PREMIUM_KEY,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/asked for hourly rows \(--granularity auto\), the service sent daily rows; the key's plan: premium/);
    const full = await runAt(NOW, ['history', 'h100', '--from', '2026-11-18', '--to', '2026-11-19', '-f', 'csv']);
    expect(full.stderr).toBe('');
    expect(full.stdout.trimEnd().split('\n')).toHaveLength(49);
  });

  it('--strict makes it exit 6 and prints no rows', async () => {
    const r = await runAt(NOW, [...hourly, '-f', 'csv', '--strict'], { key: PREMIUM_KEY });
    expect(r.code).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^gpumkt: error: asked for hourly rows \(--granularity hourly\), the service sent daily rows/);
    expect(r.stderr).not.toContain(PREMIUM_KEY);
  });
});

describe('a file keeps its grain', () => {
  it('a daily file appended with --granularity hourly: exit 2 before any request, the file unchanged, its grain named', async () => {
    const dir = workDir();
    const file = join(dir, 'd.csv');
    const daily = ['history', 'h100', '--granularity', 'daily', '--from', '2026-11-15'];
    expect((await runAt('2026-11-18T12:00:00Z', [...daily, '--append', file], { file })).code).toBe(0);
    const before = readFileSync(file);
    const r = await runAt(NOW, ['history', 'h100', '--granularity', 'hourly', '--from', '2026-11-15', '--append', file], { file });
    expect(r.code).toBe(2);
    expect(r.requests).toHaveLength(0);
    expect(r.stderr).toMatch(/d\.csv holds daily rows; this run asks for hourly rows/);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(
      pythonCsv(file)
        .slice(1)
        .every((row) => row[0]?.endsWith('T00:00:00.000Z')),
    ).toBe(true);
  });

  it('an hourly file appended through a premium key (served daily): exit 2, the file byte for byte unchanged', async () => {
    const dir = workDir();
    const file = join(dir, 'h.csv');
    const args = ['range', 'h100', '--granularity', 'hourly', '--from', '2026-11-17', '--append', file];
    expect((await runAt('2026-11-18T06:30:00Z', args, { file })).code).toBe(0);
    const before = readFileSync(file);
    const r = await runAt(NOW, args, { key: PREMIUM_KEY, file });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/h\.csv holds hourly rows and the service sent daily rows; .*h\.csv left unchanged/);
    expect(readFileSync(file).equals(before)).toBe(true);
    const rows = pythonCsv(file);
    expect(rows.slice(1).some((row) => row[3] === 'daily')).toBe(false);
  });
});
