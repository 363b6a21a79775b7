/**
 * What the service actually served, read on every response (docs/api-contract.md): the grain
 * (`granularity`, `query.data_granularity`, a row's `data_type`), the plan (`access`, else the key's
 * prefix), whether the index is on the requested base (`baseAvailable`), and which rows belong to the
 * current UTC day and so are provisional. The runner reports these on stderr; none of them fails a
 * run except a grain other than the one asked for under --strict (exit 6).
 */
import type { Context } from '../context.js';
import { InvalidResponseError } from '../errors.js';
import type { Endpoint } from '../api/endpoint.js';
import type { ApiResponse } from '../api/client.js';
import type { Row } from '../domain/row.js';
import { daysBetween, type DateWindow } from '../domain/time/dates.js';
import type { Session } from './session.js';
import type { Deviation } from '../api/tolerant.js';

function noteOffShape(off: OffShape, endpoint: string, deviations: readonly Deviation[] | undefined): void {
  if (deviations === undefined || deviations.length === 0) return;
  off.first ??= { endpoint, deviation: deviations[0] as Deviation };
  off.count += deviations.length;
  for (const d of deviations) if (d.path.startsWith('data.')) off.fields.add(d.field);
}

/**
 * One line for every field the responses held off its documented type (kept as received: the body could
 * still be rendered); --strict makes it exit 6. Returns the columns concerned (their declared types no
 * longer hold, so typed formats infer them from the values), with the endpoint's renames applied.
 */
export function checkOffShape(ctx: Context, strict: boolean, served: Served, rename?: Readonly<Record<string, string>>): Set<string> {
  const { first, count, fields } = served.offShape;
  if (first === undefined) return new Set();
  const { path, value, kind } = first.deviation;
  const shown = (JSON.stringify(value) ?? String(value)).slice(0, 60);
  const what = `${first.endpoint}: ${path} is ${shown}, not the documented ${kind}`;
  if (strict) throw new InvalidResponseError(`the response does not have the documented shape: ${what}`);
  const more = count > 1 ? `; ${count - 1} more field${count === 2 ? '' : 's'} off the documented shape` : '';
  ctx.log.warn(`${what}: kept as received${more} (--strict makes this an error)`);
  return new Set([...fields].map((f) => (rename && Object.hasOwn(rename, f) ? (rename[f] as string) : f)));
}

/** A grain of rows. */
export type Grain = 'daily' | 'hourly';

/** What the responses of one run said about themselves. */
export interface Served {
  /** Every grain a response reported. */
  readonly grains: Set<Grain>;
  /** `access` values seen. */
  readonly access: Set<string>;
  /** True once a response said `baseAvailable: false`. */
  baseUnavailable: boolean;
  /** Fields off their documented type, kept as received (api/tolerant.ts). */
  readonly offShape: OffShape;
}

/** What the responses of a run held off their documented shape: the first such field, how many, and their names. */
export interface OffShape {
  first?: { readonly endpoint: string; readonly deviation: Deviation };
  count: number;
  /** The row fields concerned, by their names in the body. */
  readonly fields: Set<string>;
}

/** Windows longer than this many days are served daily under `auto` (docs/api-contract.md). */
export const AUTO_DAILY_ABOVE_DAYS = 30;

const asGrain = (v: unknown): Grain | undefined => (v === 'daily' || v === 'hourly' ? v : undefined);

/** The grain a response says it served: `granularity`, else `query.data_granularity`, else its first row's `data_type`. */
export function servedGrainOf(body: unknown, rows: readonly Row[]): Grain | undefined {
  const b = body as { granularity?: unknown; query?: { data_granularity?: unknown } } | undefined;
  return asGrain(b?.granularity) ?? asGrain(b?.query?.data_granularity) ?? asGrain(rows[0]?.data_type);
}

/** A session that notes what every response served (requests and results pass through untouched). */
export function observe(session: Session): { session: Session; served: Served } {
  const served: Served = { grains: new Set(), access: new Set(), baseUnavailable: false, offShape: { count: 0, fields: new Set() } };
  const get = async <P, B>(endpoint: Endpoint<P, B>, params: P): Promise<ApiResponse<B>> => {
    const res = await session.get(endpoint, params);
    const grain = servedGrainOf(res.body, res.rows);
    if (grain) served.grains.add(grain);
    const body = res.body as { access?: unknown; baseAvailable?: unknown };
    if (typeof body.access === 'string') served.access.add(body.access);
    if (body.baseAvailable === false) served.baseUnavailable = true;
    noteOffShape(served.offShape, endpoint.id, res.deviations);
    return res;
  };
  return { session: { ...session, get }, served };
}

/** The plan a key's prefix names (the service's documentation): `sk_live_` full, `sk_prem_` premium. */
export function planOfKey(key: string | undefined): 'full' | 'premium' | undefined {
  if (key?.startsWith('sk_live_')) return 'full';
  if (key?.startsWith('sk_prem_')) return 'premium';
  return undefined;
}

/** The grain a request should be served: `auto` resolves by the window's length, as the service does. */
export function expectedGrain(asked: string, window: DateWindow): Grain {
  if (asked === 'daily' || asked === 'hourly') return asked;
  return daysBetween(window.from, window.to) + 1 > AUTO_DAILY_ABOVE_DAYS ? 'daily' : 'hourly';
}

/**
 * One warning when the service served another grain than the one asked for (a daily-only plan asking
 * for hourly or a short `auto` window gets daily rows); --strict makes it exit 6. Returns the grain served.
 */
export function checkServedGrain(
  ctx: Context,
  strict: boolean,
  served: Served,
  asked: string,
  window: DateWindow,
  key: string | undefined,
): Grain | undefined {
  const want = expectedGrain(asked, window);
  const got = served.grains.has(want) ? (served.grains.size > 1 ? undefined : want) : [...served.grains][0];
  if (got === undefined || got === want) return got;
  const plan =
    served.access.has('premium') || planOfKey(key) === 'premium' ? 'premium (daily only)' : (planOfKey(key) ?? [...served.access][0]);
  const message = `asked for ${want} rows (--granularity ${asked}), the service sent ${got} rows${plan ? `; the key's plan: ${plan}` : ''}`;
  if (strict) throw new InvalidResponseError(message, 'a full (sk_live_) key is served hourly data; or ask for --granularity daily');
  ctx.log.warn(`${message} (--strict makes this an error)`);
  return got;
}

/** The note when the index is not on the requested base (`baseAvailable: false`). */
export function noteBaseUnavailable(ctx: Context, served: Served, baseDate: string | undefined): void {
  if (!served.baseUnavailable) return;
  const day = baseDate === undefined ? '' : ` ${baseDate}`;
  ctx.log.warn(
    `the index is not on the requested base${day}: the service has no published day there (baseAvailable: false), so index values are relative to another day`,
  );
}

/** True when a row's time falls on `today` (UTC): the day is not over, so its values are provisional. */
export function isProvisional(row: Row, timeKey: string, today: string): boolean {
  const t = row[timeKey];
  return typeof t === 'string' && t.slice(0, 10) === today;
}

/**
 * Rows of the current UTC day, per target: with --settled they are left out; otherwise a note says
 * they will change. Returns the rows to go on and how many are provisional.
 */
export function handleProvisional(
  ctx: Context,
  parts: Row[][],
  timeKey: string,
  settled: boolean,
): { parts: Row[][]; provisional: number } {
  const today = ctx.today();
  let n = 0;
  for (const rows of parts) for (const r of rows) if (isProvisional(r, timeKey, today)) n++;
  if (n === 0) return { parts, provisional: 0 };
  const what = `${n} row${n === 1 ? '' : 's'} of today (${today} UTC)`;
  // For the person at the terminal (and --verbose); a pipeline's stderr stays clean, as the rows carry their dates.
  const note = ctx.io.stderrIsTTY ? ctx.log.info : ctx.log.verbose;
  if (settled) {
    note(`left out ${what}: the day is not over (--settled)`);
    return { parts: parts.map((rows) => rows.filter((r) => !isProvisional(r, timeKey, today))), provisional: 0 };
  }
  // One line that fits 80 columns: the day is not over, so these values will still change.
  note(`${what} ${n === 1 ? 'is' : 'are'} provisional; --settled omits ${n === 1 ? 'it' : 'them'}`);
  return { parts, provisional: n };
}

/** The column the table view adds to mark provisional rows. */
export const PROVISIONAL_COLUMN = 'note';

/** Marks provisional rows for the table view: a `note` column saying `provisional`. */
export function markProvisional(rows: Row[], timeKey: string, today: string): Row[] {
  return rows.map((r) => (isProvisional(r, timeKey, today) ? { ...r, [PROVISIONAL_COLUMN]: 'provisional' } : r));
}
