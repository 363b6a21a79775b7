/**
 * How cells look in the table view: numbers with one decimal count per column (so decimal points line
 * up and float noise never shows), timestamps without their empty parts, and the width a terminal
 * gives a string. Machine formats never use these: they print values as received (values.ts).
 */

/** Significant digits the table shows of a column's largest value. */
export const SIGNIFICANT = 6;
// More decimals than this is never useful on a screen (and toFixed caps at 100).
const MAX_DECIMALS = 12;

/**
 * Decimals `n` carries (2.0759: 4), read at 12 significant digits so binary float noise
 * (0.02370000000000005) counts as the 0.0237 it stands for.
 */
function neededDecimals(n: number): number {
  const clean = Number(n.toPrecision(12));
  for (let k = 0; k <= 17; k++) if (Number(clean.toFixed(k)) === clean) return k;
  return 17;
}

/**
 * The decimals of a numeric column: enough for SIGNIFICANT digits of its largest magnitude, but never
 * more than its values carry (2.0759 stays 2.0759, not 2.07590), so one column has one decimal count.
 */
export function columnDecimals(values: readonly number[]): number {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return 0;
  const max = Math.max(...finite.map(Math.abs));
  const bySignificance = max === 0 ? 0 : Math.max(0, SIGNIFICANT - 1 - Math.floor(Math.log10(max)));
  const carried = Math.max(...finite.map((v) => Math.min(neededDecimals(v), MAX_DECIMALS)));
  return Math.min(bySignificance, carried, MAX_DECIMALS);
}

/** A number with `decimals` decimals; -0 and values that round to zero print without a minus sign. */
export function fixedNumber(n: number, decimals: number): string {
  if (!Number.isFinite(n)) return String(n);
  const s = n.toFixed(decimals);
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
}

/** From this magnitude on, a column's numbers are grouped by thousands (5,229,605,920,066). */
export const GROUP_FROM = 10_000;

// Numbers that name rather than count (ids, years, epochs) are never grouped.
const UNGROUPED = /(^|[_-])(id|year)$|epoch|timestamp/i;

/** True when the column's numbers are big enough to be read in groups of three digits. */
export function groupsDigits(name: string, values: readonly number[]): boolean {
  return !UNGROUPED.test(name) && values.some((v) => Number.isFinite(v) && Math.abs(v) >= GROUP_FROM);
}

/** `-5229605920066.5` → `-5,229,605,920,066.5`: the integer part in groups of three. */
export function groupDigits(s: string): string {
  const m = /^(-?)(\d+)(\.\d*)?$/.exec(s);
  if (!m) return s;
  return `${m[1] ?? ''}${(m[2] as string).replace(/\B(?=(\d{3})+$)/g, ',')}${m[3] ?? ''}`;
}

const ISO = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?Z$/;

/**
 * How a column of ISO timestamps is shown: `date` when every one is midnight UTC (daily rows),
 * `minute` when seconds are zero, `second` when fractions are, else undefined (shown as received).
 */
export type TimeStyle = 'date' | 'minute' | 'second';

/** The style every value of a column allows, or undefined when a value is not an ISO UTC timestamp. */
export function timeStyle(values: readonly unknown[]): TimeStyle | undefined {
  let style: TimeStyle = 'date';
  let seen = false;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    const m = typeof v === 'string' ? ISO.exec(v) : null;
    if (!m) return undefined;
    seen = true;
    const fraction = m[5] !== undefined && /[1-9]/.test(m[5]);
    if (fraction) return undefined;
    if (m[4] !== '00') style = 'second';
    else if (style === 'date' && (m[2] !== '00' || m[3] !== '00')) style = 'minute';
  }
  return seen ? style : undefined;
}

/** An ISO UTC timestamp in `style`: `2026-11-20`, `2026-11-20 06:34`, `2026-11-20 06:34:28` (all UTC). */
export function formatTime(v: string, style: TimeStyle): string {
  const m = ISO.exec(v);
  if (!m) return v;
  if (style === 'date') return m[1] as string;
  if (style === 'minute') return `${m[1]} ${m[2]}:${m[3]}`;
  return `${m[1]} ${m[2]}:${m[3]}:${m[4]}`;
}

/** One ISO UTC timestamp as the table shows one (`2026-11-19 16:55 UTC`); anything else as it is. */
export function shortTime(v: string): string {
  const style = timeStyle([v]);
  return style === undefined ? v : `${formatTime(v, style)}${style === 'date' ? '' : ' UTC'}`;
}

// East Asian wide and fullwidth blocks and the emoji planes: two cells each in a terminal.
const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f680, 0x1f6ff],
  [0x1f900, 0x1f9ff],
  [0x1fa70, 0x1faff],
  [0x20000, 0x3fffd],
];
// Zero-width spaces and joiners are Cf, variation selectors Mn. Made on first use: a pattern of Unicode
// properties is parsed when it is created, with ICU's property tables (~2.8 M instructions, 1.1 % of a
// 30-row query, which loads this module and never measures a width).
let zeroWidth: RegExp | undefined;

/** The number of terminal cells `s` takes (escape sequences of colour excluded). */
export function displayWidth(s: string): number {
  let w = 0;

  for (const ch of s.replace(/\x1b\[[0-9;]*m/g, '')) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || (zeroWidth ??= /[\p{Mn}\p{Me}\p{Cf}]/u).test(ch)) continue;
    w += WIDE.some(([lo, hi]) => cp >= lo && cp <= hi) ? 2 : 1;
  }
  return w;
}
