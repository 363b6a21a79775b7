/**
 * Routing of the endpoints beyond the seed's five (handlers/). routes.ts asks this table
 * first, before it requires a key, because some of these routes are public; a request that matches
 * no pattern here goes on through routes.ts's pipeline unchanged.
 *
 * Access per route:
 * - `none` (`/health`): the Authorization header is not looked at; a liveness check must answer.
 * - `optional` (catalogues, daily index, current index): no header = the no-key tier (the five free
 *   models); a header that is sent must hold a valid key (401 otherwise), and any valid key unlocks
 *   RTX PRO 6000 WS.
 * - `key` (volatility, utilization, memory history): 401 without a valid key, as the seed's routes.
 * Order within a matched route: key (when it matters), method (405), query decoding (400), handler.
 */
import { AUTH_MESSAGES, badRequest, errorReply, methodNotAllowed, unauthorized, type Reply, type SandboxRequest } from './http.js';
import { Params, parseTarget } from './params.js';
import type { Plan } from './plans.js';
import {
  currentIndexHandler,
  dailyIndexAllHandler,
  dailyIndexHandler,
  gpuTypesFreeHandler,
  gpuTypesHandler,
  gpuUtilizationHandler,
  healthHandler,
  memoryHistoryHandler,
  memoryTypesHandler,
  volatilityHandler,
  type ExtraInput,
} from './handlers/tables.js';
import { forwardHandler } from './models/forward-model.js';
import { otpiHandler, tokenTypesHandler } from './models/otpi-model.js';
import { tokenVolumeHandler } from './models/token-volume-model.js';
import { codingHistoryHandler, codingIndexHandler, codingProductsHandler, modelFrontierHandler, workloadHandler } from './handlers/ai.js';
import {
  indexHistoryHandler,
  nearestHandler,
  previousHandler,
  rollingCurrentHandler,
  rollingHistoryHandler,
} from './handlers/gpu-points.js';
import { computeBuyersHandler } from './models/buyers-model.js';
import { sitesAggregateHandler, sitesHandler, sitesMapHandler } from './handlers/neocloud.js';
import { powerFuelMixHandler, powerLoadHandler, powerMarketsHandler } from './models/power-model.js';

/** Who may call a route. */
type Access = 'none' | 'optional' | 'key';

/** One route: a path pattern (`:name` segments are parameters), its access and its handler. */
interface ExtraRoute {
  readonly pattern: readonly string[];
  readonly access: Access;
  readonly handle: (input: ExtraInput) => Reply;
}

/** Splits `/api/gpu/:gpuName` into its segments. */
const route = (path: string, access: Access, handle: (input: ExtraInput) => Reply): ExtraRoute => ({
  pattern: path.split('/').slice(1),
  access,
  handle,
});

const ROUTES: readonly ExtraRoute[] = [
  route('/health', 'none', healthHandler),
  route('/api/gpu-types', 'optional', gpuTypesHandler),
  route('/api/gpu-types-free', 'optional', gpuTypesFreeHandler),
  route('/api/memory-types', 'optional', memoryTypesHandler),
  route('/api/daily-index', 'optional', dailyIndexHandler),
  route('/api/daily-index/all', 'optional', dailyIndexAllHandler),
  route('/api/gpu/:gpuName', 'optional', currentIndexHandler),
  route('/api/gpu/:gpuName/volatility', 'key', volatilityHandler),
  route('/api/gpu-utilization', 'key', gpuUtilizationHandler),
  route('/api/memory/:type/history', 'key', memoryHistoryHandler),
  route('/api/forward', 'key', forwardHandler),
  route('/api/otpi', 'optional', otpiHandler),
  route('/api/token-types', 'optional', tokenTypesHandler(false)),
  route('/api/token-types-free', 'optional', tokenTypesHandler(true)),
  route('/api/token-volume', 'key', tokenVolumeHandler),
  route('/api/workload', 'key', workloadHandler),
  route('/api/llm-coding/products', 'optional', codingProductsHandler),
  route('/api/llm-coding/index', 'key', codingIndexHandler),
  route('/api/llm-coding/history', 'key', codingHistoryHandler),
  route('/api/model-frontier', 'key', modelFrontierHandler),
  route('/api/day-index', 'optional', dailyIndexHandler),
  route('/api/daily-index/:gpuName/previous', 'optional', previousHandler),
  route('/api/gpu/:gpuName/index-history', 'optional', indexHistoryHandler),
  route('/api/h100-history', 'optional', indexHistoryHandler),
  route('/api/gpu/:gpuName/history', 'key', nearestHandler),
  route('/api/gpu/:gpuName/rolling-24h-average', 'key', rollingCurrentHandler),
  route('/api/gpu/:gpuName/rolling-24h-average/history', 'key', rollingHistoryHandler),
  route('/api/power/markets', 'key', powerMarketsHandler),
  route('/api/power/load', 'key', powerLoadHandler),
  route('/api/power/fuel-mix', 'key', powerFuelMixHandler),
  route('/api/neocloud/sites', 'key', sitesHandler),
  route('/api/neocloud/sites/aggregate', 'key', sitesAggregateHandler),
  route('/api/neocloud/map', 'key', sitesMapHandler),
  route('/api/compute-buyers', 'key', computeBuyersHandler),
];

/** The route a path's segments match exactly (a parameter matches one non-empty segment), with its parameters. */
function match(segments: readonly string[]): { route: ExtraRoute; path: Record<string, string> } | undefined {
  for (const r of ROUTES) {
    if (r.pattern.length !== segments.length) continue;
    const path: Record<string, string> = {};
    const ok = r.pattern.every((p, i) => {
      const s = segments[i] as string;
      if (!p.startsWith(':')) return p === s;
      path[p.slice(1)] = s;
      return s !== '';
    });
    if (ok) return { route: r, path };
  }
  return undefined;
}

/**
 * The reply of an extra route, or undefined when the request is for none of them. `authorize` is
 * routes.ts's key check: it throws the matching 401 for a header without a valid key.
 */
export function extraRoute(
  req: SandboxRequest,
  clock: { today: string; now: number },
  authorize: (header: string | undefined) => Plan,
): Reply | undefined {
  const target = parseTarget(req.url);
  const hit = target.segments && match(target.segments);
  if (!hit) return undefined;
  try {
    const { route: r, path } = hit;
    let plan: Plan = 'public';
    if (r.access !== 'none' && (req.authorization !== undefined || r.access === 'key')) {
      if (req.authorization === undefined) throw unauthorized(AUTH_MESSAGES.missing);
      plan = authorize(req.authorization);
    }
    if (req.method !== 'GET') throw methodNotAllowed(req.method);
    if (target.badQuery) throw badRequest('Malformed percent-encoding in the request URL');
    return r.handle({ params: new Params(target.query, target.repeated), ...clock, keyed: plan !== 'public', plan, path });
  } catch (e) {
    return errorReply(e);
  }
}
