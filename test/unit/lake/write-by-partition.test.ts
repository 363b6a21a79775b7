/**
 * A versioned write goes partition by partition (src/lake/series.ts, fetched-parts.ts): a partition's
 * rows go through the table's format only when its turn comes, and its files are written before the
 * next partition's rows are touched; the commit's schema is tallied partition by partition, no rows
 * kept for it (src/lake/schema.ts, the format's columnTally). What this keeps out of memory is in
 * docs/performance.md; here, the order of the work and that nothing changes in what is written.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../src/domain/row.js';
import type { FormatOptions, Formatter } from '../../../src/output/format-types.js';
import { getFormatter } from '../../../src/output/formats.js';
import { columnsFor, columnTally } from '../../../src/output/parquet/format.js';
import type { TableWriter } from '../../../src/lake/commit.js';
import { ROUND_TRIP_ROWS } from '../../../src/lake/fetched-parts.js';
import { writeVersions, type VersionSpec } from '../../../src/lake/series.js';
import { readDeltaTable } from '../../../src/store/delta-log.js';
import { localStore } from '../../../src/store/local.js';
import type { Store } from '../../../src/store/store.js';
import { makeTempDir } from '../../helpers/temp.js';
import { days, OPTIONS } from '../../helpers/lake-table.js';

const VERSIONED: FormatOptions = {
  ...OPTIONS,
  columns: [...OPTIONS.columns, 'known_from', 'known_to'],
  types: { ...OPTIONS.types, known_from: 'timestamp', known_to: 'timestamp' },
};

const SPEC: VersionSpec = {
  target: 'history',
  timeKey: 'timestamp',
  key: (r) => `${String(r.timestamp)} ${String(r.gpu)}`,
  now: '2026-11-20T12:00:00.000Z',
  splitDays: 0,
  upgradeSince: '2026-10-01T00:00:00.000Z',
  warn: () => undefined,
};

/** What the write did, in order: each time rows went through the format (the models among them), each data file put. */
type Event = { format: string[]; rows: number } | { put: string };

/** A writer whose formatter and store record what they are given. */
async function recordingWriter(store: Store, events: Event[]): Promise<TableWriter> {
  const parquet = await getFormatter('parquet');
  const formatter: Formatter = {
    ...parquet,
    write: (rows, sink, opts) => {
      // A data file's rows carry no gpu (it is the folder): named by the file's key when it is put.
      const models = [...new Set(rows.map((r) => r.gpu).filter((g): g is string => typeof g === 'string'))];
      events.push({ format: models, rows: rows.length });
      return (parquet.write as NonNullable<Formatter['write']>)(rows, sink, opts);
    },
  };
  const recorded: Store = {
    ...store,
    name: store.name,
    list: (p, o) => store.list(p, o),
    read: (k, r) => store.read(k, r),
    put: (k, b) => (k.includes('_delta_log') ? undefined : events.push({ put: k }), store.put(k, b)),
    putIfAbsent: (k, b) => store.putIfAbsent(k, b),
    delete: (k) => store.delete(k),
  };
  return {
    store: recorded,
    table: 'history',
    format: 'parquet',
    formatter,
    options: VERSIONED,
    timeKey: 'timestamp',
    partitionColumns: ['gpu'],
  };
}

describe('a versioned write, partition by partition', () => {
  it("puts a large partition's rows through the format only when its turn comes, after the files of the one before", async () => {
    const events: Event[] = [];
    const w = await recordingWriter(localStore(makeTempDir('lake')), events);
    const n = ROUND_TRIP_ROWS;
    const r = await writeVersions(w, undefined, [...days('H100', '1990-01-01', n), ...days('H200', '1990-01-01', n)], SPEC);
    expect(r).toMatchObject({ added: 2 * n, closed: 0 });
    const formats = events.flatMap((e) => ('format' in e ? [e] : []));
    // No pass of the format holds rows of both models: the first is H100's own round trip.
    expect(formats[0]).toEqual({ format: ['H100'], rows: n });
    const firstH200 = events.findIndex((e) => 'format' in e && e.format.includes('H200'));
    const lastH100Put = events.map((e) => 'put' in e && e.put.includes('gpu=H100')).lastIndexOf(true);
    expect(lastH100Put).toBeGreaterThan(-1);
    expect(firstH200).toBeGreaterThan(lastH100Put);
  });

  it('puts small partitions through the format together (one round trip for a next day of every model)', async () => {
    const events: Event[] = [];
    const w = await recordingWriter(localStore(makeTempDir('lake')), events);
    await writeVersions(w, undefined, [...days('H100', '2026-11-01', 3), ...days('H200', '2026-11-01', 3)], SPEC);
    expect(events[0]).toEqual({ format: ['H100', 'H200'], rows: 6 });
  });

  it("writes the schema of every partition's rows: a field of the first partition only, a field whole in the last only", async () => {
    const store = localStore(makeTempDir('lake'));
    const w = await recordingWriter(store, []);
    const h100 = days('H100', '2026-11-01', 3).map((r): Row => ({ ...r, spread: 1.5, first_only: 'x' }));
    const h200 = days('H200', '2026-11-01', 3).map((r): Row => ({ ...r, spread: 2 }));
    await writeVersions(w, undefined, [...h100, ...h200], SPEC);
    const schema = JSON.parse((await readDeltaTable(store, 'history'))?.metaData?.schemaString ?? '{}') as {
      fields: Array<{ name: string; type: string }>;
    };
    expect(schema.fields.map((f) => [f.name, f.type])).toEqual([
      ['timestamp', 'timestamp'],
      ['index_value', 'double'],
      ['known_from', 'timestamp'],
      ['known_to', 'timestamp'],
      ['spread', 'double'],
      ['first_only', 'string'],
      ['gpu', 'string'],
    ]);
  });
});

describe('columnTally', () => {
  const opts = (columns: string[], selected = false): FormatOptions => ({ ...OPTIONS, columns, selected, types: { t: 'timestamp' } });
  const chunks: Row[][] = [
    [{ t: '2026-11-01T00:00:00Z', a: 1, late: null }],
    [{ t: '2026-11-02T00:00:00Z', a: 1.5, b: '2026-11-02' }],
    [{ t: '2026-11-03T00:00:00Z', b: '2026-11-03', c: true, late: 3 }],
    [],
  ];

  it('gives, chunk by chunk, the columns and types columnsFor gives for all the rows at once', () => {
    for (const o of [opts(['t']), opts(['t', 'b'], true)]) {
      const tally = columnTally(o);
      for (const c of chunks) tally.add(c);
      expect(tally.columns()).toEqual(columnsFor(chunks.flat(), o));
    }
    expect(columnsFor(chunks.flat(), opts(['t']))).toEqual([
      { name: 't', type: 'timestamp' },
      { name: 'a', type: 'double' },
      { name: 'late', type: 'int' },
      { name: 'b', type: 'date' },
      { name: 'c', type: 'bool' },
    ]);
  });
});
