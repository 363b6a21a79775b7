/**
 * Token volume (`GET /api/token-volume`, premium and full keys) and its handler. The docs' rules: both
 * dates required (400 without); closed labs only; per day a `labs` list where a lab without volume is
 * left out (not zero); `growthIndex` is 100 at the lab's own first settled day (fixed base);
 * `totalGrowthIndex` nullable; `baselines` and `totalBaseline`; daily only. Where the docs are silent:
 * - anthropic and openai start on 2026-02-02, google on 2026-02-16 (its growthIndex is 100 there);
 * - each lab is absent on ~4 % of days (never its first), chosen by a fixed hash of lab and day;
 * - `totalGrowthIndex` = 100 × the day's total / the total of the first day with all three labs
 *   (`totalBaseline`), null before that day and on days with a lab absent (the totals differ in kind);
 * - a day is served once settled, at 02:00 UTC the next day (never after the clock); newest first.
 */
import { addDays, dateToMs } from '../../domain/time/dates.js';
import { CLOSED_LABS } from '../../domain/catalogues/labs.js';
import { badRequest, jsonReply, type Reply } from '../http.js';
import type { ExtraInput } from '../handlers/tables.js';
import { unit } from './prng.js';

const S_GROWTH = 51,
  S_ABSENT = 52;
/** A day settles this long after it ends. */
const SETTLE_MS = 2 * 3_600_000;
/** Each closed lab's first settled day and its tokens that day. */
const FIRST: Readonly<Record<string, { date: string; tokens: number }>> = {
  anthropic: { date: '2026-02-02', tokens: 1_100_000_000_000 },
  openai: { date: '2026-02-02', tokens: 2_300_000_000_000 },
  google: { date: '2026-02-16', tokens: 1_600_000_000_000 },
};
/** The first day every closed lab has volume: the base of totalGrowthIndex. */
export const TOTAL_BASE_DAY = '2026-02-16';
const walks = new Map<string, number[]>();

/** Tokens of `lab` on `date` had it volume that day (a walk from its first day, growing ~0.5 % a day). */
function level(lab: string, date: string): number {
  const first = FIRST[lab] as { date: string; tokens: number };
  const d = Math.round((dateToMs(date) - dateToMs(first.date)) / 86_400_000);
  const l = CLOSED_LABS.indexOf(lab);
  let w = walks.get(lab);
  if (!w) walks.set(lab, (w = [first.tokens]));
  while (w.length <= d) w.push(Math.round((w.at(-1) as number) * (1.005 + 0.04 * (unit(S_GROWTH, l, w.length) - 0.5))));
  return w[d] as number;
}

/** True when `lab` has volume on `date`. */
export function hasVolume(lab: string, date: string): boolean {
  const first = FIRST[lab];
  if (!first || date < first.date) return false;
  return date === first.date || unit(S_ABSENT, CLOSED_LABS.indexOf(lab), Math.round(dateToMs(date) / 86_400_000)) >= 0.04;
}

/** One day's entry: the labs with volume, and the day's totalGrowthIndex. */
export function volumeDay(date: string): {
  date: string;
  labs: Array<{ lab: string; totalTokens: number; growthIndex: number; share: number }>;
  totalGrowthIndex: number | null;
} {
  const present = CLOSED_LABS.filter((lab) => hasVolume(lab, date)).map((lab) => ({ lab, tokens: level(lab, date) }));
  const total = present.reduce((a, p) => a + p.tokens, 0);
  const labs = present.map((p) => ({
    lab: p.lab,
    totalTokens: p.tokens,
    growthIndex: (100 * p.tokens) / (FIRST[p.lab] as { tokens: number }).tokens,
    share: p.tokens / total,
  }));
  const comparable = date >= TOTAL_BASE_DAY && present.length === CLOSED_LABS.length;
  return { date, labs, totalGrowthIndex: comparable ? (100 * total) / baseTotal() : null };
}

/** The total tokens of TOTAL_BASE_DAY. */
function baseTotal(): number {
  return CLOSED_LABS.reduce((a, lab) => a + level(lab, TOTAL_BASE_DAY), 0);
}

/** GET /api/token-volume: both dates required; settled days of the window, newest first. */
export function tokenVolumeHandler({ params, today, now }: ExtraInput): Reply {
  const required = (): string => {
    throw badRequest('startDate and endDate query parameters are required (format: YYYY-MM-DD)');
  };
  const from = params.date('startDate', required);
  const to = params.date('endDate', required);
  if (from > to) throw badRequest('startDate must not be after endDate');
  const data = [];
  for (let d = to < today ? to : addDays(today, -1); d >= from; d = addDays(d, -1)) {
    if (dateToMs(addDays(d, 1)) + SETTLE_MS > now) continue;
    const day = volumeDay(d);
    if (day.labs.length > 0) data.push(day);
  }
  const baselines = CLOSED_LABS.filter((lab) => (FIRST[lab] as { date: string }).date < today).map((lab) => ({
    lab,
    date: (FIRST[lab] as { date: string }).date,
    totalTokens: (FIRST[lab] as { tokens: number }).tokens,
  }));
  const totalBaseline = TOTAL_BASE_DAY < today ? { date: TOTAL_BASE_DAY, totalTokens: baseTotal() } : null;
  return jsonReply(200, { success: true, count: data.length, baselines, totalBaseline, data });
}
