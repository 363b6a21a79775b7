/** --wide: one row per time key and one column per model, the shape spreadsheets want. */
import type { Row } from '../../domain/row.js';

/** One model's rows (ascending) and the column name it gets in the wide table. */
export interface LabelledSeries {
  readonly label: string;
  readonly rows: readonly Row[];
}

/**
 * Pivots series into `[timeKey, label1, label2, …]` rows, ascending by time. A model without a row at
 * some time gets null there (an empty cell), never a value carried over from elsewhere.
 */
export function pivotWide(series: readonly LabelledSeries[], timeKey: string, valueKey: string): Row[] {
  const byTime = new Map<string, Row>();
  for (const s of series) {
    for (const r of s.rows) {
      const t = String(r[timeKey]);
      let out = byTime.get(t);
      if (!out) {
        out = { [timeKey]: t };
        for (const other of series) out[other.label] = null;
        byTime.set(t, out);
      }
      const v = r[valueKey];
      out[s.label] = v === undefined ? null : v;
    }
  }
  // ISO timestamps sort as text.
  return [...byTime.keys()].sort().map((t) => byTime.get(t) as Row);
}

/** The columns of a wide table. */
export function wideColumns(series: readonly LabelledSeries[], timeKey: string): string[] {
  return [timeKey, ...series.map((s) => s.label)];
}
