/**
 * The `series` fetch plan: one request per model for every row of the window. The limit is sized to
 * what the window can hold; a `records_found` above what came back is fetched again, and a service
 * that caps rows gets the window in parts (series-chunks.ts) rather than a silently short export.
 */
import { InvalidResponseError } from '../../errors.js';
import type { Endpoint, EnvelopeBody } from '../../api/endpoint.js';
import type { Row } from '../../domain/row.js';
import type { SeriesParams } from '../../datasets/per-gpu-series.js';
import { daysBetween } from '../../domain/time/dates.js';
import type { Session } from '../session.js';

/** An endpoint of the `series` fetch plan. */
export type SeriesEndpoint = Endpoint<SeriesParams, EnvelopeBody>;

/** The row counts a series response echoes in `query`. */
interface SeriesEcho {
  readonly records_found?: number;
  readonly limit_applied?: number;
}

const echo = (body: EnvelopeBody): SeriesEcho | undefined => body.query;

/** The most points a window can hold: one a day for daily, 24 a day otherwise (auto may mean hourly). */
export function windowCapacity(from: string, to: string, granularity: SeriesParams['granularity']): number {
  const days = daysBetween(from, to) + 1;
  return granularity === 'daily' ? days : days * 24;
}

/**
 * One model's rows. With `all`, a `records_found` above what came back is fetched again; a service
 * that caps the rows gets the window in parts (series-chunks.ts) unless `canSplit` is false (--raw),
 * and otherwise the run fails loudly rather than export a short series.
 */
export async function fetchSeries(
  session: Session,
  endpoint: SeriesEndpoint,
  params: SeriesParams,
  all: boolean,
  canSplit = true,
): Promise<{ rows: Row[]; text: string }> {
  let res = await session.get(endpoint, params);
  let found = echo(res.body)?.records_found;
  if (!all) return res;
  if (found === undefined) {
    // No count to compare with: a full response under a lowered limit may be a cut one.
    const applied = echo(res.body)?.limit_applied;
    if (applied === undefined || applied >= params.limit || res.rows.length < applied || res.rows.length === 0) return res;
    if (canSplit) return { rows: await inParts(session, endpoint, params, res), text: res.text };
    throw new InvalidResponseError(
      `${endpoint.id} ${params.gpu}: the service applied a limit of ${applied} rows (asked: ${params.limit}) and sent that many; refusing a possibly short export`,
      'narrow the window with --from/--to',
    );
  }
  if (found <= res.rows.length) return res;
  if (found > params.limit) {
    // The window holds more than we thought possible: ask once more for exactly what it holds.
    res = await session.get(endpoint, { ...params, limit: found });
    found = echo(res.body)?.records_found ?? 0;
    if (found <= res.rows.length) return res;
  }
  if (canSplit && res.rows.length > 0) return { rows: await inParts(session, endpoint, params, res), text: res.text };
  throw new InvalidResponseError(
    `${endpoint.id} ${params.gpu}: the service reports ${found} rows in the window but sent ${res.rows.length} (limit applied: ${echo(res.body)?.limit_applied ?? 'unknown'}); refusing a silently short export`,
    'narrow the window with --from/--to',
  );
}

// A window in parts is the rare case (a capped or cut response): its code is loaded only then.
async function inParts(...a: Parameters<typeof import('./series-chunks.js').fetchInParts>): Promise<Row[]> {
  return (await import('./series-chunks.js')).fetchInParts(...a);
}
