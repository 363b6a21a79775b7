/** The pure merge of --append (src/append/merge.ts): what each incoming row is, the order of a full export, the words. */
import { describe, expect, it } from 'vitest';
import {
  exportOrder,
  modelOrder,
  planMerge,
  reportMerge,
  type FileState,
  type IncomingRow,
  type MergeRow,
  type ReportInput,
} from '../../../src/append/merge.js';

/** A row keyed by time and model, as the line append makes it (text is what the file holds). */
function row(time: string, model: string | undefined, text: string): MergeRow {
  return { key: model === undefined ? time : `${time} ${model}`, time, day: time.slice(0, 10), text, model };
}

const incoming = (r: MergeRow, windowDependent = false): IncomingRow => ({ ...r, windowDependent });

/** A file whose overlap region is `region` (its last row the latest), no window-dependent rows. */
function file(region: readonly MergeRow[], extra: Partial<FileState> = {}): FileState {
  const lastTime = region.reduce<string | undefined>(
    (m, r) => (m === undefined || (r.time as string) > m ? (r.time as string) : m),
    undefined,
  );
  return { region, lastTime, firstKeys: new Set(), windowDependent: false, ...extra };
}

const REGION = [
  row('2026-11-01', 'H100', '2026-11-01,H100,1.0'),
  row('2026-11-01', 'H200', '2026-11-01,H200,2.0'),
  row('2026-11-03', 'H100', '2026-11-03,H100,1.1'),
];

describe('planMerge', () => {
  it('skips rows the file holds with the same text', () => {
    const plan = planMerge(
      file(REGION),
      REGION.map((r) => incoming(r)),
    );
    expect(plan).toEqual({ fresh: [], refreshed: new Map(), restated: new Map(), late: [], lastFresh: undefined });
  });

  it('adds rows later than the file’s last one, in order, and names the last', () => {
    const rows = [
      incoming(row('2026-11-04', 'H100', 'a')),
      incoming(row('2026-11-04', 'H200', 'b')),
      incoming(row('2026-11-05', 'H100', 'c')),
    ];
    const plan = planMerge(file(REGION), rows);
    expect(plan.fresh).toEqual([0, 1, 2]);
    expect(plan.lastFresh).toBe(2);
  });

  it('refreshes a row of the file’s last day that came back different, silently', () => {
    const plan = planMerge(file(REGION), [incoming(row('2026-11-03', 'H100', '2026-11-03,H100,1.2'))]);
    expect([...plan.refreshed]).toEqual([['2026-11-03 H100', 0]]);
    expect(plan.restated.size).toBe(0);
  });

  it('restates a row of an earlier day that came back different', () => {
    const plan = planMerge(file(REGION), [incoming(row('2026-11-01', 'H200', '2026-11-01,H200,9.9'))]);
    expect([...plan.restated]).toEqual([['2026-11-01 H200', 0]]);
    expect(plan.refreshed.size).toBe(0);
  });

  it('takes a row missing from the file inside the overlap region as late; one before the region is dropped', () => {
    const rows = [
      incoming(row('2026-11-02', 'H100', 'late')),
      incoming(row('2026-10-31', 'H100', 'too old')),
      incoming(row('2026-11-01', 'H300', 'at the region’s start')),
    ];
    const plan = planMerge(file(REGION), rows);
    expect(plan.late).toEqual([0, 2]);
    expect(plan.fresh).toEqual([]);
  });

  it('takes every row as fresh when the file holds none', () => {
    const plan = planMerge(file([]), [incoming(row('2026-11-01', 'H100', 'a')), incoming(row('2026-11-01', 'H200', 'b'))]);
    expect(plan.fresh).toEqual([0, 1]);
    expect(plan.late).toEqual([]);
  });

  it('decides once per key: a repeated key in the incoming rows counts once', () => {
    const r = row('2026-11-04', 'H100', 'a');
    expect(planMerge(file(REGION), [incoming(r), incoming({ ...r, text: 'b' })]).fresh).toEqual([0]);
  });

  it('keys by time and model: the same time with another model is another row', () => {
    const plan = planMerge(file(REGION), [incoming(row('2026-11-03', 'H200', '2026-11-03,H200,2.2'))]);
    expect(plan.late).toEqual([0]);
    expect(plan.refreshed.size + plan.restated.size).toBe(0);
  });

  it('keeps a model’s first row, and window-dependent rows, when the dataset depends on its window', () => {
    const first = '2026-11-01 H100';
    const state = file(REGION, { windowDependent: true, firstKeys: new Set([first]) });
    const changedFirst = incoming(row('2026-11-01', 'H100', 'other'));
    const changedDependent = incoming(row('2026-11-03', 'H100', 'other'), true);
    const changedPlain = incoming(row('2026-11-01', 'H200', 'other'));
    const plan = planMerge(state, [changedFirst, changedDependent, changedPlain]);
    expect([...plan.restated.keys()]).toEqual(['2026-11-01 H200']);
    expect(plan.refreshed.size).toBe(0);
  });

  it('compares times of any comparable kind (day numbers, microseconds)', () => {
    const region: MergeRow[] = [{ key: '10', time: 10n, day: '2026-11-01', text: 'x' }];
    const plan = planMerge({ region, lastTime: 10n, firstKeys: new Set(), windowDependent: false }, [
      { key: '11', time: 11n, day: '2026-11-01', text: 'y', windowDependent: false },
      { key: '10', time: 10n, day: '2026-11-01', text: 'z', windowDependent: false },
    ]);
    expect(plan.fresh).toEqual([0]);
    expect([...plan.refreshed.keys()]).toEqual(['10']);
  });
});

describe('modelOrder and exportOrder', () => {
  it('uses the runner’s model order when it has one, else the order the rows first name them in', () => {
    expect(modelOrder(['H200', 'H100'], [{ model: 'H100' }])).toEqual(['H200', 'H100']);
    expect(modelOrder(undefined, [{ model: 'B' }, {}, { model: 'A' }, { model: 'B' }])).toEqual(['B', 'A']);
    expect(modelOrder([], [{ model: 'A' }])).toEqual(['A']);
  });

  it('orders by time, then by the models’ order, rows without a model first', () => {
    const rows = [
      { time: '2026-11-02', model: 'H100' },
      { time: '2026-11-01', model: 'H100' },
      { time: '2026-11-01', model: 'H200' },
      { time: '2026-11-01', model: undefined },
    ];
    expect([...rows].sort(exportOrder(['H200', 'H100']))).toEqual([
      { time: '2026-11-01', model: undefined },
      { time: '2026-11-01', model: 'H200' },
      { time: '2026-11-01', model: 'H100' },
      { time: '2026-11-02', model: 'H100' },
    ]);
  });
});

describe('reportMerge', () => {
  const input = (over: Partial<ReportInput> = {}): ReportInput => ({
    target: 'p.csv',
    existingRows: 10,
    lastTimeShown: '2026-11-03',
    lastKey: '2026-11-05 H100',
    restatedKeys: [],
    replaceRestated: false,
    ...over,
  });
  const plan = (over: Partial<Parameters<typeof reportMerge>[0]> = {}): Parameters<typeof reportMerge>[0] => ({
    fresh: [],
    refreshed: new Map(),
    restated: new Map(),
    late: [],
    ...over,
  });

  it('says nothing changed when no row is new, late or replaced', () => {
    const r = reportMerge(plan(), input());
    expect(r.unchanged).toBe(true);
    expect(r.message).toBe('no new rows after 2026-11-03; p.csv left unchanged');
    expect(r.result).toEqual({ total: 10, added: 0, replaced: 0, late: 0, lastKey: '2026-11-05 H100' });
  });

  it('counts added, late and refreshed rows in one line', () => {
    const r = reportMerge(plan({ fresh: [0, 1], late: [2], refreshed: new Map([['k', 3]]) }), input());
    expect(r.unchanged).toBe(false);
    expect(r.message).toBe('appended 2 new rows to p.csv (13 in all; 1 late row inserted, 1 provisional updated)');
    expect(r.result).toMatchObject({ total: 13, added: 2, replaced: 1, late: 1 });
  });

  it('warns of restated rows and keeps them, unless --replace-restated', () => {
    const restated = new Map([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ]);
    const keys = ['a', 'b', 'c', 'd'];
    const kept = reportMerge(plan({ restated }), input({ restatedKeys: keys }));
    expect(kept.unchanged).toBe(true);
    expect(kept.warning).toBe(
      '4 rows in p.csv came back with different values (restated): a, b, c, … (4 in all); kept as they were (--replace-restated replaces them)',
    );
    const replaced = reportMerge(plan({ restated }), input({ restatedKeys: keys, replaceRestated: true }));
    expect(replaced.unchanged).toBe(false);
    expect(replaced.replaceRestated).toBe(true);
    expect(replaced.warning).toMatch(/; replaced$/);
    expect(replaced.message).toBe('appended 0 new rows to p.csv (10 in all; 4 restated replaced)');
  });

  it('gives its outcome as data: the counts, and each restated row with its old and new values', () => {
    const restated = [{ key: '2026-11-01 H100', old: '2026-11-01,H100,2.5', new: '2026-11-01,H100,2.75' }];
    const over = plan({ fresh: [0], late: [1], refreshed: new Map([['k', 2]]), restated: new Map([['2026-11-01 H100', 3]]) });
    const r = reportMerge(over, input({ restatedKeys: ['2026-11-01 H100'], restated, replaceRestated: true }));
    expect(r.outcome).toEqual({
      target: 'p.csv',
      added: 1,
      refreshed: 1,
      late: 1,
      restated,
      restatedReplaced: true,
      total: 12,
      unchanged: false,
    });
    // Kept (no --replace-restated) and nothing else: unchanged, the restated row still listed.
    const kept = reportMerge(plan({ restated: new Map([['2026-11-01 H100', 0]]) }), input({ restatedKeys: ['2026-11-01 H100'], restated }));
    expect(kept.outcome).toMatchObject({ restated, restatedReplaced: false, unchanged: true, added: 0, total: 10 });
  });
});
