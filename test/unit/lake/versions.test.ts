/** The versions of a lake's rows (src/lake/versions.ts): the merge, --as-of, the first vintage, the upgrade of an old lake. */
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../src/domain/row.js';
import {
  asOf,
  current,
  firstVintage,
  knownTime,
  mergeVersions,
  sameValues,
  upgradeRows,
  type MergeOptions,
} from '../../../src/lake/versions.js';
import { prng } from '../../helpers/prng.js';

const key = (r: Row): string => `${String(r.date)} ${String(r.gpu)}`;
const opts = (now: string, window?: { from: string; to: string }): MergeOptions => ({
  key,
  same: sameValues,
  now,
  window,
  timeKey: 'date',
});
const T1 = '2026-11-18T18:00:00.000Z';
const T2 = '2026-11-19T18:00:00.000Z';
const T3 = '2026-11-20T18:00:00.000Z';

/** The row without its knowledge time. */
const values = (r: Row): Row => {
  const { known_from: _f, known_to: _t, ...rest } = r;
  return rest;
};
const sorted = (rows: readonly Row[]): Row[] => rows.map(values).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

describe('mergeVersions', () => {
  it('opens a version for a key not held, with known_from now and known_to null', () => {
    const m = mergeVersions([], [{ date: '2026-11-18', gpu: 'H100', v: 1 }], opts(T1));
    expect(m.rows).toEqual([{ date: '2026-11-18', gpu: 'H100', v: 1, known_from: T1, known_to: null }]);
    expect([m.added, m.closed, m.revised]).toEqual([1, 0, []]);
  });

  it('changes nothing when the fetched row equals the current version (known_* not compared)', () => {
    const held = mergeVersions([], [{ date: '2026-11-18', gpu: 'H100', v: 1 }], opts(T1)).rows;
    const m = mergeVersions(held, [{ date: '2026-11-18', gpu: 'H100', v: 1 }], opts(T2));
    expect(m.rows).toEqual(held);
    expect([m.added, m.closed]).toEqual([0, 0]);
  });

  it('closes the held version and opens the new one when the values differ', () => {
    const held = mergeVersions([], [{ date: '2026-11-18', gpu: 'H100', v: 1 }], opts(T1)).rows;
    const m = mergeVersions(held, [{ date: '2026-11-18', gpu: 'H100', v: 2 }], opts(T2));
    expect(m.rows).toEqual([
      { date: '2026-11-18', gpu: 'H100', v: 1, known_from: T1, known_to: T2 },
      { date: '2026-11-18', gpu: 'H100', v: 2, known_from: T2, known_to: null },
    ]);
    expect([m.added, m.closed]).toEqual([1, 1]);
    expect(m.revised).toEqual([{ key: '2026-11-18 H100', old: m.rows[0], new: m.rows[1] }]);
    // A third value closes the second; the first stays as it was.
    const n = mergeVersions(m.rows, [{ date: '2026-11-18', gpu: 'H100', v: 3 }], opts(T3));
    expect(n.rows.map((r) => [r.v, r.known_from, r.known_to])).toEqual([
      [1, T1, T2],
      [2, T2, T3],
      [3, T3, null],
    ]);
  });

  it('closes a current row of the window that the fetch no longer returns, and never one outside it', () => {
    const held = mergeVersions(
      [],
      [
        { date: '2026-11-17', gpu: 'H100', v: 1 },
        { date: '2026-11-18', gpu: 'H100', v: 1 },
      ],
      opts(T1),
    ).rows;
    const m = mergeVersions(held, [], opts(T2, { from: '2026-11-18', to: '2026-11-19' }));
    expect(m.rows.map((r) => [r.date, r.known_to])).toEqual([
      ['2026-11-17', null],
      ['2026-11-18', T2],
    ]);
    expect([m.added, m.closed, m.revised.length]).toEqual([0, 1, 0]);
    // Without a window nothing is withdrawn.
    expect(mergeVersions(held, [], opts(T2)).rows).toEqual(held);
  });

  it('a withdrawn key that comes back opens a new version', () => {
    const a = mergeVersions([], [{ date: '2026-11-18', gpu: 'H100', v: 1 }], opts(T1)).rows;
    const b = mergeVersions(a, [], opts(T2, { from: '2026-11-18', to: '2026-11-18' })).rows;
    const c = mergeVersions(b, [{ date: '2026-11-18', gpu: 'H100', v: 1 }], opts(T3)).rows;
    expect(c.map((r) => [r.known_from, r.known_to])).toEqual([
      [T1, T2],
      [T3, null],
    ]);
  });

  it('keeps every copy of a snapshot (its key holds the snapshot date)', () => {
    const snap = (d: string): MergeOptions => ({
      key: (r) => `${String(r.snapshot_date)} ${String(r.name)}`,
      same: sameValues,
      now: `${d}T06:00:00.000Z`,
      window: { from: d, to: d },
      timeKey: 'snapshot_date',
    });
    const a = mergeVersions([], [{ snapshot_date: '2026-11-18', name: 'x', p: 1 }], snap('2026-11-18')).rows;
    const b = mergeVersions(a, [{ snapshot_date: '2026-11-19', name: 'x', p: 1 }], snap('2026-11-19')).rows;
    expect(b.map((r) => [r.snapshot_date, r.known_to])).toEqual([
      ['2026-11-18', null],
      ['2026-11-19', null],
    ]);
  });

  it('refuses held rows without knowledge time, a malformed now, and a clock that goes back', () => {
    expect(() => mergeVersions([{ date: '2026-11-18', gpu: 'H100', v: 1 }], [], opts(T1))).toThrow(/upgradeRows/);
    expect(() => mergeVersions([], [], opts('2026-11-18'))).toThrow(/milliseconds/);
    const held = mergeVersions([], [{ date: '2026-11-18', gpu: 'H100', v: 1 }], opts(T2)).rows;
    expect(() => mergeVersions(held, [], opts(T1))).toThrow(/goes back/);
  });

  it('the last row of a repeated key counts', () => {
    const m = mergeVersions(
      [],
      [
        { date: '2026-11-18', gpu: 'H100', v: 1 },
        { date: '2026-11-18', gpu: 'H100', v: 2 },
      ],
      opts(T1),
    );
    expect(m.rows.map((r) => r.v)).toEqual([2]);
  });
});

describe('asOf, current, firstVintage, upgradeRows', () => {
  const a = mergeVersions([], [{ date: '2026-11-18', gpu: 'H100', v: 1 }], opts(T1)).rows;
  const b = mergeVersions(a, [{ date: '2026-11-18', gpu: 'H100', v: 2 }], opts(T2)).rows;

  it('reads the half-open interval [known_from, known_to)', () => {
    expect(asOf(b, '2026-11-18T17:59:59.999Z')).toEqual([]);
    expect(asOf(b, T1).map((r) => r.v)).toEqual([1]);
    expect(asOf(b, '2026-11-19T17:59:59.999Z').map((r) => r.v)).toEqual([1]);
    expect(asOf(b, T2).map((r) => r.v)).toEqual([2]);
    expect(current(b).map((r) => r.v)).toEqual([2]);
  });

  it('compares times in any ISO form a reader gives back (offsets, microseconds, a Date, a CSV empty field)', () => {
    const rows = [{ date: '2026-11-18', gpu: 'H100', v: 1, known_from: '2026-11-18T19:00:00+01:00', known_to: '' }];
    expect(asOf(rows, T1)).toHaveLength(1);
    expect(asOf(rows, '2026-11-18T17:59:59.999Z')).toHaveLength(0);
    expect(knownTime(new Date(T1))).toBe(T1);
    expect(knownTime('2026-11-18T18:00:00.000123Z')).toBe(T1);
    expect(() => knownTime('yesterday')).toThrow(/knowledge time/);
  });

  it('firstVintage gives each key its first published version', () => {
    const c = mergeVersions(b, [{ date: '2026-11-19', gpu: 'H100', v: 5 }], opts(T3)).rows;
    expect(firstVintage(c, key).map((r) => [r.date, r.v])).toEqual([
      ['2026-11-18', 1],
      ['2026-11-19', 5],
    ]);
  });

  it('upgradeRows gives rows held before versions the first versioned sync time, and leaves versioned rows alone', () => {
    const old = [{ date: '2026-11-17', gpu: 'H100', v: 0 }];
    expect(upgradeRows([...old, ...b], T3)).toEqual([{ date: '2026-11-17', gpu: 'H100', v: 0, known_from: T3, known_to: null }, ...b]);
    expect(() => upgradeRows(old, '2026-11-20')).toThrow(/milliseconds/);
  });
});

const DAYS = ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15'];
const GPUS = ['H100', 'A100', 'B200'];

interface Fetch {
  readonly at: string;
  readonly window: { from: string; to: string };
  readonly rows: Row[];
}

/** A random fetch at `at`: a window of days, and in it a random subset of keys with values drawn from a small set (so repeats are common). */
function randomFetch(rand: () => number, at: string): Fetch {
  const i = Math.floor(rand() * DAYS.length);
  const j = i + Math.floor(rand() * (DAYS.length - i));
  const window = { from: DAYS[i] as string, to: DAYS[j] as string };
  const rows: Row[] = [];
  for (const date of DAYS.slice(i, j + 1))
    for (const gpu of GPUS) if (rand() < 0.8) rows.push({ date, gpu, v: Math.floor(rand() * 3), note: rand() < 0.1 ? null : 'x' });
  return { at, window, rows };
}

describe('mergeVersions, property: asOf at every fetch time is that fetch, within its window', () => {
  it('holds for 300 random sequences of fetches over random days', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const rand = prng(seed);
      let rows: Row[] = [];
      let ms = Date.parse('2026-11-15T00:00:00.000Z');
      const fetches: Fetch[] = [];
      const count = 1 + Math.floor(rand() * 12);
      for (let n = 0; n < count; n++) {
        // Sometimes two fetches in the same millisecond: the first one's versions are never visible.
        ms += rand() < 0.1 ? 0 : 1 + Math.floor(rand() * 86_400_000);
        const f = randomFetch(rand, new Date(ms).toISOString());
        fetches.push(f);
        rows = mergeVersions(rows, f.rows, opts(f.at, f.window)).rows;
      }
      fetches.forEach((f, i) => {
        const same = fetches[i + 1]?.at === f.at;
        if (same) return;
        const known = asOf(rows, f.at);
        const inWindow = known.filter((r) => String(r.date) >= f.window.from && String(r.date) <= f.window.to);
        expect(sorted(inWindow), `seed ${seed}, fetch ${i}`).toEqual(sorted(f.rows));
        // Outside the window, what was known just before is still known (nothing else moved).
        const before = new Date(Date.parse(f.at) - 1).toISOString();
        const outside = (rs: Row[]): Row[] => rs.filter((r) => String(r.date) < f.window.from || String(r.date) > f.window.to);
        if (fetches[i - 1]?.at !== f.at)
          expect(sorted(outside(known)), `seed ${seed}, fetch ${i}, outside`).toEqual(sorted(outside(asOf(rows, before))));
        // Every key has at most one version at any time.
        expect(new Set(known.map(key)).size).toBe(known.length);
      });
      expect(current(rows)).toEqual(asOf(rows, (fetches.at(-1) as Fetch).at));
    }
  });
});

describe('mergeVersions, adopt', () => {
  // Rows as a lake file reads back: known_from and known_to null, last.
  const fetched = (): Row[] => [
    { date: '2026-11-18', gpu: 'H100', value: 1, known_from: null, known_to: null },
    { date: '2026-11-18', gpu: 'H200', value: 2, known_from: null, known_to: null },
  ];

  it('makes each new version of the fetched row itself, known_from and known_to set, where the rows are the merge’s own', () => {
    const rows = fetched();
    const m = mergeVersions([], rows, { ...opts(T1), adopt: true });
    expect(m.rows[0]).toBe(rows[0]);
    expect(m.rows[1]).toBe(rows[1]);
    expect(m.rows[0]).toEqual({ date: '2026-11-18', gpu: 'H100', value: 1, known_from: T1, known_to: null });
  });

  it('copies them otherwise, and leaves them as they were; the versions are the same either way', () => {
    const rows = fetched();
    const m = mergeVersions([], rows, opts(T1));
    expect(m.rows[0]).not.toBe(rows[0]);
    expect(rows).toEqual(fetched());
    expect(m.rows).toEqual(mergeVersions([], fetched(), { ...opts(T1), adopt: true }).rows);
    // Keys in the same order: the row's, then known_from and known_to (a copy whose known_* were not last too).
    const mid: Row = { date: '2026-11-18', known_from: null, known_to: null, gpu: 'H100' };
    expect(Object.keys(mergeVersions([], [mid], { ...opts(T1), adopt: true }).rows[0] as Row)).toEqual([
      'date',
      'gpu',
      'known_from',
      'known_to',
    ]);
  });
});
