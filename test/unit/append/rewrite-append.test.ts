/**
 * The merge of a Parquet append (src/append/rewrite-append.ts) on real files, read back by DuckDB:
 * rows match on the written value of their time, restated and late rows, and the column check after
 * the fetch leaves the file byte for byte.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Context } from '../../../src/context.js';
import type { Row } from '../../../src/domain/row.js';
import { addDays } from '../../../src/domain/time/dates.js';
import { readExistingRows, rewriteRows, type RewriteSpec } from '../../../src/append/rewrite-append.js';
import { fileSink } from '../../../src/store/file-sink.js';
import type { FormatOptions } from '../../../src/output/format-types.js';
import { formatter } from '../../../src/output/parquet/format.js';
import { useParquetReader } from '../../helpers/duckdb.js';
import { makeTempDir } from '../../helpers/temp.js';
import { formatOptions } from '../../helpers/format-options.js';

const reader = useParquetReader();
let dir: string;
// A fresh folder per test (removed when the file ends).
beforeEach(() => {
  dir = makeTempDir('rewrite');
});

const OPTIONS: FormatOptions = formatOptions(['gpu', 'timestamp', 'index_value'], {
  types: { gpu: 'string', timestamp: 'timestamp', index_value: 'double' },
  request: { command: 'history' },
});

/** A context that records what the merge says. */
function context(): { ctx: Context; said: string[] } {
  const said: string[] = [];
  const note = (m: string): void => void said.push(m);
  const ctx = {
    log: { info: note, warn: note, verbose: note },
    onCleanup: () => undefined,
    signal: new AbortController().signal,
  } as unknown as Context;
  return { ctx, said };
}

const row = (gpu: string, timestamp: string, index_value: number): Row => ({ gpu, timestamp, index_value });
const OLD = [
  row('H100 SXM', '2026-01-01T00:00:00.000Z', 2.5),
  row('B200', '2026-01-01T00:00:00.000Z', 4.25),
  row('H100 SXM', '2026-01-02T00:00:00.000Z', 2.75),
  row('B200', '2026-01-02T00:00:00.000Z', 4.5),
];

async function setUp(spec: Partial<RewriteSpec> = {}): Promise<RewriteSpec> {
  const target = path.join(dir, 'h.parquet');
  await formatter.write?.(OLD, await fileSink(target), OPTIONS);
  return {
    target,
    timeKey: 'timestamp',
    formatter,
    options: OPTIONS,
    replaceRestated: false,
    failEmpty: false,
    regionStart: (last) => addDays(last.slice(0, 10), 0),
    ...spec,
  };
}

const stored = async (file: string): Promise<unknown[]> =>
  (await reader.read(file)).rows.map((r) => `${String(r.timestamp).slice(0, 10)} ${String(r.gpu)} ${String(r.index_value)}`);

describe('Parquet append merge', () => {
  it('matches rows on the written time (…00Z is …00.000Z): only new keys are added, in order', async () => {
    const spec = await setUp();
    const existing = await readExistingRows(spec);
    expect(existing?.lastTime).toBe('2026-01-02T00:00:00.000Z');
    expect(existing?.columns.map((c) => `${c.name} ${c.type}`)).toEqual(['gpu string', 'timestamp timestamp', 'index_value double']);
    const { ctx, said } = context();
    const fetched = [
      row('H100 SXM', '2026-01-02T00:00:00Z', 2.75),
      row('B200', '2026-01-02T00:00:00Z', 4.5),
      row('H100 SXM', '2026-01-03T00:00:00Z', 3),
      row('B200', '2026-01-03T00:00:00Z', 4.75),
    ];
    const r = await rewriteRows(ctx, existing as NonNullable<typeof existing>, fetched, spec);
    expect(r).toMatchObject({ written: true, total: 6, added: 2, replaced: 0 });
    expect(said.filter((s) => /restated|missing/.test(s))).toEqual([]);
    expect(await stored(spec.target)).toEqual([
      '2026-01-01 H100 SXM 2.5',
      '2026-01-01 B200 4.25',
      '2026-01-02 H100 SXM 2.75',
      '2026-01-02 B200 4.5',
      '2026-01-03 H100 SXM 3',
      '2026-01-03 B200 4.75',
    ]);
  });

  it("reports a restated row (settled: before the file's last day) and keeps it; --replace-restated replaces it in place", async () => {
    const fetched = [
      row('H100 SXM', '2026-01-01T00:00:00.000Z', 2.6),
      row('B200', '2026-01-02T00:00:00.000Z', 4.5),
      row('H100 SXM', '2026-01-03T00:00:00.000Z', 3),
    ];
    const overlap = { regionStart: (last: string) => addDays(last.slice(0, 10), -1) };
    const kept = await setUp(overlap);
    const a = context();
    await rewriteRows(a.ctx, (await readExistingRows(kept)) as NonNullable<Awaited<ReturnType<typeof readExistingRows>>>, fetched, kept);
    expect(a.said).toContain(
      `1 row in ${kept.target} came back with different values (restated): 2026-01-01T00:00:00.000Z H100 SXM; kept as they were (--replace-restated replaces them)`,
    );
    expect((await stored(kept.target))[0]).toBe('2026-01-01 H100 SXM 2.5');

    const replacing = await setUp({ ...overlap, replaceRestated: true });
    const b = context();
    const r = await rewriteRows(
      b.ctx,
      (await readExistingRows(replacing)) as NonNullable<Awaited<ReturnType<typeof readExistingRows>>>,
      fetched,
      replacing,
    );
    expect(r).toMatchObject({ added: 1, replaced: 1 });
    expect(await stored(replacing.target)).toEqual([
      '2026-01-01 H100 SXM 2.6',
      '2026-01-01 B200 4.25',
      '2026-01-02 H100 SXM 2.75',
      '2026-01-02 B200 4.5',
      '2026-01-03 H100 SXM 3',
    ]);
  });

  it('inserts a late row (older than the last, missing) where one full export has it, and counts it', async () => {
    const spec = await setUp({ regionStart: (last) => addDays(last.slice(0, 10), -1), gpuOrder: ['A100 SXM4', 'H100 SXM'] });
    const { ctx, said } = context();
    const fetched = [row('A100 SXM4', '2026-01-01T00:00:00.000Z', 1.1), row('H100 SXM', '2026-01-03T00:00:00.000Z', 3)];
    const r = await rewriteRows(
      ctx,
      (await readExistingRows(spec)) as NonNullable<Awaited<ReturnType<typeof readExistingRows>>>,
      fetched,
      spec,
    );
    expect([r.added, r.late]).toEqual([1, 1]);
    expect(said.some((s) => s.includes('1 late row inserted'))).toBe(true);
    const rows = (await stored(spec.target)) as string[];
    expect(rows).toContain('2026-01-01 A100 SXM4 1.1');
    expect(rows.indexOf('2026-01-01 A100 SXM4 1.1')).toBeLessThan(rows.findIndex((x) => x.startsWith('2026-01-02')));
  });

  it('refuses rows that would add a column, leaving the file byte for byte', async () => {
    const spec = await setUp();
    const before = readFileSync(spec.target);
    const { ctx } = context();
    const fetched = [{ ...row('H100 SXM', '2026-01-03T00:00:00.000Z', 3), note: 'new field' }];
    await expect(
      rewriteRows(ctx, (await readExistingRows(spec)) as NonNullable<Awaited<ReturnType<typeof readExistingRows>>>, fetched, spec),
    ).rejects.toThrow(
      /has the columns gpu string, timestamp timestamp, index_value double; this run would write gpu string, timestamp timestamp, index_value double, note string/,
    );
    expect(readFileSync(spec.target).equals(before)).toBe(true);
  });
});
