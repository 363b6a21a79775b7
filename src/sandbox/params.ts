/** Request-target parsing and query-parameter validation for the sandbox's handlers. */
import { isIsoDate } from '../domain/time/dates.js';
import { badRequest } from './http.js';

/** A request target split into its decoded parts. */
export interface Target {
  /** Decoded pathname; the raw one when it does not decode. */
  readonly path: string;
  /** Decoded path segments (without the leading empty one), or undefined when percent-decoding fails. */
  readonly segments: readonly string[] | undefined;
  /** Decoded query, first value of each name; undecodable parts are kept raw. */
  readonly query: Record<string, string>;
  /** Names given more than once. */
  readonly repeated: ReadonlySet<string>;
  /** True when some query part has bad percent-encoding (`%ZZ`, or bytes that are not UTF-8). */
  readonly badQuery: boolean;
}

/** decodeURIComponent that reports failure instead of throwing. */
function tryDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** Parses an origin-form request target (`/path?query`). */
export function parseTarget(url: string): Target {
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const rawQuery = q < 0 ? '' : url.slice(q + 1);
  const parts = rawPath.split('/').slice(1).map(tryDecode);
  const segments = parts.every((p) => p !== undefined) ? parts : undefined;
  const query: Record<string, string> = {};
  const repeated = new Set<string>();
  let badQuery = false;
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = (eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ');
    const rawValue = (eq < 0 ? '' : pair.slice(eq + 1)).replace(/\+/g, ' ');
    const name = tryDecode(rawName);
    const value = tryDecode(rawValue);
    if (name === undefined || value === undefined) badQuery = true;
    const key = name ?? rawName;
    if (Object.hasOwn(query, key)) {
      repeated.add(key);
      continue;
    }
    // defineProperty: a parameter named __proto__ must stay a plain own property.
    Object.defineProperty(query, key, { value: value ?? rawValue, enumerable: true, writable: true, configurable: true });
  }
  return { path: segments ? `/${segments.join('/')}` : rawPath, segments, query, repeated, badQuery };
}

/** The query parameters of one request, with validating getters that throw 400s. */
export class Params {
  constructor(
    private readonly query: Readonly<Record<string, string>>,
    private readonly repeated: ReadonlySet<string>,
  ) {}

  /** A parameter's value, or undefined; a known parameter given twice is ambiguous, so 400. */
  get(name: string): string | undefined {
    if (this.repeated.has(name)) throw badRequest(`Parameter ${name} must be given at most once`);
    return Object.hasOwn(this.query, name) ? this.query[name] : undefined;
  }

  /** A YYYY-MM-DD parameter that must be a real calendar date, or the fallback when absent. */
  date(name: string, fallback: () => string): string {
    const v = this.get(name);
    if (v === undefined) return fallback();
    if (!isIsoDate(v)) throw badRequest(`Invalid ${name}: use a calendar date in YYYY-MM-DD format`);
    return v;
  }

  /** `limit`: an integer of at least 1, no upper cap (1e12 is fine); default `fallback`. */
  limit(fallback: number): number {
    const v = this.get('limit');
    if (v === undefined) return fallback;
    const n = /^[0-9]+(?:[eE]\+?[0-9]+)?$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 1) throw badRequest('Invalid limit: must be an integer of at least 1');
    return n;
  }

  /** `granularity`: daily, hourly or auto (default auto). */
  granularity(): 'daily' | 'hourly' | 'auto' {
    const v = this.get('granularity');
    if (v === undefined) return 'auto';
    if (v === 'daily' || v === 'hourly' || v === 'auto') return v;
    throw badRequest('Invalid granularity: use daily, hourly or auto');
  }
}
