/** -o does what README says (the extension picks the format, '-' is stdout), and --columns keeps the model with several models. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli, type RunOptions } from '../helpers/cli.js';
import { pythonCsv, runOn, workDir } from './cron-helpers.js';
import { knownExtensions } from '../../src/run/output-plan.js';

const DAY = '2026-11-20';
const hist = ['history', 'h100', '--granularity', 'daily', '--from', '2026-11-15', '--to', '2026-11-19'];

async function run(args: string[], opts: RunOptions = {}) {
  const sb = await startSandbox({ today: DAY, keys: { valid: [CANARY_KEY] } });
  try {
    const r = await runCli(args, { ...opts, env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY, GPUMKT_TODAY: DAY, ...opts.env } });
    return { ...r, requests: sb.requests.length };
  } finally {
    await sb.close();
  }
}

describe('-o and the format', () => {
  it("-o - writes to stdout and creates no file named '-'", async () => {
    const dir = workDir();
    const r = await run([...hist, '-o', '-'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('timestamp,index_value');
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(6);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a known extension picks its format: .tsv reads back as TSV, .txt is the table view', async () => {
    const dir = workDir();
    const tsv = join(dir, 'h.tsv');
    expect((await run([...hist, '-o', tsv])).code).toBe(0);
    const rows = pythonCsv(tsv, '\t');
    expect(rows[0]).toEqual(['timestamp', 'index_value']);
    expect(rows).toHaveLength(6);
    const txt = join(dir, 'h.txt');
    expect((await run([...hist, '-o', txt])).code).toBe(0);
    expect(readFileSync(txt, 'utf8')).toMatch(/^timestamp +index_value/);
  });

  it.each([
    ['h.xlsx', '.xlsx'],
    ['h', 'no extension'],
  ])('-o %s without -f exits 2 before any request, naming the known extensions', async (name, what) => {
    const dir = workDir();
    const r = await run([...hist, '-o', join(dir, name)]);
    expect(r.code).toBe(2);
    expect(r.requests).toBe(0);
    expect(r.stderr).toContain(what);
    // The list comes from the format registry (a new format's extension joins it).
    expect(knownExtensions()).toEqual(
      expect.arrayContaining(['.txt', '.csv', '.tsv', '.tab', '.json', '.ndjson', '.jsonl', '.md', '.markdown']),
    );
    expect(r.stderr).toContain(`known extensions: ${knownExtensions().join(', ')}`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('-f names the format for an unknown extension; a known extension of another format is refused', async () => {
    const dir = workDir();
    const dat = join(dir, 'h.dat');
    expect((await run([...hist, '-f', 'csv', '-o', dat])).code).toBe(0);
    expect(pythonCsv(dat)[0]).toEqual(['timestamp', 'index_value']);
    const csv = join(dir, 'h.csv');
    const r = await run([...hist, '-f', 'json', '-o', csv]);
    expect(r.code).toBe(2);
    expect(r.requests).toBe(0);
    expect(r.stderr).toMatch(/-f json would write json into .*h\.csv, a \.csv \(csv\) file/);
    expect(existsSync(csv)).toBe(false);
  });
});

describe('--columns with several models', () => {
  it('keeps gpu first when --columns leaves it out, and where it is placed otherwise', async () => {
    const dir = workDir();
    const file = join(dir, 'two.csv');
    const r = await runOn(DAY, [
      'history',
      'h100',
      'h200',
      '--granularity',
      'daily',
      '--from',
      '2026-11-17',
      '--to',
      '2026-11-19',
      '--columns',
      'timestamp,index_value',
      '-o',
      file,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rows = pythonCsv(file);
    expect(rows[0]).toEqual(['gpu', 'timestamp', 'index_value']);
    expect(rows.slice(1).map((x) => `${x[0]} ${x[1]?.slice(0, 10)}`)).toEqual([
      'H100 SXM 2026-11-17',
      'H200 2026-11-17',
      'H100 SXM 2026-11-18',
      'H200 2026-11-18',
      'H100 SXM 2026-11-19',
      'H200 2026-11-19',
    ]);
    const placed = await runOn(DAY, [
      'util-index',
      '--gpu',
      'h100',
      '--gpu',
      'b200',
      '--from',
      '2026-11-18',
      '--to',
      '2026-11-19',
      '--columns',
      'date,gpu,index',
      '-f',
      'csv',
    ]);
    expect(placed.code, placed.stderr).toBe(0);
    expect(placed.stdout.split('\n')[0]).toBe('date,gpu,index');
    // One model: the column list stays as given.
    const one = await runOn(DAY, [
      'history',
      'h100',
      '--from',
      '2026-11-19',
      '--to',
      '2026-11-19',
      '--granularity',
      'daily',
      '--columns',
      'index_value',
      '-f',
      'csv',
    ]);
    expect(one.stdout.split('\n')[0]).toBe('index_value');
  });

  it('help says so', async () => {
    const r = await runCli(['history', '--help']);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('with several models, gpu is always kept: first unless placed');
  });
});
