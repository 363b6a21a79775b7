/** The spec's rules on rows (docs/api-contract.md §4), checked on what the service actually sent. */
import type { Row } from '../row.js';

/** Tolerance of the demand + supply = change identity. */
export const IDENTITY_TOLERANCE = 1e-9;

/**
 * Checks one util-index series (rows in ascending date order, one model or the aggregate):
 * the identity, only the first row null, readings ≥ 24, dates strictly increasing.
 * `firstIsSeriesStart` is false when the first row was decomposed against an earlier day (stitched windows).
 */
export function checkUtilIndexSeries(rows: readonly Row[], label = '', firstIsSeriesStart = true): string[] {
  const out: string[] = [];
  const at = (r: Row) => `util-index${label ? ` ${label}` : ''} ${String(r.date)}`;
  rows.forEach((r, i) => {
    const d = r.demandEffect;
    const s = r.supplyEffect;
    const c = r.occupancyChange;
    const nulls = [d, s, c].filter((v) => v === null).length;
    if (i === 0 && firstIsSeriesStart) {
      if (nulls !== 3) out.push(`${at(r)}: the first row of a series should have null demandEffect, supplyEffect and occupancyChange`);
    } else if (nulls > 0) {
      out.push(`${at(r)}: only the first row may have null effects`);
    } else if (typeof d === 'number' && typeof s === 'number' && typeof c === 'number' && Math.abs(d + s - c) > IDENTITY_TOLERANCE) {
      out.push(`${at(r)}: demandEffect + supplyEffect (${d + s}) ≠ occupancyChange (${c})`);
    }
    if (typeof r.readings === 'number' && r.readings < 24) out.push(`${at(r)}: published with ${r.readings} readings (fewer than 24)`);
    const prev = rows[i - 1];
    if (prev && !(String(prev.date) < String(r.date))) out.push(`${at(r)}: dates are not strictly increasing (after ${String(prev.date)})`);
  });
  return out;
}

/** Checks a time series (ascending) for repeated timestamps. */
export function checkSeries(rows: readonly Row[], timeKey: string, label = ''): string[] {
  const out: string[] = [];
  for (let i = 1; i < rows.length; i++) {
    const a = String((rows[i - 1] as Row)[timeKey]);
    const b = String((rows[i] as Row)[timeKey]);
    if (a === b) out.push(`${label ? `${label} ` : ''}${b}: the same ${timeKey} appears twice`);
    else if (a > b) out.push(`${label ? `${label} ` : ''}${b}: out of order after ${a}`);
  }
  return out;
}
