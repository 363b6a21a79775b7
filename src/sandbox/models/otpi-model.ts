/**
 * The token-price index (`GET /api/otpi`) and the lab catalogues (`/api/token-types`, `-free`), with
 * their handlers. The docs' rules: history from 2025-07-04 with no rows from 2026-04-04 to 2026-06-03;
 * a day is served once settled (here: the day after, between 00:30 and 01:29 UTC, all labs within a
 * minute; the clock's own day never is); no key reads the 4 free labs over the trailing month (401 outside), a key all 11 labs and the
 * whole history; `date` with `startDate`/`endDate` is 400, as is an unknown `lab`; ranges echo
 * `startDate`/`endDate` and come oldest first, a single day echoes `date` (404 when it has no rows).
 * Where the docs are silent: each lab's index is a deterministic random walk (full float precision,
 * drifting down), rows of a day in catalogue order, and the catalogues are `{ success, count, data }`.
 */
import { addDays, dateToMs, subtractMonths } from '../../domain/time/dates.js';
import { FREE_LABS, LABS } from '../../domain/catalogues/labs.js';
import { AUTH_MESSAGES, badRequest, jsonReply, noData, unauthorized, type Reply } from '../http.js';
import type { ExtraInput } from '../handlers/tables.js';
import { intBelow, unit } from './prng.js';

/** The first day of the index, and the documented gap (inclusive). */
export const OTPI = { start: '2025-07-04', gapFrom: '2026-04-04', gapTo: '2026-06-03' } as const;

const S_STEP = 41,
  S_SETTLE = 42;
const BASE: readonly number[] = [9.5, 6.8, 4.2, 0.9, 0.6, 1.8, 5.5, 1.1, 1.4, 0.8, 0.7];
const walks = new Map<number, number[]>();

const dayNumber = (date: string): number => Math.round((dateToMs(date) - dateToMs(OTPI.start)) / 86_400_000);

/** Lab l's index on day number d (from the start), cached per lab. */
function level(l: number, d: number): number {
  let w = walks.get(l);
  if (!w) walks.set(l, (w = [BASE[l] as number]));
  while (w.length <= d) w.push((w.at(-1) as number) * (1 - 0.0009 + 0.02 * (unit(S_STEP, l, w.length) - 0.5)));
  return w[d] as number;
}

/** When `date` settles (epoch ms): the next day, 00:30 to 01:29 UTC; each lab's row a few seconds after. */
function settledAt(date: string): number {
  return dateToMs(addDays(date, 1)) + (30 + intBelow(60, S_SETTLE, 0, dayNumber(date))) * 60_000;
}

/** True when `date` has OTPI rows at the clock `now` (settled by then, inside the history, outside the gap). */
export function otpiDay(date: string, now: number): boolean {
  return date >= OTPI.start && !(date >= OTPI.gapFrom && date <= OTPI.gapTo) && settledAt(date) + 60_000 <= now;
}

/** The row of one lab on one day. */
export function otpiRow(lab: string, date: string): { date: string; lab: string; indexPerMtok: number; computedAt: string } {
  const l = LABS.findIndex((x) => x.lab === lab);
  return { date, lab, indexPerMtok: level(l, dayNumber(date)), computedAt: new Date(settledAt(date) + (l + 1) * 1000).toISOString() };
}

/** The latest day settled at the clock `now` (the day before `today`, or earlier early in the morning). */
export function latestOtpiDay(today: string, now: number): string {
  let d = addDays(today, -1);
  while (!otpiDay(d, now) && d >= OTPI.start) d = addDays(d, -1);
  return d;
}

/** The request's labs, checked: 400 for an unknown one, 401 for a paid one without a key. */
function labsOf(lab: string | undefined, keyed: boolean): readonly string[] {
  if (lab !== undefined && !LABS.some((l) => l.lab === lab)) throw badRequest(`Invalid lab. Allowed: ${LABS.map((l) => l.lab).join(', ')}`);
  if (lab !== undefined && !keyed && !FREE_LABS.includes(lab)) throw unauthorized(AUTH_MESSAGES.missing);
  return lab !== undefined ? [lab] : keyed ? LABS.map((l) => l.lab) : FREE_LABS;
}

/** GET /api/otpi. */
export function otpiHandler({ params, today, now, keyed, plan }: ExtraInput): Reply {
  const asDate = (): string => '';
  const date = params.date('date', asDate) || undefined;
  const from = params.date('startDate', asDate) || undefined;
  const to = params.date('endDate', asDate) || undefined;
  if (date !== undefined && (from !== undefined || to !== undefined))
    throw badRequest('Use either date or startDate and endDate, not both');
  if ((from === undefined) !== (to === undefined)) throw badRequest('startDate and endDate must be given together (format: YYYY-MM-DD)');
  if (from !== undefined && to !== undefined && from > to) throw badRequest('startDate must not be after endDate');
  const labs = labsOf(params.get('lab'), keyed);
  const first = date ?? from ?? latestOtpiDay(today, now);
  if (!keyed && first < subtractMonths(today, 1)) throw unauthorized(AUTH_MESSAGES.missing);
  const access = plan === 'public' ? 'public-1mo' : plan;
  if (from !== undefined && to !== undefined) {
    const data = [];
    for (let d = from; d <= to && d < today; d = addDays(d, 1)) if (otpiDay(d, now)) data.push(...labs.map((lab) => otpiRow(lab, d)));
    return jsonReply(200, { success: true, access, startDate: from, endDate: to, count: data.length, data });
  }
  const day = date ?? latestOtpiDay(today, now);
  if (!otpiDay(day, now)) throw noData(`No OTPI data found for ${day}`);
  const data = labs.map((lab) => otpiRow(lab, day));
  return jsonReply(200, { success: true, access, date: day, count: data.length, data });
}

/** GET /api/token-types (every lab) and /api/token-types-free (the free four): `{ lab, label }` rows. */
export function tokenTypesHandler(freeOnly: boolean): () => Reply {
  return () => {
    const data = LABS.filter((l) => !freeOnly || FREE_LABS.includes(l.lab)).map((l) => ({ lab: l.lab, label: l.label }));
    return jsonReply(200, { success: true, count: data.length, data });
  };
}
