/** scanExisting: what --append learns from the old file, and the files it refuses. */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp.js';
import { addDays } from '../../../src/domain/time/dates.js';
import { scanExisting } from '../../../src/append/read-existing.js';

const file = (content: string): string => {
  const f = join(makeTempDir('scan'), 'f.csv');
  writeFileSync(f, content);
  return f;
};
const spec = (format: 'csv' | 'tsv' | 'ndjson', overlap = 2) => ({
  format,
  timeKey: 'date',
  regionStart: (t: string) => addDays(t.slice(0, 10), -overlap),
});

describe('scanExisting', () => {
  it('finds header, dialect, counts, first and last key, and keeps only the overlap region', async () => {
    const rows = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'].flatMap((d) => [
      `H100 SXM,${d},0.5`,
      `B200,${d},0.6`,
    ]);
    const f = file(`\uFEFFgpu,date,occupancy\r\n${rows.join('\r\n')}\r\n`);
    const s = await scanExisting(f, spec('csv'));
    expect(s).toMatchObject({
      bom: true,
      eol: '\r\n',
      header: 'gpu,date,occupancy',
      rows: 10,
      firstKey: '2026-11-01 H100 SXM',
      lastKey: '2026-11-05 B200',
      lastTime: '2026-11-05',
      openEnded: false,
    });
    expect(s?.region.map((r) => r.key)).toEqual([
      '2026-11-03 H100 SXM',
      '2026-11-03 B200',
      '2026-11-04 H100 SXM',
      '2026-11-04 B200',
      '2026-11-05 H100 SXM',
      '2026-11-05 B200',
    ]);
    expect(s?.region[0]?.text).toBe('H100 SXM,2026-11-03,0.5');
  });

  it('treats a missing or empty file as a new export, and a header-only file as one without rows', async () => {
    expect(await scanExisting(join(tmpdir(), 'gpumkt-no-such-dir', 'x.csv'), spec('csv'))).toBeUndefined();
    expect(await scanExisting(file(''), spec('csv'))).toBeUndefined();
    expect(await scanExisting(file('date,occupancy\n'), spec('csv'))).toMatchObject({
      rows: 0,
      lastTime: undefined,
      header: 'date,occupancy',
    });
  });

  it('reads ndjson keys from the rows', async () => {
    const s = await scanExisting(file('{"date":"2026-11-01","occupancy":1}\n{"date":"2026-11-02","occupancy":2}'), spec('ndjson'));
    expect(s).toMatchObject({ header: 'date,occupancy', rows: 2, lastKey: '2026-11-02', openEnded: true });
  });

  it('refuses (exit 2) files it cannot extend: no time column, unsorted, unparsable', async () => {
    await expect(scanExisting(file('day,occupancy\n'), spec('csv'))).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining("no 'date' column"),
    });
    await expect(scanExisting(file('date,o\n2026-11-02,1\n2026-11-01,1\n'), spec('csv'))).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('not sorted oldest first (line 3)'),
    });
    await expect(scanExisting(file('{"date":"2026-11-01"}\nnot json\n'), spec('ndjson'))).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('line 2 is not valid ndjson'),
    });
  });

  it('tells the grain from the times: hourly once a time is not midnight, daily over two midnights, unknown from one day or dates', async () => {
    const ts = { format: 'csv' as const, timeKey: 'timestamp', regionStart: (t: string) => t.slice(0, 10) };
    const grain = async (times: string[]) =>
      (await scanExisting(file(`timestamp,v\n${times.map((t) => `${t},1`).join('\n')}\n`), ts))?.grain;
    expect(await grain(['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z'])).toBe('daily');
    expect(await grain(['2026-11-01T00:00:00.000Z', '2026-11-01T01:00:00.000Z'])).toBe('hourly');
    expect(await grain(['2026-11-01T00:00:00.000Z'])).toBeUndefined();
    expect((await scanExisting(file('date,v\n2026-11-01,1\n2026-11-02,1\n'), spec('csv')))?.grain).toBeUndefined();
  });

  it("keeps each model's first key", async () => {
    const s = await scanExisting(file('gpu,date,v\nB200,2026-11-01,1\nB200,2026-11-02,1\nH200,2026-11-02,1\n'), spec('csv'));
    expect([...(s?.firstKeys ?? [])]).toEqual(['2026-11-01 B200', '2026-11-02 H200']);
  });
});
