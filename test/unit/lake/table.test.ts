/**
 * The lake's tables (src/lake/): data files written under unique names and committed to a Delta log
 * with stats; read back through the log (gone and untracked files told apart); a commit that lost its
 * version retried at the next, or refused when the winner replaced its files; a legacy folder
 * upgraded by its first commit; a merge that reads only the files reaching its window.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp.js';
import { checkDeltaTable } from '../../helpers/delta-check.js';
import { localStore } from '../../../src/store/local.js';
import type { Store } from '../../../src/store/store.js';
import type { FormatOptions } from '../../../src/output/format-types.js';
import { getFormatter, lineCodec } from '../../../src/output/formats.js';
import { commitTable, writeDataFile, type TableWriter } from '../../../src/lake/commit.js';
import { schemaOf } from '../../../src/lake/schema.js';
import { sweepTable } from '../../../src/lake/sweep.js';
import { readTable, readTableRows } from '../../../src/lake/table.js';
import { writeVersions, type VersionSpec } from '../../../src/lake/series.js';
import { readLineRows } from '../../../src/lake/line-rows.js';
import { OutputError } from '../../../src/errors.js';
import { createTable, days, OPTIONS } from '../../helpers/lake-table.js';

/** The options a sync writes with: the knowledge-time columns last, typed as timestamps. */
const VERSIONED: FormatOptions = {
  ...OPTIONS,
  columns: [...OPTIONS.columns, 'known_from', 'known_to'],
  types: { ...OPTIONS.types, known_from: 'timestamp', known_to: 'timestamp' },
};

/** A versioned write's spec (no window: every file read). */
function spec(now: string, window?: { from: string; to: string }): VersionSpec {
  return {
    target: 'history',
    timeKey: 'timestamp',
    key: (r) => `${String(r.timestamp)} ${String(r.gpu)}`,
    now,
    window,
    splitDays: 0,
    upgradeSince: '2026-10-01T00:00:00.000Z',
    warn: () => undefined,
  };
}

async function writer(store: Store, format = 'parquet', partitionColumns = ['gpu'], options = OPTIONS): Promise<TableWriter> {
  return {
    store,
    table: 'history',
    format,
    formatter: await getFormatter(format),
    options,
    timeKey: 'timestamp',
    partitionColumns,
  };
}

/** A store that records the keys read. */
function recording(store: Store): Store & { reads: string[] } {
  const reads: string[] = [];
  return {
    name: store.name,
    reads,
    list: (p, o) => store.list(p, o),
    read: (k, r) => (reads.push(k), store.read(k, r)),
    put: (k, b) => store.put(k, b),
    putIfAbsent: (k, b) => store.putIfAbsent(k, b),
    delete: (k) => store.delete(k),
  };
}

describe('writing and reading a table', () => {
  it('files under unique names, one commit with stats, read back through the log with the partition column', async () => {
    const store = localStore(makeTempDir('lake'));
    const w = await writer(store);
    const a = await writeDataFile(w, days('H100 SXM', '2026-11-01', 3), { gpu: 'H100 SXM' }, 0);
    const b = await writeDataFile(w, days('A/B', '2026-11-02', 2), { gpu: 'A/B' }, 0);
    expect(a.relPath).toMatch(/^gpu=H100 SXM\/part-00000-[0-9a-f]{8}\.parquet$/);
    expect(b.relPath).toMatch(/^gpu=A%2FB\/part-00000-[0-9a-f]{8}\.parquet$/);
    expect(await readTable(store, 'history')).toMatchObject({ version: -1 });
    const v = await createTable(store, w, [a, b]);
    expect(v).toBe(0);
    expect(await checkDeltaTable(store, 'history')).toEqual([]);
    const snap = await readTable(store, 'history');
    expect(snap?.files.map((f) => [f.partitionValues.gpu, f.rows, f.minTime, f.maxTime])).toEqual([
      ['A/B', 2, '2026-11-02T00:00:00.000Z', '2026-11-03T00:00:00.000Z'],
      ['H100 SXM', 3, '2026-11-01T00:00:00.000Z', '2026-11-03T00:00:00.000Z'],
    ]);
    const rows = await readTableRows(store, 'history', snap!);
    expect(rows.filter((r) => r.gpu === 'H100 SXM').map((r) => r.index_value)).toEqual([1, 2, 3]);
    expect(rows).toHaveLength(5);
  });

  it('tells files deleted by hand (gone) and files the log does not list (untracked) apart; sweepTable removes the latter', async () => {
    const store = localStore(makeTempDir('lake'));
    const w = await writer(store);
    const a = await writeDataFile(w, days('H100', '2026-11-01', 3), { gpu: 'H100' }, 0);
    const b = await writeDataFile(w, days('H200', '2026-11-01', 3), { gpu: 'H200' }, 0);
    await createTable(store, w, [a, b]);
    const orphan = await writeDataFile(w, days('H100', '2026-11-04', 1), { gpu: 'H100' }, 1);
    await store.delete(b.key);
    const snap = await readTable(store, 'history');
    expect(snap?.files.map((f) => f.key)).toEqual([a.key]);
    expect(snap?.gone.map((f) => f.key)).toEqual([b.key]);
    expect(snap?.untracked).toEqual([orphan.relPath]);
    expect(await sweepTable(store, 'history', 'parquet')).toEqual([orphan.relPath]);
    expect(await store.read(orphan.key)).toBeUndefined();
  });
});

describe('two writers', () => {
  it('the loser of a version retries at the next when the winner left its files alone', async () => {
    const store = localStore(makeTempDir('lake'));
    const w = await writer(store);
    const first = await writeDataFile(w, days('H100', '2026-11-01', 3), { gpu: 'H100' }, 0);
    await createTable(store, w, [first]);
    const seen = await readTable(store, 'history');
    const x = await writeDataFile(w, days('H200', '2026-11-01', 1), { gpu: 'H200' }, 1);
    const y = await writeDataFile(w, days('B200', '2026-11-01', 1), { gpu: 'B200' }, 1);
    expect(await commitTable(store, 'history', seen, { add: [x], remove: [], columns: [], operation: 'WRITE' }, w)).toBe(1);
    expect(await commitTable(store, 'history', seen, { add: [y], remove: [], columns: [], operation: 'WRITE' }, w)).toBe(2);
    expect((await readTable(store, 'history'))?.files).toHaveLength(3);
    expect(await checkDeltaTable(store, 'history')).toEqual([]);
  });

  it('fails, writing nothing, when the winner replaced a file this commit replaces', async () => {
    const store = localStore(makeTempDir('lake'));
    const w = await writer(store);
    const first = await writeDataFile(w, days('H100', '2026-11-01', 3), { gpu: 'H100' }, 0);
    await createTable(store, w, [first]);
    const seen = await readTable(store, 'history');
    const old = seen?.files ?? [];
    const x = await writeDataFile(w, days('H100', '2026-11-01', 4), { gpu: 'H100' }, 1);
    const y = await writeDataFile(w, days('H100', '2026-11-01', 4, 10), { gpu: 'H100' }, 1);
    await commitTable(store, 'history', seen, { add: [x], remove: old, columns: [], operation: 'WRITE' }, w);
    await expect(commitTable(store, 'history', seen, { add: [y], remove: old, columns: [], operation: 'WRITE' }, w)).rejects.toBeInstanceOf(
      OutputError,
    );
    const now = await readTable(store, 'history');
    expect(now?.version).toBe(1);
    expect(now?.files.map((f) => f.key)).toEqual([x.key]);
  });
});

describe('a legacy table (files, no log)', () => {
  it('reads at version -1 and its first commit adds its files as they are', async () => {
    const store = localStore(makeTempDir('lake'));
    const w = await writer(store);
    const bytes = await store.read((await writeDataFile(w, days('H100', '2026-11-01', 3), { gpu: 'H100' }, 0)).key);
    for (const o of await store.list('history/')) await store.delete(o.key);
    await store.put('history/gpu=H100/part-0.parquet', bytes!);
    await store.put('history/gpu=H200/part-0.parquet', bytes!);
    const snap = await readTable(store, 'history');
    expect(snap).toMatchObject({ version: -1, partitionColumns: ['gpu'] });
    const added = await writeDataFile(w, days('B200', '2026-11-01', 1), { gpu: 'B200' }, 0);
    const h200 = snap!.files.filter((f) => f.partitionValues.gpu === 'H200');
    expect(
      await commitTable(
        store,
        'history',
        snap,
        { add: [added], remove: h200, columns: schemaOf(w, days('x', '2026-11-01', 1)), operation: 'WRITE' },
        w,
      ),
    ).toBe(0);
    expect(await checkDeltaTable(store, 'history')).toEqual([]);
    expect((await readTable(store, 'history'))?.files.map((f) => f.path).sort()).toEqual([added.relPath, 'gpu=H100/part-0.parquet'].sort());
    expect(await store.read('history/gpu=H200/part-0.parquet')).toBeUndefined();
  });
});

describe('writeVersions', () => {
  it('reads only the files whose time range reaches the merge window, and leaves the others as they are', async () => {
    const base = localStore(makeTempDir('lake'));
    const w0 = await writer(base, 'parquet', ['gpu'], VERSIONED);
    await writeVersions(w0, undefined, days('H100', '2026-10-01', 30), spec('2026-10-30T12:00:00.000Z'));
    const first = await readTable(base, 'history');
    // Two files: the settled days, and the last day (the next run's window).
    expect(first?.files.map((f) => f.rows)).toEqual([29, 1]);
    const settled = first!.files[0]!;
    const store = recording(base);
    const w = await writer(store, 'parquet', ['gpu'], VERSIONED);
    const r = await writeVersions(
      w,
      first,
      days('H100', '2026-10-30', 2, 30),
      spec('2026-10-31T12:00:00.000Z', { from: '2026-10-30', to: '2026-10-31' }),
    );
    expect(r).toMatchObject({ added: 1, closed: 0, revised: 0, upgraded: 0 });
    expect(store.reads.filter((k) => !k.includes('_delta_log'))).toEqual([first!.files[1]!.key]);
    const now = await readTable(base, 'history');
    expect(now?.files.map((f) => f.key)).toContain(settled.key);
    expect(now?.files.reduce((n, f) => n + (f.rows ?? 0), 0)).toBe(31);
    expect(await checkDeltaTable(base, 'history')).toEqual([]);
    const rows = await readTableRows(base, 'history', now!);
    expect(rows.map((r) => r.index_value)).toEqual(days('H100', '2026-10-01', 31).map((r) => r.index_value));
  });

  it('a revised value closes the held version and opens the new one; a table without versions is upgraded in the same commit', async () => {
    const store = localStore(makeTempDir('lake'));
    // Written before the lake kept versions: no known_* columns in its files or schema.
    const old = await writer(store);
    await commitTable(
      store,
      'history',
      undefined,
      {
        add: [await writeDataFile(old, days('H100', '2026-10-01', 3), { gpu: 'H100' }, 0)],
        remove: [],
        columns: schemaOf(old, days('x', '2026-11-01', 1)),
        operation: 'WRITE',
      },
      old,
    );
    const w = await writer(store, 'parquet', ['gpu'], VERSIONED);
    const revised = days('H100', '2026-10-03', 2, 30);
    const r = await writeVersions(
      w,
      await readTable(store, 'history'),
      revised,
      spec('2026-10-04T12:00:00.000Z', { from: '2026-10-03', to: '2026-10-04' }),
    );
    expect(r).toMatchObject({ added: 2, closed: 1, revised: 1, upgraded: 3 });
    const snap = await readTable(store, 'history');
    expect(snap?.columns).toContain('known_from');
    expect(await checkDeltaTable(store, 'history')).toEqual([]);
    const rows = await readTableRows(store, 'history', snap!);
    // A sync whose clock went back is refused before anything is written.
    await expect(
      writeVersions(w, snap, revised, spec('2026-10-04T11:00:00.000Z', { from: '2026-10-03', to: '2026-10-04' })),
    ).rejects.toThrow(/holds versions received at 2026-10-04T12:00:00.000Z, after this sync's time 2026-10-04T11:00:00.000Z/);
    expect((await readTable(store, 'history'))?.version).toBe(snap?.version);
    expect(rows.map((x) => [String(x.timestamp).slice(0, 10), x.index_value, x.known_from, x.known_to])).toEqual([
      ['2026-10-01', 1, '2026-10-01T00:00:00.000Z', null],
      ['2026-10-02', 2, '2026-10-01T00:00:00.000Z', null],
      ['2026-10-03', 3, '2026-10-01T00:00:00.000Z', '2026-10-04T12:00:00.000Z'],
      ['2026-10-03', 30, '2026-10-04T12:00:00.000Z', null],
      ['2026-10-04', 31, '2026-10-04T12:00:00.000Z', null],
    ]);
  });
});

describe('readLineRows', () => {
  it('reads a csv file back cell by cell as written, a quoted line end kept in its record', async () => {
    const text = 'a,b\n1,"x\ny"\n2,\n';
    const back = readLineRows(await lineCodec('csv'), text);
    expect(back.rows).toEqual([
      { a: '1', b: 'x\ny' },
      { a: '2', b: '' },
    ]);
  });
});

describe('tables other engines wrote', () => {
  it('a Spark table (test/fixtures/delta-tables) reads through its log: files, partition values, its string rows', async () => {
    const store = localStore(join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/delta-tables'));
    const snap = await readTable(store, 'delta-0.8.0-partitioned');
    expect(snap).toMatchObject({ version: 0, format: 'parquet', partitionColumns: ['year', 'month', 'day'], gone: [], untracked: [] });
    expect(snap?.files).toHaveLength(6);
    const rows = await readTableRows(store, 'delta-0.8.0-partitioned', snap!);
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => typeof r.value === 'string' && typeof r.year === 'string')).toBe(true);
  });
});

describe('compaction', () => {
  it('a partition of more than 32 files is rewritten by the run that touches it', async () => {
    const store = localStore(makeTempDir('lake'));
    const w = await writer(store);
    const files = [];
    for (const row of days('H100', '2026-10-01', 33)) files.push(await writeDataFile(w, [row], { gpu: 'H100' }, 0));
    await commitTable(
      store,
      'history',
      undefined,
      { add: files, remove: [], columns: schemaOf(w, days('x', '2026-11-01', 1)), operation: 'WRITE' },
      w,
    );
    const v = await writer(store, 'parquet', ['gpu'], VERSIONED);
    await writeVersions(
      v,
      await readTable(store, 'history'),
      days('H100', '2026-11-03', 1, 34),
      spec('2026-11-03T12:00:00.000Z', { from: '2026-11-03', to: '2026-11-03' }),
    );
    const now = await readTable(store, 'history');
    expect(now?.files.length).toBeLessThanOrEqual(2);
    expect(now?.files.reduce((n, f) => n + (f.rows ?? 0), 0)).toBe(34);
    expect(await checkDeltaTable(store, 'history')).toEqual([]);
  });
});
