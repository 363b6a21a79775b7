/** --manifest (auditable exports) and --csv-dialect excel (BOM, CRLF, formula guard), read back with python3 and mlr. */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANARY_KEY } from '../helpers/cli.js';
import { needs } from '../helpers/requires.js';
import { mlrRecords, pythonCsv, runOn, workDir } from './cron-helpers.js';

const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

interface Manifest {
  tool: { name: string; version: string };
  command: string[];
  file: { name: string; format: string; dialect: string | null; bytes: number; sha256: string };
  mode: string;
  rows: { total: number; new: number; replaced: number };
  firstKey: string | null;
  lastKey: string | null;
  requests: { method: string; url: string; outcome: unknown }[];
}

const readManifest = (file: string): Manifest => JSON.parse(readFileSync(`${file}.manifest.json`, 'utf8')) as Manifest;

describe('--manifest', () => {
  it(
    'records the command, the requests, the row counts and a sha256 that matches the data file, run after run',
    needs('python3'),
    async () => {
      const dir = workDir();
      const file = join(dir, 'h.csv');
      const args = ['history', 'h100', 'b200', '--granularity', 'daily', '--from', '2026-10-01', '--append', file, '--manifest'];
      expect((await runOn('2026-11-10', args)).code).toBe(0);
      const m1 = readManifest(file);
      expect(m1.file.sha256).toBe(sha256(file));
      expect(m1.file.bytes).toBe(statSync(file).size);
      expect(m1.mode).toBe('append');
      expect(m1.command).toEqual(['gpumkt', ...args]);
      expect(m1.requests.map((r) => [r.method, r.outcome])).toEqual([
        ['GET', 'ok'],
        ['GET', 'ok'],
      ]);
      expect(m1.requests[0]?.url).toMatch(
        /\/api\/gpu\/H100%20SXM\/history-simple\?startDate=2026-10-01&endDate=2026-11-10&granularity=daily&limit=41$/,
      );
      expect(m1.firstKey).toBe('2026-10-01T00:00:00.000Z H100 SXM');
      expect(m1.lastKey).toBe('2026-11-10T00:00:00.000Z B200');

      const r2 = await runOn('2026-11-20', args);
      expect(r2.code).toBe(0);
      const m2 = readManifest(file);
      expect(m2.file.sha256).toBe(sha256(file));
      expect(m2.file.sha256).not.toBe(m1.file.sha256);
      const rows = pythonCsv(file).slice(1);
      expect(m2.rows).toEqual({ total: rows.length, new: rows.length - m1.rows.total, replaced: 0, late: 0 });
      expect(m2.rows.new).toBeGreaterThan(0);
      // The second run asked only from the file's last day on.
      expect(m2.requests[0]?.url).toContain('startDate=2026-11-10&endDate=2026-11-20');
      expect(m2.firstKey).toBe(m1.firstKey);
      expect(m2.lastKey).toBe('2026-11-20T00:00:00.000Z B200');
      expect(readFileSync(`${file}.manifest.json`, 'utf8')).not.toContain(CANARY_KEY);
    },
  );

  it('works with -o too (any format)', async () => {
    const dir = workDir();
    const file = join(dir, 'u.json');
    const ok = await runOn('2026-11-20', ['util-index', '-o', file, '--manifest', '--base-date', '2026-02-01']);
    expect(ok.code, ok.stderr).toBe(0);
    const m = readManifest(file);
    expect(m.mode).toBe('write');
    expect(m.file).toMatchObject({ name: 'u.json', format: 'json', dialect: null, sha256: sha256(file) });
    expect(m.rows.total).toBe((JSON.parse(readFileSync(file, 'utf8')) as unknown[]).length);
  });
});

describe('--csv-dialect excel', () => {
  const intercept = (req: { path: string }) =>
    req.path === '/api/memory-index'
      ? {
          status: 200,
          body: {
            success: true,
            data: [
              {
                id: 'x1',
                memoryType: '=1+1',
                category: 'dram',
                price: 2.5,
                changePct: -1.25,
                weeklyHigh: 3,
                weeklyLow: 2,
                updatedAt: '2026-11-20T06:30:00.000Z',
              },
              {
                id: 'x2',
                memoryType: 'DDR5 "fast", 16Gb',
                category: '@flash',
                price: 1,
                changePct: 0,
                weeklyHigh: 1,
                weeklyLow: 1,
                updatedAt: '2026-11-20T06:30:00.000Z',
              },
            ],
          },
        }
      : undefined;

  it('writes a BOM, CRLF line ends, guards text cells such as =1+1 but not the number -1.25', needs('python3', 'mlr'), async () => {
    const dir = workDir();
    const file = join(dir, 'mem.csv');
    const r = await runOn('2026-11-20', ['memory', '-o', file, '--csv-dialect', 'excel', '--manifest'], { intercept });
    expect(r.code, r.stderr).toBe(0);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.split('\r\n')).toHaveLength(4); // header, two rows, and the empty string after the last CRLF
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text).toContain("\r\nx1,'=1+1,dram,2.5,-1.25,");
    expect(text).toContain(`\r\nx2,"DDR5 ""fast"", 16Gb",'@flash,1,0,`);
    const rows = pythonCsv(file);
    expect(rows[0]?.[0]).toBe('id'); // the BOM is not part of the first column's name
    expect(rows[1]?.slice(0, 5)).toEqual(['x1', "'=1+1", 'dram', '2.5', '-1.25']);
    expect(rows[2]?.[1]).toBe('DDR5 "fast", 16Gb');
    const viaMlr = mlrRecords(file);
    expect(viaMlr[0]?.changePct).toBe(-1.25);
    expect(viaMlr[0]?.memoryType).toBe("'=1+1");
    expect(readManifest(file).file.dialect).toBe('excel');
  });

  it('rfc4180 (the default) has no BOM, LF line ends and leaves cells as received', needs('python3'), async () => {
    const dir = workDir();
    const file = join(dir, 'mem.csv');
    expect((await runOn('2026-11-20', ['memory', '-o', file], { intercept })).code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.charCodeAt(0)).toBe('i'.charCodeAt(0));
    expect(text).not.toContain('\r');
    expect(text).toContain('\nx1,=1+1,dram,2.5,-1.25,');
    expect(pythonCsv(file)[1]?.[1]).toBe('=1+1');
  });
});
