/**
 * The pieces of issue 40 together, over the sandbox's scheduled restatements: syncs on several days
 * (each an export of the descriptor's revisit window at that day's clock, merged with mergeVersions
 * at that moment's knowledge time, written as a Parquet lake) and then `lake read --as-of` at every
 * sync time equals the full export the sandbox answered at that time; the current rows equal the
 * last one; `lake log` shows each restated day's versions rising.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/domain/row.js';
import { revisitOf, revisitWindow } from '../../src/datasets/revisit.js';
import { mergeVersions, sameValues } from '../../src/lake/versions.js';
import { resolveColumns } from '../../src/output/parquet/types.js';
import { writeParquet } from '../../src/output/parquet/write.js';
import { fileSink } from '../../src/store/file-sink.js';
import { lakeDatasets } from '../../src/sync/lake-datasets.js';
import { rowIdentity } from '../../src/sync/row-identity.js';
import { runMain } from '../helpers/main.js';
import { makeTempDir } from '../helpers/temp.js';

const FIRST = '2026-11-01';
const PRODUCTS = ['cc-merge', 'cursor-merge', 'cc-prs'];
const coding = lakeDatasets().find((l) => l.name === 'coding');
if (coding === undefined) throw new Error('coding is a lake dataset');
const id = rowIdentity(coding);

/** The export the sandbox answers with its clock at the end of `day`, over [from, day]. */
async function exportAt(day: string, from: string): Promise<Row[]> {
  const r = await runMain(['coding', ...PRODUCTS, '--from', from, '--to', day, '--sandbox', '-q', '-f', 'json'], { GPUMKT_TODAY: day });
  expect(r.stderr, day).toBe('');
  return JSON.parse(r.stdout) as Row[];
}

/** Rows without knowledge time, in one order. */
function plain(rows: Row[]): Row[] {
  return rows
    .map(({ known_from: _f, known_to: _t, ...rest }) => rest)
    .sort((a, b) => (id.key(a) < id.key(b) ? -1 : id.key(a) > id.key(b) ? 1 : 0));
}

async function writeLake(file: string, rows: Row[]): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const columns = resolveColumns(Object.keys(rows[0] as Row), rows, { known_from: 'timestamp', known_to: 'timestamp' });
  await writeParquet(rows, await fileSink(file), { columns, request: {} });
}

describe('syncs over the sandbox restatements, read back as of each sync', () => {
  it('lake read --as-of every sync time equals the full export at that time', async () => {
    const lake = path.join(makeTempDir('lake-versions'), 'lake');
    const file = path.join(lake, 'coding', 'part-0.parquet');
    // Sync days: gaps of one to six days (within coding's 7-day revisit window).
    const days = ['2026-11-10', '2026-11-11', '2026-11-14', '2026-11-15', '2026-11-21', '2026-11-22'];
    let held: Row[] = [];
    const syncs: Array<{ day: string; at: string }> = [];
    for (const [i, day] of days.entries()) {
      const at = `${day}T23:59:59.999Z`;
      const window =
        i === 0
          ? { from: FIRST, to: day }
          : (revisitWindow(revisitOf(coding.command), day, FIRST, days[i - 1]) as { from: string; to: string });
      const fetched = await exportAt(day, window.from);
      held = mergeVersions(held, fetched, { key: id.key, same: sameValues, now: at, window, timeKey: id.time }).rows;
      syncs.push({ day, at });
    }
    await writeLake(file, held);
    // Each restated merge-rate day has several versions; PR counts only ever one.
    const versions = (product: string, date: string) => held.filter((r) => r.product === product && r.date === date).length;
    expect(versions('cursor-merge', '2026-11-13')).toBeGreaterThan(1);
    expect(versions('cc-prs', '2026-11-13')).toBe(1);
    for (const { day, at } of syncs) {
      const r = await runMain(['lake', 'read', lake, 'coding', '--as-of', at, '-f', 'json']);
      expect(r.code, day).toBe(0);
      expect(plain(JSON.parse(r.stdout) as Row[]), day).toEqual(plain(await exportAt(day, FIRST)));
    }
    const now = await runMain(['lake', 'read', lake, 'coding', '-f', 'json']);
    expect(plain(JSON.parse(now.stdout) as Row[])).toEqual(plain(await exportAt(days.at(-1) as string, FIRST)));
    // The first release of a restated day is what the first sync that saw it got.
    const first = await runMain(['lake', 'read', lake, 'coding', '--vintage', 'first', '-f', 'json']);
    const firstOf = (JSON.parse(first.stdout) as Row[]).find((r) => r.product === 'cursor-merge' && r.date === '2026-11-13');
    const atPublication = (await exportAt('2026-11-14', FIRST)).find((r) => r.product === 'cursor-merge' && r.date === '2026-11-13');
    expect(firstOf?.value).toBe(atPublication?.value);
    // lake log: the day's versions, each higher than the one before.
    const log = await runMain(['lake', 'log', lake, 'coding', '--key', 'cursor-merge', '--key', '2026-11-13', '-f', 'json']);
    const changes = (JSON.parse(log.stdout) as Row[]).map((r) => r.change);
    expect(changes[0]).toBeNull();
    expect(changes.length).toBeGreaterThan(1);
    for (const c of changes.slice(1)) expect(c as number).toBeGreaterThan(0);
  });
});
