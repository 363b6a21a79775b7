/**
 * The other shapes the service's documentation allows, as a sandbox `reshape` hook: the sandbox serves
 * one of each pair, and a test runs the commands against the other, so both stay readable.
 * - a GPU field under its other documented name (`gpu_type` for `gpu_name` and back), and a series time
 *   under its other documented name (`recorded_at` for `timestamp` and back);
 * - rows in the other order (newest first where the sandbox serves oldest first, and back), except on
 *   the utilization index, a route the service's documentation does not cover (its contract fixes the order);
 * - power prices grouped per market and hub (`{ market, hub, data: [{ d, p, … }] }`) instead of flat;
 * - an unknown field on every row (kept as received).
 */
import type { RecordedRequest } from '../../src/sandbox/index.js';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The pairs of names the data dictionary documents as one field. */
const OTHER_NAME: readonly (readonly [string, string])[] = [
  ['gpu_name', 'gpu_type'],
  ['timestamp', 'recorded_at'],
];

/** `row` with each field documented under two names given its other name, and an unknown field added. */
export function otherNames(row: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(row)) {
    const pair = OTHER_NAME.find((p) => p.includes(k));
    const other = pair && (pair[0] === k ? pair[1] : pair[0]);
    out[other !== undefined && !(other in row) ? other : k] = v;
  }
  out.docs_extra = 'kept';
  return out;
}

/** Flat power rows grouped per market and hub, in the order the markets first appear. */
export function groupedPerMarketAndHub(rows: readonly Obj[]): Obj[] {
  const groups = new Map<string, Obj & { data: Obj[] }>();
  for (const { market, hub, ...rest } of rows) {
    const key = `${String(market)}\u0000${String(hub)}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { market, hub, data: [] }));
    g.data.push(rest);
  }
  return [...groups.values()];
}

/** The sandbox's 200 body for `req` in the other documented shapes (a `reshape` hook of startSandbox). */
export function otherDocumentedShapes(req: RecordedRequest, body: unknown): unknown {
  if (!isObj(body)) return body;
  const { data } = body;
  if (req.path === '/api/power/markets' && Array.isArray(data)) return { ...body, data: groupedPerMarketAndHub(data as Obj[]) };
  if (Array.isArray(data)) {
    const rows = data.map((r) => (isObj(r) ? otherNames(r) : r));
    return { ...body, data: req.path === '/api/utilization-index/history' ? rows : rows.reverse() };
  }
  if (isObj(data) && req.path !== '/api/model-frontier') return { ...body, data: otherNames(data) };
  return body;
}
