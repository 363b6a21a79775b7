/** `gpumkt lake log`'s rows: every version of the rows asked for, numbered, with how much its value moved. */
import type { Row } from '../domain/row.js';
import { UsageError } from '../errors.js';
import { parseUserDate } from '../domain/time/dates.js';
import { KNOWN_FROM, knownTime, orderVersions } from '../lake/versions.js';
import { cellText, type RowIdentity } from '../sync/row-identity.js';

/** Which rows `lake log` lists. */
export interface LogFilter {
  /** --key: every value must be one of the row's key values, or its day. */
  readonly key?: readonly string[];
  readonly from?: string;
  readonly to?: string;
  /** --revised: only rows with more than one version. */
  readonly revised?: boolean;
  /** The day relative dates count back from. */
  readonly today: string;
}

/** The filter's days, checked (exit 2 before anything is read). */
export function logDays(f: LogFilter): { from?: string; to?: string } {
  const from = f.from === undefined ? undefined : parseUserDate(f.from, f.today, '--from');
  const to = f.to === undefined ? undefined : parseUserDate(f.to, f.today, '--to');
  if (from !== undefined && to !== undefined && from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
  return { from, to };
}

/** A difference without binary noise (2.31 − 2.29 is 0.02, not 0.020000000000000018). */
function delta(a: unknown, b: unknown): number | null {
  const x = typeof a === 'string' && a !== '' ? Number(a) : a;
  const y = typeof b === 'string' && b !== '' ? Number(b) : b;
  return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y)
    ? Number((y - x).toPrecision(12))
    : null;
}

/** Every version of the rows the filter asks for, by time, key and known_from, each with `version` (1, 2, …) and `change` (from the version before). */
export function versionLog(rows: readonly Row[], id: RowIdentity, filter: LogFilter): Row[] {
  const { from, to } = logDays(filter);
  const wanted = filter.key ?? [];
  const picked = rows.filter((r) => {
    const day = String(r[id.time]).slice(0, 10);
    if ((from !== undefined && day < from) || (to !== undefined && day > to)) return false;
    const values = new Set([day, String(r[id.time]), ...id.keys.map((c) => cellText(r[c]))]);
    return wanted.every((k) => values.has(k));
  });
  const ordered = orderVersions(
    picked.map((r) => ({ ...r })),
    id.key,
    id.time,
  );
  const counts = new Map<string, number>();
  for (const r of ordered) counts.set(id.key(r), (counts.get(id.key(r)) ?? 0) + 1);
  const out: Row[] = [];
  let prev: Row | undefined;
  for (const r of ordered) {
    const k = id.key(r);
    const same = prev !== undefined && id.key(prev) === k;
    r.version = same ? (prev?.version as number) + 1 : 1;
    if (id.value !== undefined) r.change = same ? delta(prev?.[id.value], r[id.value]) : null;
    r[KNOWN_FROM] = knownTime(r[KNOWN_FROM]);
    prev = r;
    if (!filter.revised || (counts.get(k) ?? 0) > 1) out.push(r);
  }
  return out;
}
