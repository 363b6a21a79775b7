/** The axes of a chart: round steps and a y scale on round numbers that wastes the least height, and the x tick labels. */

/** The round step (1, 2, 2.5 or 5 times a power of ten) at or above `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const base = 10 ** Math.floor(Math.log10(raw));
  const f = raw / base;
  const m = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  return Number((m * base).toPrecision(12));
}

/** One y axis: from `lo` to `hi` in `intervals` round steps. */
export interface Scale {
  readonly lo: number;
  readonly hi: number;
  readonly step: number;
  readonly intervals: number;
}

/** The round scale with `intervals` steps that covers [min, max]: `lo` a multiple of the step. */
function scaleWith(min: number, max: number, intervals: number): Scale {
  let step = niceStep((max - min) / intervals);
  for (let i = 0; i < 20; i++) {
    const lo = Number((Math.floor(min / step) * step).toPrecision(12));
    const hi = Number((lo + intervals * step).toPrecision(12));
    if (hi >= max) return { lo, hi, step, intervals };
    step = niceStep(step * 1.0001 + Number.EPSILON);
  }
  return { lo: min, hi: max, step: (max - min) / intervals, intervals };
}

/** A y axis on round numbers that wastes the least height: 3 to 8 labelled intervals, 4 or so preferred. */
export function niceScale(min: number, max: number): Scale {
  const options = [4, 5, 3, 6, 8].map((n) => scaleWith(min, max, n));
  return options.reduce((best, s) => (s.hi - s.lo < best.hi - best.lo - 1e-12 ? s : best));
}

/** Decimals a round step needs (0.25: 2, 5: 0). */
export function decimalsFor(step: number): number {
  for (let k = 0; k <= 10; k++) if (Number(step.toFixed(k)) === Number(step.toPrecision(12))) return k;
  return 10;
}

/** The label of an x tick: the date, or date and hour when the chart spans under three days (a lone point: its full date). */
export function xLabel(ms: number, spanMs: number): string {
  const iso = new Date(ms).toISOString();
  if (spanMs === 0) return iso.slice(11, 16) === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  return spanMs < 3 * 86_400_000 ? `${iso.slice(5, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
}
