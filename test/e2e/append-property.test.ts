/**
 * One append merge for every appendable format (property): the same random sequence of daily appends,
 * with provisional days refreshed, settled days restated, rows published late and rows sent again,
 * run through csv, tsv, ndjson, parquet and a --partition-by folder, ends in the rows of one full
 * export made at the last instant, with the same counts on stderr in every format.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time/dates.js';
import type { RecordedRequest, InterceptReply } from '../../src/sandbox/index.js';
import { formatter as parquet } from '../../src/output/parquet/format.js';
import { expectAppendEqualsFullExport } from '../helpers/append-equals.js';
import { workDir } from './cron-helpers.js';
import { rewriting, runAt } from './append-helpers.js';

type Hook = (req: RecordedRequest) => InterceptReply | undefined;
type Rows = Array<Record<string, unknown>>;

/** One random sequence: the instants of the runs, and what the service does at each. */
interface Sequence {
  readonly instants: readonly string[];
  /** Rows (model, day) held back at one instant and published at the next: late rows. */
  readonly heldAt?: { readonly run: number; readonly model: 'H100 SXM' | 'B200' };
  /** A day whose value the service changes from one run on (restated, or refreshed when provisional). */
  readonly bump?: { readonly run: number; readonly back: number };
}

const START = '2026-10-01';

/** 2–4 runs on increasing days, at any hour, with an optional late row and an optional restatement. */
const sequences = fc
  .record({
    gaps: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }),
    hours: fc.array(fc.integer({ min: 1, max: 22 }), { minLength: 4, maxLength: 4 }),
    held: fc.option(fc.record({ run: fc.nat(), model: fc.constantFrom('H100 SXM' as const, 'B200' as const) }), { nil: undefined }),
    bump: fc.option(fc.record({ run: fc.nat(), back: fc.integer({ min: 0, max: 4 }) }), { nil: undefined }),
  })
  .map(({ gaps, hours, held, bump }): Sequence => {
    let day = addDays(START, 5);
    const days = [day, ...gaps.map((g) => (day = addDays(day, g)))];
    const instants = days.map((d, i) => `${d}T${String(hours[i] ?? 12).padStart(2, '0')}:30:00Z`);
    return {
      instants,
      // A row held back at the last run would never be published: hold it at an earlier one.
      heldAt: held && instants.length > 1 ? { run: held.run % (instants.length - 1), model: held.model } : undefined,
      bump: bump ? { run: 1 + (bump.run % instants.length), back: bump.back } : undefined,
    };
  });

/** The service at run `i` of the sequence: late rows held back, the restated day changed from its run on. */
function service(seq: Sequence, i: number, timeField: string, valueField: string): Hook {
  const now = seq.instants[i] as string;
  const today = now.slice(0, 10);
  const bumped =
    seq.bump && i >= seq.bump.run - 1 ? addDays((seq.instants[seq.bump.run - 1] as string).slice(0, 10), -seq.bump.back) : undefined;
  return rewriting(now, (rows: Rows) =>
    rows
      .filter((r) => !(seq.heldAt && seq.heldAt.run === i && r.gpu === seq.heldAt.model && String(r[timeField]).startsWith(today)))
      .map((r) =>
        bumped !== undefined && String(r[timeField]).startsWith(bumped) ? { ...r, [valueField]: (r[valueField] as number) + 0.25 } : r,
      ),
  );
}

/** How one format is written and read back. */
interface Target {
  readonly name: string;
  readonly path: (dir: string) => string;
  readonly flags: readonly string[];
  readonly read: (path: string) => Promise<unknown>;
}

const text = (p: string): Promise<string> => Promise.resolve(readFileSync(p, 'utf8'));
const parquetRows = async (p: string): Promise<unknown> => (await parquet.read?.(p))?.rows;
// A folder's partitions have no order of their own: its rows are compared as a set.
const folderRows = async (p: string): Promise<unknown> => ((await parquet.read?.(p))?.rows ?? []).map((r) => JSON.stringify(r)).sort();

const LINE_TARGETS: Target[] = [
  { name: 'csv', path: (d) => join(d, 'out.csv'), flags: [], read: text },
  { name: 'tsv', path: (d) => join(d, 'out.tsv'), flags: [], read: text },
  { name: 'ndjson', path: (d) => join(d, 'out.ndjson'), flags: [], read: text },
  { name: 'parquet', path: (d) => join(d, 'out.parquet'), flags: [], read: parquetRows },
];
const FOLDER: Target = {
  name: 'partitioned',
  path: (d) => join(d, 'lake'),
  flags: ['-f', 'parquet', '--partition-by', 'gpu'],
  read: folderRows,
};

/** The append summaries of one run, the target's name taken out so that formats compare. */
const summaries = (stderr: string, target: string): string[] =>
  stderr
    .split('\n')
    .filter((l) => /appended|no new rows|restated/.test(l))
    .map((l) => l.split(target).join('<target>'));

/** Runs the sequence into every target; returns each target's summaries and whether it equals a full export. */
async function runSequence(seq: Sequence, args: readonly string[], targets: readonly Target[], timeField: string, valueField: string) {
  const out: Record<string, string[]> = {};
  for (const t of targets) {
    const target = t.path(workDir());
    const last = seq.instants.length - 1;
    const runs = await expectAppendEqualsFullExport({
      // The instants increase, so each names its run of the sequence.
      run: (instant, a) => runAt(instant, a, { sb: { intercept: service(seq, seq.instants.indexOf(instant), timeField, valueField) } }),
      // The full export sees every row: nothing held back at the last instant.
      runFull: (instant, a) =>
        runAt(instant, a, { sb: { intercept: service({ ...seq, heldAt: undefined }, last, timeField, valueField) } }),
      days: seq.instants,
      args: [...args, ...t.flags],
      appendArgs: ['--replace-restated'],
      file: target,
      full: t.path(workDir()),
      read: t.read,
      label: t.name,
    });
    out[t.name] = runs.flatMap((r) => summaries(r.stderr, target));
  }
  return out;
}

describe('one append merge in every appendable format (property)', () => {
  it('two models, daily: late rows, refreshed provisional days and rows sent again', { timeout: 600_000 }, async () => {
    const args = ['history', 'h100', 'b200', '--granularity', 'daily', '--from', START];
    await fc.assert(
      fc.asyncProperty(sequences, async (seq) => {
        // history re-reads only the file's last day (no overlap): a change can only reach that day, or a new one.
        const bump = seq.bump && { ...seq.bump, back: 0 };
        const said = await runSequence({ ...seq, bump }, args, [...LINE_TARGETS, FOLDER], 'timestamp', 'index_value');
        for (const name of Object.keys(said)) expect(said[name], `${name} says what csv says`).toEqual(said.csv);
      }),
      { numRuns: 12 },
    );
  });

  it('util-index: settled days restated within the overlap, provisional days refreshed', { timeout: 600_000 }, async () => {
    const args = ['util-index', '--from', START];
    await fc.assert(
      fc.asyncProperty(sequences, async (seq) => {
        const said = await runSequence({ ...seq, heldAt: undefined }, args, LINE_TARGETS, 'date', 'index');
        for (const name of Object.keys(said)) expect(said[name], `${name} says what csv says`).toEqual(said.csv);
      }),
      { numRuns: 12 },
    );
  });
});
