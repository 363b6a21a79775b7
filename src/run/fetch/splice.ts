/**
 * Joining two index series on their overlap, without assuming how the service rebases (docs/api-contract.md:
 * with `baseAvailable: false` one service may rebase each response to its own first row, another to
 * one fixed day). The overlap rows (same date in both parts) decide: equal index values join as they
 * are; values that differ by one constant ratio put the later part on the earlier part's base; any
 * other difference is reported (a warning, exit 6 under --strict).
 */
import type { Row } from '../../domain/row.js';

/** Relative tolerance for "one constant ratio" (float noise of a division, not a real difference). */
const RATIO_TOLERANCE = 1e-9;

/** What a splice did. */
export interface Splice {
  /** The later part on the earlier part's base (every row of it, overlap included). */
  readonly rows: Row[];
  /** Set when the overlap rows disagree in a way no rebasing explains. */
  readonly problem?: string;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * The earlier part's base, when it shows: a row whose index is exactly 100 is the base day, and its
 * `eur` lets later rows be computed the way the service computes them (index = 100 × eur / eur_base),
 * to the last digit rather than through a ratio's float noise.
 */
function baseEur(earlier: readonly Row[]): number | undefined {
  for (const r of earlier) {
    const eur = num(r.eur);
    if (r.index === 100 && eur !== undefined && eur > 0) return eur;
  }
  return undefined;
}

/** Puts `later` on the base of `earlier` by their common dates (`key` names a row's date). */
export function spliceIndex(earlier: readonly Row[], later: readonly Row[], key = 'date', column = 'index'): Splice {
  const before = new Map<string, number>();
  for (const r of earlier) {
    const v = num(r[column]);
    if (v !== undefined) before.set(String(r[key]), v);
  }
  const pairs: Array<[number, number, string]> = [];
  for (const r of later) {
    const a = before.get(String(r[key]));
    const b = num(r[column]);
    if (a !== undefined && b !== undefined) pairs.push([a, b, String(r[key])]);
  }
  if (pairs.length === 0 || pairs.every(([a, b]) => a === b)) return { rows: [...later] };
  const [a0, b0] = pairs[0] as [number, number, string];
  const ratio = b0 === 0 ? Number.NaN : a0 / b0;
  const constant = Number.isFinite(ratio) && ratio > 0 && pairs.every(([a, b]) => Math.abs(b * ratio - a) <= RATIO_TOLERANCE * Math.abs(a));
  if (!constant) {
    const [a, b, d] = pairs.find(([x, y]) => x !== y) as [number, number, string];
    return {
      rows: [...later],
      problem: `the index of two joined responses disagrees on ${d} (${a} and ${b}) by more than a change of base; the joined series may jump there`,
    };
  }
  const eurBase = baseEur(earlier);
  const rows = later.map((r) => {
    const v = num(r[column]);
    if (v === undefined) return r;
    const scaled = v * ratio;
    const eur = num(r.eur);
    // The service's own formula where the base shows, when it agrees with the ratio (else the ratio).
    const exact = eurBase !== undefined && eur !== undefined && column === 'index' ? 100 * (eur / eurBase) : undefined;
    const value = exact !== undefined && Math.abs(exact - scaled) <= RATIO_TOLERANCE * Math.abs(scaled) ? exact : scaled;
    return { ...r, [column]: value };
  });
  return { rows };
}
