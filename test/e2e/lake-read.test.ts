/**
 * `gpumkt lake read` and `gpumkt lake log` in-process, over a lake written by hand (Parquet files with
 * known_from/known_to through the project's Parquet writer, a CSV lake, a lake from before versions),
 * and DuckDB answering docs/point-in-time.md's `WHERE` with the same rows as `lake read --as-of`.
 */
import { cpSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../src/domain/row.js';
import { asOf } from '../../src/lake/versions.js';
import { resolveColumns } from '../../src/output/parquet/types.js';
import { writeParquet } from '../../src/output/parquet/write.js';
import { writeCommit } from '../../src/store/delta-commit.js';
import { fileSink } from '../../src/store/file-sink.js';
import { localStore } from '../../src/store/local.js';
import { parseCsv } from '../helpers/cli.js';
import { sqlString, useParquetReader } from '../helpers/duckdb.js';
import { runMain } from '../helpers/main.js';
import { makeTempDir } from '../helpers/temp.js';

const reader = useParquetReader();
const T1 = '2026-11-17T18:00:00.000Z';
const T2 = '2026-11-18T18:00:00.000Z';
const T3 = '2026-11-19T18:00:00.000Z';
const D17 = '2026-11-17T00:00:00.000Z';
const D18 = '2026-11-18T00:00:00.000Z';

/** The versions the hand-written lake holds (gpu is its partition folder, as sync writes it). */
const VERSIONS: Row[] = [
  // H100's 17th: provisional at T1, settled at T2.
  { timestamp: D17, gpu: 'H100', index_value: 2.1, known_from: T1, known_to: T2 },
  { timestamp: D17, gpu: 'H100', index_value: 2.15, known_from: T2, known_to: null },
  // H100's 18th: provisional at T2, settled at T3.
  { timestamp: D18, gpu: 'H100', index_value: 2.2, known_from: T2, known_to: T3 },
  { timestamp: D18, gpu: 'H100', index_value: 2.25, known_from: T3, known_to: null },
  { timestamp: D18, gpu: 'A100 SXM4', index_value: 1.5, known_from: T2, known_to: null },
];

async function writeFile(file: string, rows: Row[]): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const columns = resolveColumns(Object.keys(rows[0] as Row), rows, {
    timestamp: 'timestamp',
    index_value: 'double',
    known_from: 'timestamp',
    known_to: 'timestamp',
  });
  await writeParquet(rows, await fileSink(file), { columns, request: {} });
}

/**
 * Writes `rows` as a table as sync writes it: a hive folder by gpu, two files for H100 (as two commits
 * would), and the commit log naming them; beside them a temporary file, which is not data.
 */
async function writeLake(lake: string, rows: Row[]): Promise<void> {
  const byGpu = (g: string) => rows.filter((r) => r.gpu === g).map(({ gpu: _g, ...rest }) => rest);
  const h100 = byGpu('H100');
  const table = path.join(lake, 'history');
  const files: Array<[string, string, Row[]]> = [
    ['gpu=H100/part-00000-0a1b2c3d.parquet', 'H100', h100.slice(0, 2)],
    ['gpu=H100/part-00001-4e5f6a7b.parquet', 'H100', h100.slice(2)],
    ['gpu=A100 SXM4/part-00001-8c9d0e1f.parquet', 'A100 SXM4', byGpu('A100 SXM4')],
  ];
  for (const [rel, , part] of files) await writeFile(path.join(table, rel), part);
  await writeCommit(localStore(lake), 'history', {
    version: 0,
    create: {
      id: '00000000-0000-4000-8000-000000000000',
      columns: [
        { name: 'timestamp', type: 'timestamp' },
        { name: 'index_value', type: 'double' },
        { name: 'known_from', type: 'timestamp' },
        { name: 'known_to', type: 'timestamp' },
        { name: 'gpu', type: 'string' },
      ],
      partitionColumns: ['gpu'],
      createdTime: 0,
    },
    add: files.map(([rel, gpu]) => ({
      relPath: rel,
      partitionValues: { gpu },
      size: statSync(path.join(table, rel)).size,
      modificationTime: 0,
    })),
    remove: [],
    timestamp: 0,
    operation: 'WRITE',
  });
  writeFileSync(path.join(table, 'gpu=H100', '.part-00002-aaaaaaaa.parquet.123.0123456789ab.tmp'), 'half a file');
}

/** The rows of a -f json run, with the columns a comparison needs. */
function picked(stdout: string): Array<[string, string, number, string, string | null]> {
  return (JSON.parse(stdout) as Row[]).map((r) => [
    r.timestamp as string,
    r.gpu as string,
    r.index_value as number,
    r.known_from as string,
    (r.known_to as string | null) ?? null,
  ]);
}
const expected = (rows: Row[]) =>
  rows
    .map((r) => [r.timestamp, r.gpu, r.index_value, r.known_from, r.known_to] as [string, string, number, string, string | null])
    .sort((a, b) => (a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));

let lake: string;
beforeAll(async () => {
  lake = path.join(makeTempDir('lake-read'), 'lake');
  await writeLake(lake, VERSIONS);
});

describe('gpumkt lake read', () => {
  it('prints the current rows without --as-of', async () => {
    const r = await runMain(['lake', 'read', lake, 'history', '-f', 'json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(picked(r.stdout)).toEqual(expected(VERSIONS.filter((v) => v.known_to === null)));
  });

  it('reads the files its commit log lists, never a file beside them (one a commit removed)', async () => {
    const copy = path.join(makeTempDir('lake-read-stray'), 'lake');
    cpSync(lake, copy, { recursive: true });
    await writeFile(path.join(copy, 'history', 'gpu=H100', 'part-00000-deadbeef.parquet'), [
      { timestamp: D17, index_value: 99, known_from: T1, known_to: null },
    ]);
    const r = await runMain(['lake', 'read', copy, 'history', '-f', 'json']);
    expect(r.code).toBe(0);
    expect(picked(r.stdout)).toEqual(expected(VERSIONS.filter((v) => v.known_to === null)));
  });

  it('--as-of at every time around each sync equals the versions known then', async () => {
    const times = [
      '2026-11-17T17:59:59.999Z',
      T1,
      '2026-11-18T17:59:59.999Z',
      T2,
      '2026-11-18T23:59:59.999Z',
      T3,
      '2026-11-20T12:00:00.000Z',
    ];
    for (const t of times) {
      const r = await runMain(['lake', 'read', lake, 'history', '--as-of', t, '-f', 'json']);
      expect(r.code, t).toBe(0);
      expect(picked(r.stdout), t).toEqual(expected(asOf(VERSIONS, t)));
    }
    // The hand-picked answers the versions above stand for: the provisional 17th, then the settled one.
    const at = async (t: string) => picked((await runMain(['lake', 'read', lake, 'history', '--as-of', t, '-f', 'json'])).stdout);
    expect((await at(T1)).map((x) => x[2])).toEqual([2.1]);
    expect((await at('2026-11-18')).map((x) => x[2])).toEqual([2.15, 1.5, 2.2]);
    expect((await at('2026-11-19T19:00:00+01:00')).map((x) => x[2])).toEqual([2.15, 1.5, 2.25]);
  });

  it('relative --as-of counts from knowledge time (GPUMKT_KNOWLEDGE_TIME), never from GPUMKT_TODAY', async () => {
    // runMain pins GPUMKT_TODAY to 2026-11-20: the data's day, which knowledge time ignores.
    const env = { GPUMKT_KNOWLEDGE_TIME: '2026-11-18T20:00:00Z' };
    const today = await runMain(['lake', 'read', lake, 'history', '--as-of', 'today', '-f', 'json'], env);
    expect(picked(today.stdout).map((x) => x[2])).toEqual([2.15, 1.5, 2.2]);
    const now = await runMain(['lake', 'read', lake, 'history', '--as-of', 'now', '-f', 'json'], env);
    expect(picked(now.stdout).map((x) => x[2])).toEqual([2.15, 1.5, 2.2]);
    const yesterday = await runMain(['lake', 'read', lake, 'history', '--as-of', 'yesterday', '-f', 'json'], env);
    expect(picked(yesterday.stdout).map((x) => x[2])).toEqual([2.1]);
    const bad = await runMain(['lake', 'read', lake, 'history', '--as-of', 'now'], { GPUMKT_KNOWLEDGE_TIME: '2026-11-18' });
    expect([bad.code, bad.stdout]).toEqual([2, '']);
    expect(bad.stderr).toMatch(/^gpumkt: error: GPUMKT_KNOWLEDGE_TIME must be an ISO time with a zone/);
  });

  it('before the first version: no rows, and one line saying when the lake starts', async () => {
    const r = await runMain(['lake', 'read', lake, 'history', '--as-of', '2026-11-16', '-f', 'csv']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('timestamp,index_value,gpu,known_from,known_to\n');
    expect(r.stderr).toBe(
      `gpumkt: warning: the lake's first versions of history were received at ${T1}: nothing it holds was known at 2026-11-16T23:59:59.999Z\n`,
    );
  });

  it('--vintage first gives each row its first published value, also as of a time', async () => {
    const r = await runMain(['lake', 'read', lake, 'history', '--vintage', 'first', '-f', 'json']);
    expect(picked(r.stdout).map((x) => x[2])).toEqual([2.1, 1.5, 2.2]);
    const early = await runMain(['lake', 'read', lake, 'history', '--vintage', 'first', '--as-of', T1, '-f', 'json']);
    expect(picked(early.stdout).map((x) => x[2])).toEqual([2.1]);
  });

  it('prints through the usual flags: -f csv, --columns, -o', async () => {
    const r = await runMain(['lake', 'read', lake, 'history', '--as-of', T2, '-f', 'csv', '--columns', 'gpu,index_value']);
    expect(parseCsv(r.stdout)).toEqual([
      ['gpu', 'index_value'],
      ['H100', '2.15'],
      ['A100 SXM4', '1.5'],
      ['H100', '2.2'],
    ]);
    const out = path.join(path.dirname(lake), 'as-of.parquet');
    const w = await runMain(['lake', 'read', lake, 'history', '--as-of', T2, '-o', out]);
    expect(w.code).toBe(0);
    expect((await reader.read(out)).rows.map((x) => x.index_value)).toEqual([2.15, 1.5, 2.2]);
  });

  it('bad input is one line and exit 2, before anything is read', async () => {
    for (const [args, message] of [
      [['--as-of', 'soon'], /^gpumkt: error: invalid --as-of 'soon': use a date/],
      [['--vintage', 'middle'], /--vintage/],
    ] as const) {
      const r = await runMain(['lake', 'read', lake, 'history', ...args]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
    }
    const unknown = await runMain(['lake', 'read', lake, 'histroy']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown dataset 'histroy'; did you mean 'history'\?/);
    const missing = await runMain(['lake', 'read', lake, 'coding']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/holds no rows of coding/);
  });

  it('a lake synced before versions: its rows are shown as current, with one line saying so', async () => {
    const old = path.join(makeTempDir('lake-old'), 'lake');
    const rows = VERSIONS.filter((v) => v.known_to === null).map(({ known_from: _f, known_to: _t, ...rest }) => rest);
    mkdirSync(path.join(old, 'history', 'gpu=H100'), { recursive: true });
    await writeFile(
      path.join(old, 'history', 'gpu=H100', 'part-0.parquet'),
      rows.filter((r) => r.gpu === 'H100').map(({ gpu: _g, ...rest }) => rest),
    );
    const r = await runMain(['lake', 'read', old, 'history', '--as-of', T1, '-f', 'csv', '--columns', 'timestamp,gpu,index_value']);
    expect(r.code).toBe(0);
    expect(parseCsv(r.stdout).slice(1)).toEqual([
      [D17, 'H100', '2.15'],
      [D18, 'H100', '2.25'],
    ]);
    expect(r.stderr).toBe(
      'gpumkt: warning: 2 rows of history carry no known_from (synced before the lake kept versions): shown as current; since when this lake keeps versions is unknown\n',
    );
  });

  it('reads a CSV lake, whose empty known_to is current', async () => {
    const csv = path.join(makeTempDir('lake-csv'), 'lake');
    mkdirSync(path.join(csv, 'coding'), { recursive: true });
    writeFileSync(
      path.join(csv, 'coding', 'part-0.csv'),
      [
        'date,product,value,known_from,known_to',
        `2026-11-17,cc-merge,40,${T1},${T2}`,
        `2026-11-17,cc-merge,52,${T2},`,
        `2026-11-18,cc-merge,38,${T2},`,
        '',
      ].join('\n'),
    );
    const r = await runMain(['lake', 'read', csv, 'coding', '--as-of', T1, '-f', 'csv']);
    expect(r.stdout).toBe(`date,product,value,known_from,known_to\n2026-11-17,cc-merge,40,${T1},${T2}\n`);
    // Its numbers come back as the dataset declares them.
    const json = await runMain(['lake', 'read', csv, 'coding', '-f', 'json', '--columns', 'date,value']);
    expect(JSON.parse(json.stdout)).toEqual([
      { date: '2026-11-17', value: 52 },
      { date: '2026-11-18', value: 38 },
    ]);
    const now = await runMain(['lake', 'read', csv, 'coding', '-f', 'csv', '--columns', 'date,value']);
    expect(now.stdout).toBe('date,value\n2026-11-17,52\n2026-11-18,38\n');
    const log = await runMain(['lake', 'log', csv, 'coding', '--revised', '-f', 'csv']);
    expect(log.stdout).toBe(
      `date,product,value,known_from,known_to,version,change\n2026-11-17,cc-merge,40,${T1},${T2},1,\n2026-11-17,cc-merge,52,${T2},,2,12\n`,
    );
  });
});

describe('gpumkt lake log', () => {
  it('lists every version of the rows asked for, with its interval, number and change', async () => {
    const r = await runMain(['lake', 'log', lake, 'history', '--key', 'H100', '-f', 'csv']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'timestamp,gpu,index_value,known_from,known_to,version,change',
        `${D17},H100,2.1,${T1},${T2},1,`,
        `${D17},H100,2.15,${T2},,2,0.05`,
        `${D18},H100,2.2,${T2},${T3},1,`,
        `${D18},H100,2.25,${T3},,2,0.05`,
        '',
      ].join('\n'),
    );
  });

  it('--key on a day and a model together, --from/--to, --revised', async () => {
    const both = await runMain([
      'lake',
      'log',
      lake,
      'history',
      '--key',
      'H100',
      '--key',
      '2026-11-18',
      '-f',
      'csv',
      '--columns',
      'index_value',
    ]);
    expect(both.stdout).toBe('index_value\n2.2\n2.25\n');
    const window = await runMain([
      'lake',
      'log',
      lake,
      'history',
      '--from',
      '2026-11-18',
      '--to',
      '2026-11-18',
      '-f',
      'csv',
      '--columns',
      'gpu,version',
    ]);
    expect(window.stdout).toBe('gpu,version\nA100 SXM4,1\nH100,1\nH100,2\n');
    const revised = await runMain(['lake', 'log', lake, 'history', '--revised', '--from', '2026-11-18', '-f', 'csv', '--columns', 'gpu']);
    expect(revised.stdout).toBe('gpu\nH100\nH100\n');
    const bad = await runMain(['lake', 'log', lake, 'history', '--from', '2026-11-19', '--to', '2026-11-18']);
    expect([bad.code, bad.stderr]).toEqual([2, 'gpumkt: error: --from 2026-11-19 is after --to 2026-11-18\n']);
  });
});

/** The ```sql blocks of docs/point-in-time.md, pointed at `lake` and at the time `t`. */
function documentedSql(lakeDir: string, t: string): string[] {
  const doc = readFileSync(path.join(import.meta.dirname, '../../docs/point-in-time.md'), 'utf8');
  return [...doc.matchAll(/```sql\n([\s\S]*?)```/g)]
    .map((m) => m[1] as string)
    .filter((q) => q.includes('read_parquet'))
    .map((q) => q.replaceAll("'lake/", `'${lakeDir}/`).replace(/TIMESTAMPTZ '[^']+'/g, `TIMESTAMPTZ '${t}'`));
}

/** A DuckDB instant back in the API's form (milliseconds). */
const ms = (v: unknown): string | null => (v === null ? null : (v as string).replace(/(\.\d{3})\d{3}Z$/, '$1Z'));

describe('the documented queries in DuckDB', () => {
  it('WHERE known_from <= T AND (known_to IS NULL OR known_to > T) answers what lake read --as-of T prints', async () => {
    for (const t of [T1, '2026-11-18T23:59:59.999Z', T3]) {
      const [sql] = documentedSql(lake, t);
      expect(sql).toContain('known_to > TIMESTAMPTZ');
      const duck = (await reader.query(sql as string)).rows.map((r) => [
        ms(r.timestamp),
        r.gpu,
        r.index_value,
        ms(r.known_from),
        ms(r.known_to),
      ]);
      const cli = await runMain(['lake', 'read', lake, 'history', '--as-of', t, '-f', 'json']);
      expect(duck, t).toEqual(expected(JSON.parse(cli.stdout) as Row[]));
      expect(duck.length, t).toBeGreaterThan(0);
    }
  });

  it('the ASOF JOIN gives each trade the index of its day as known when it traded', async () => {
    const trades: Array<[string, string, string, number]> = [
      ['H100', D17, '2026-11-17T19:00:00.000Z', 100],
      ['H100', D17, '2026-11-18T19:00:00.000Z', 101],
      ['H100', D18, '2026-11-18T20:00:00.000Z', 102],
      ['H100', D18, '2026-11-19T20:00:00.000Z', 103],
      // Before its day's first version arrived: no index was known, so no row.
      ['A100 SXM4', D18, '2026-11-18T17:00:00.000Z', 104],
    ];
    const values = trades.map(([g, d, at, p]) => `(${sqlString(g)}, TIMESTAMPTZ ${sqlString(d)}, TIMESTAMPTZ ${sqlString(at)}, ${p})`);
    await reader.query(`CREATE OR REPLACE TEMP TABLE trades AS SELECT * FROM (VALUES ${values.join(', ')}) v(gpu, day, traded_at, price)`);
    const sql = documentedSql(lake, T1).find((q) => q.includes('ASOF JOIN')) as string;
    const duck = (await reader.query(sql)).rows.map((r) => [r.gpu, ms(r.traded_at), r.index_value]);
    const want = trades.flatMap(([g, d, at]) =>
      asOf(VERSIONS, at)
        .filter((v) => v.gpu === g && v.timestamp === d)
        .map((v) => [g, at, v.index_value]),
    );
    expect(duck).toEqual(want);
    expect(duck.map((r) => r[2])).toEqual([2.1, 2.15, 2.2, 2.25]);
  });
});
