/**
 * The versions of a lake's rows (docs/point-in-time.md): every row carries `known_from` (when a sync
 * first received this version) and `known_to` (when a sync received the version that replaced it;
 * null while current), UTC ISO timestamps with milliseconds, read as the half-open interval
 * [known_from, known_to). Pure functions, no I/O: the sync's writer merges with them, `lake read` and
 * `lake log` read with them.
 */
import type { Row } from '../domain/row.js';

/** The column that opens a version. */
export const KNOWN_FROM = 'known_from';
/** The column that closes a version (null while current). */
export const KNOWN_TO = 'known_to';
/** The two knowledge-time columns, in the order they follow a row's own columns. */
export const KNOWN_COLUMNS: readonly string[] = [KNOWN_FROM, KNOWN_TO];

/** How mergeVersions tells rows apart and compares them. */
export interface MergeOptions {
  /** The row's identity (time and key columns), the same for every version of it. */
  readonly key: (r: Row) => string;
  /** True when two versions hold the same values (known_* are never compared: see sameValues). */
  readonly same: (a: Row, b: Row) => boolean;
  /** Knowledge time of this fetch: UTC ISO with milliseconds (`2026-11-20T18:00:00.000Z`). */
  readonly now: string;
  /**
   * The days the fetch covered, inclusive (`timeKey`'s day): a current row in it that the fetch no
   * longer returns is closed (the service withdrew it). Without a window nothing is closed that way.
   */
  readonly window?: { readonly from: string; readonly to: string };
  /** The row's time field (a snapshot's `snapshot_date`): the window's days are its first ten characters. */
  readonly timeKey: string;
  /**
   * The fetched rows are the merge's own (made for it, referenced nowhere else: a write's rows as its
   * format reads them back): a new version is the fetched row itself, its known_from and known_to set,
   * where it carries both last (as a file reads back); else, and by default, a copy. Held rows are
   * copied either way.
   */
  readonly adopt?: boolean;
}

/** One revision: the version closed and the one that replaced it. */
export interface Revision {
  readonly key: string;
  readonly old: Row;
  readonly new: Row;
}

/** What mergeVersions made of a fetch. */
export interface MergeResult {
  /** Every version, held and new, ordered by time, key and known_from. */
  readonly rows: Row[];
  /** Versions opened: new rows and revisions. */
  readonly added: number;
  /** Versions closed: revised rows and rows the fetch withdrew. */
  readonly closed: number;
  /** The revised rows (not the withdrawn ones), in key order. */
  readonly revised: Revision[];
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A knowledge time in its one comparable form (UTC ISO with milliseconds), from what a reader gives
 * back: that form, another ISO instant (an engine's `+00:00`, microseconds), or a Date; null when absent
 * (null, undefined, or a CSV lake's empty field). Anything else is an error: the row is not a version.
 */
export function knownTime(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string' && ISO_MS.test(v)) return v;
  const ms = v instanceof Date ? v.getTime() : typeof v === 'string' ? Date.parse(v) : Number.NaN;
  if (!Number.isFinite(ms)) throw new Error(`not a knowledge time: ${JSON.stringify(v)}`);
  return new Date(ms).toISOString();
}

/** True when the row carries a knowledge time (a lake that kept versions when it was written). */
export function isVersioned(r: Row): boolean {
  return knownTime(r[KNOWN_FROM]) !== null;
}

/** True when two rows hold the same values, column by column, leaving out known_from and known_to. */
export function sameValues(a: Row, b: Row): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const c of names) {
    if (c === KNOWN_FROM || c === KNOWN_TO) continue;
    const x = a[c] ?? null;
    const y = b[c] ?? null;
    if (x !== y && !(typeof x === 'number' && typeof y === 'number' && Number.isNaN(x) && Number.isNaN(y))) return false;
  }
  return true;
}

/**
 * The version of `r` known from `from`, current: one new object, r's columns in their order, then
 * known_from and known_to. Not `{ ...r, [KNOWN_FROM]: … }`: V8 (Node 20) gives each object spread
 * and then extended a map of its own, ~3 × the object's size. (Rows here come from the format's
 * readers, which build them by assignment: none has an own `__proto__` that assignment would lose.)
 */
function opened(r: Row, from: string, adopt = false): Row {
  let v: Row;
  if (!Object.hasOwn(r, KNOWN_FROM) && !Object.hasOwn(r, KNOWN_TO)) v = Object.assign({}, r);
  else if (knownLast(r)) v = adopt ? r : Object.assign({}, r);
  else {
    v = {};
    for (const c in r) if (Object.hasOwn(r, c) && c !== KNOWN_FROM && c !== KNOWN_TO) v[c] = r[c];
  }
  v[KNOWN_FROM] = from;
  v[KNOWN_TO] = null;
  return v;
}

/** True when known_from and known_to are the row's last two columns, in that order (a row read back from a file). */
function knownLast(r: Row): boolean {
  let a: string | undefined;
  let b: string | undefined;
  for (const c in r) {
    if (!Object.hasOwn(r, c)) continue;
    a = b;
    b = c;
  }
  return a === KNOWN_FROM && b === KNOWN_TO;
}

/** Checks `now` and returns the held rows' current versions by key (every held row must be versioned). */
function currentByKey(held: readonly Row[], opts: MergeOptions): Map<string, number> {
  if (!ISO_MS.test(opts.now)) throw new Error(`mergeVersions: now must be UTC ISO with milliseconds (got ${opts.now})`);
  const current = new Map<string, number>();
  held.forEach((r, i) => {
    const from = knownTime(r[KNOWN_FROM]);
    if (from === null) throw new Error('mergeVersions: a held row has no known_from (upgrade the lake first: upgradeRows)');
    if (knownTime(r[KNOWN_TO]) !== null) return;
    if (from > opts.now) throw new Error(`mergeVersions: knowledge time goes back (${opts.now} is before ${from})`);
    current.set(opts.key(r), i);
  });
  return current;
}

/**
 * Merges one fetch into the versions held: a row whose key is not held opens a version (known_from =
 * now); one equal (`same`) to the held current version changes nothing; a different one closes the held
 * version (known_to = now) and opens the new. A current row inside `window` that the fetch no longer
 * returns is closed. Nothing is ever dropped, so a snapshot dataset (its key includes the snapshot's
 * date) keeps every copy. When a fetch repeats a key, its last row counts.
 */
export function mergeVersions(held: readonly Row[], fetched: readonly Row[], opts: MergeOptions): MergeResult {
  const current = currentByKey(held, opts);
  const rows: Row[] = held.map((r) => ({ ...r, [KNOWN_FROM]: knownTime(r[KNOWN_FROM]), [KNOWN_TO]: knownTime(r[KNOWN_TO]) }));
  const incoming = new Map<string, Row>();
  for (const r of fetched) incoming.set(opts.key(r), r);
  let added = 0;
  let closed = 0;
  const revised: Revision[] = [];
  // forEach, not for-of: no [key, row] pair allocated per row.
  incoming.forEach((r, key) => {
    const at = current.get(key);
    const old = at === undefined ? undefined : (rows[at] as Row);
    if (old !== undefined && opts.same(old, r)) return;
    const version = opened(r, opts.now, opts.adopt);
    if (old !== undefined && at !== undefined) {
      rows[at] = { ...old, [KNOWN_TO]: opts.now };
      closed++;
      revised.push({ key, old: rows[at], new: version });
    }
    rows.push(version);
    added++;
  });
  const w = opts.window;
  if (w !== undefined) {
    for (const [key, at] of current) {
      const day = String((rows[at] as Row)[opts.timeKey]).slice(0, 10);
      if (day < w.from || day > w.to || incoming.has(key)) continue;
      rows[at] = { ...(rows[at] as Row), [KNOWN_TO]: opts.now };
      closed++;
    }
  }
  revised.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { rows: orderVersions(rows, opts.key, opts.timeKey), added, closed, revised };
}

/** Versions ordered by time, then key, then known_from (a stable order for files and tests); a new array. */
export function orderVersions(rows: Row[], key: (r: Row) => string, timeKey: string): Row[] {
  // Rows already in that order (a first sync's, a day appended) are copied as they are: the sort is
  // stable, so it would give them back unchanged, and its sort keys are an object and a key per row.
  if (inOrder(rows, key, timeKey)) return rows.slice();
  const keyed = rows.map((r) => ({ r, t: String(r[timeKey]), k: key(r), f: String(knownTime(r[KNOWN_FROM])) }));
  keyed.sort((a, b) => (a.t !== b.t ? (a.t < b.t ? -1 : 1) : a.k !== b.k ? (a.k < b.k ? -1 : 1) : a.f < b.f ? -1 : a.f > b.f ? 1 : 0));
  return keyed.map((x) => x.r);
}

/** True when no row sorts before the one ahead of it in orderVersions' order (every known_from read, as the sort reads it). */
function inOrder(rows: readonly Row[], key: (r: Row) => string, timeKey: string): boolean {
  let t = '';
  let f = '';
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as Row;
    const rt = String(r[timeKey]);
    const rf = String(knownTime(r[KNOWN_FROM]));
    if (i > 0 && rt === t) {
      // The same time: the key decides, then known_from (computed only here, where times tie).
      const prev = rows[i - 1] as Row;
      const pk = key(prev);
      const rk = key(r);
      if (pk > rk || (pk === rk && f > rf)) return false;
    } else if (i > 0 && rt < t) return false;
    t = rt;
    f = rf;
  }
  return true;
}

/** The versions the lake knew at `t` (UTC ISO with milliseconds): known_from <= t and (known_to null or known_to > t). */
export function asOf(rows: readonly Row[], t: string): Row[] {
  const at = knownTime(t) as string;
  return rows.filter((r) => {
    const from = knownTime(r[KNOWN_FROM]);
    const to = knownTime(r[KNOWN_TO]);
    return from !== null && from <= at && (to === null || to > at);
  });
}

/** The current versions (known_to null): what the service says now, as far as the last sync saw. */
export function current(rows: readonly Row[]): Row[] {
  return rows.filter((r) => knownTime(r[KNOWN_TO]) === null);
}

/**
 * Each key's first published version (the first-release view, `--vintage first`): the version with the
 * earliest known_from, in the rows' order. A key the service later withdrew still shows its first value.
 */
export function firstVintage(rows: readonly Row[], key: (r: Row) => string): Row[] {
  const first = new Map<string, Row>();
  for (const r of rows) {
    const k = key(r);
    const seen = first.get(k);
    if (seen === undefined || String(knownTime(r[KNOWN_FROM])) < String(knownTime(seen[KNOWN_FROM]))) first.set(k, r);
  }
  const chosen = new Set(first.values());
  return rows.filter((r) => chosen.has(r));
}

/**
 * Rows a lake held before it kept versions, upgraded in place: each gets known_from = `since` (the
 * first versioned sync's time) and known_to null; rows that already carry known_from are left as they are.
 */
export function upgradeRows(rows: readonly Row[], since: string): Row[] {
  if (!ISO_MS.test(since)) throw new Error(`upgradeRows: since must be UTC ISO with milliseconds (got ${since})`);
  return rows.map((r) => (isVersioned(r) ? r : { ...r, [KNOWN_FROM]: since, [KNOWN_TO]: null }));
}
