/**
 * Series windows the service will not send in one response. history / volume / range answer with the
 * N most recent points, and a service that caps N (`limit_applied` below what was asked, fewer rows
 * than `records_found`) would otherwise make an export silently short. Such a window is fetched again
 * in consecutive sub-windows that each fit under the cap, with the granularity pinned to what the
 * service chose for the whole window (`auto` would turn a short sub-window hourly), and stitched.
 */
import { InvalidResponseError } from '../../errors.js';
import type { Endpoint } from '../../api/endpoint.js';
import type { Row } from '../../domain/row.js';
import type { ApiResponse } from '../../api/client.js';
import type { SeriesParams } from '../../datasets/per-gpu-series.js';
import { splitWindow } from '../../domain/time/dates.js';
import type { Session } from '../session.js';
import { FAN_OUT, mapConcurrent } from './fan-out.js';

type SeriesBody = { query?: { records_found?: number; limit_applied?: number; data_granularity?: string } };

/** The granularity the service used: its echo, the one asked for, or (auto) hourly when a day repeats. */
export function servedGranularity(params: SeriesParams, res: ApiResponse<SeriesBody>, timeKey: string): 'daily' | 'hourly' {
  const echoed = res.body.query?.data_granularity;
  if (echoed === 'daily' || echoed === 'hourly') return echoed;
  if (params.granularity !== 'auto') return params.granularity;
  const days = new Set<string>();
  for (const r of res.rows) {
    const day = String(r[timeKey]).slice(0, 10);
    if (days.has(day)) return 'hourly';
    days.add(day);
  }
  return 'daily';
}

/**
 * Fetches `params`' window in parts of at most `cap` points each (cap = the rows the service sent
 * for a capped request) and returns every row once, ascending by `timeKey`.
 */
export async function fetchInParts<B extends SeriesBody>(
  session: Session,
  endpoint: Endpoint<SeriesParams, B>,
  params: SeriesParams,
  capped: ApiResponse<B>,
): Promise<Row[]> {
  const timeKey = endpoint.timeKey as string;
  const cap = capped.rows.length;
  const grain = servedGranularity(params, capped, timeKey);
  const perDay = grain === 'daily' ? 1 : 24;
  const days = Math.floor(cap / perDay);
  if (days < 1) {
    throw new InvalidResponseError(
      `${endpoint.id} ${params.gpu}: the service sends at most ${cap} rows a request, less than one day of ${grain} rows`,
    );
  }
  const parts = splitWindow({ from: params.from, to: params.to }, days);
  const results = await mapConcurrent(parts, FAN_OUT, async (w) => {
    const p: SeriesParams = { ...params, from: w.from, to: w.to, granularity: grain, limit: days * perDay };
    const res = await session.get(endpoint, p);
    const found = res.body.query?.records_found;
    if (found !== undefined && found > res.rows.length) {
      throw new InvalidResponseError(
        `${endpoint.id} ${params.gpu} ${w.from}..${w.to}: the service reports ${found} rows but sent ${res.rows.length}, even for a window under its cap`,
      );
    }
    return res.rows;
  });
  // Parts cover disjoint days, so a repeat can only come from the service; keep the first.
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const r of results.flat()) {
    const t = String(r[timeKey]);
    if (seen.has(t)) continue;
    seen.add(t);
    rows.push(r);
  }
  return rows.sort((a, b) => (String(a[timeKey]) < String(b[timeKey]) ? -1 : String(a[timeKey]) > String(b[timeKey]) ? 1 : 0));
}
