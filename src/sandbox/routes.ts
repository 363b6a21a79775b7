/** The sandbox's request pipeline as a pure function: request in, complete reply out, never a throw. */
import type { SandboxKeys } from './keys.js';
import { ApiError, MAX_URL_LENGTH, badRequest, echo, errorReply, jsonReply, type Reply, type SandboxRequest } from './http.js';
import { Params, parseTarget } from './params.js';
import { identifyCaller, requireKey } from './plans.js';
import { endOfDayMs } from './models/clock.js';
import type { RebaseMode } from './models/util-index-model.js';
import { extraRoute } from './route-table.js';
import { memoryHandler, seriesHandler, utilIndexHandler, type HandlerInput, type SeriesKind } from './handlers/seed.js';

export type { SandboxRequest } from './http.js';

/** What the pipeline needs besides the request. */
export interface RouteConfig {
  readonly keys: SandboxKeys;
  /** The clock's UTC date, YYYY-MM-DD: the last day with data. */
  readonly today: string;
  /** The clock, epoch ms, within `today`; default the end of `today` (the whole day has happened). */
  readonly now?: number;
  /** util-index rebasing when the base day is not published (default `per-response`). */
  readonly rebase?: RebaseMode;
}

const SERIES_KINDS: readonly string[] = ['history-simple', 'volume-metrics', 'history-range', 'hourly'] satisfies SeriesKind[];

/**
 * Answers one request. Order: an unparseable target (too long: 414; not origin-form: 400) first,
 * since nothing can be read from it; then the key (401), before anything about the request is
 * revealed; then the method (405: HEAD included, the API is GET only); then decoding (400), the route
 * (404; paths match exactly, so a trailing slash is 404) and the endpoint's own rules.
 */
export function respond(req: SandboxRequest, cfg: RouteConfig): Reply {
  try {
    if (req.url.length > MAX_URL_LENGTH) {
      return jsonReply(414, { error: 'URI too long', message: `The request URL is longer than ${MAX_URL_LENGTH} characters` });
    }
    if (!req.url.startsWith('/')) throw badRequest('Malformed request target');
    // Endpoints beyond the seed's five (route-table.ts): some are public, so they are matched before
    // the key is required and apply their own access rule; any other path goes on unchanged.
    const extra = extraRoute(req, { today: cfg.today, now: cfg.now ?? endOfDayMs(cfg.today) }, (header) => {
      const caller = identifyCaller(header, cfg.keys);
      requireKey(caller);
      return caller;
    });
    if (extra) return extra;
    const plan = identifyCaller(req.authorization, cfg.keys);
    // The seed's routes all need a key; the free window applies to the public routes above.
    requireKey(plan);
    if (req.method !== 'GET') {
      throw new ApiError(405, 'Method not allowed', `Method ${echo(req.method)} is not allowed: the API is read-only, use GET`, {
        Allow: 'GET',
      });
    }
    const target = parseTarget(req.url);
    if (!target.segments || target.badQuery) throw badRequest('Malformed percent-encoding in the request URL');
    const input: HandlerInput = {
      params: new Params(target.query, target.repeated),
      today: cfg.today,
      now: cfg.now ?? endOfDayMs(cfg.today),
      plan,
      rebase: cfg.rebase ?? 'per-response',
    };
    const [api, group, name, leaf, ...rest] = target.segments;
    if (api === 'api' && rest.length === 0) {
      if (group === 'utilization-index' && name === 'history' && leaf === undefined) return utilIndexHandler(input);
      if (group === 'memory-index' && name === undefined) return memoryHandler(input);
      if (group === 'gpu' && name !== undefined && leaf !== undefined && SERIES_KINDS.includes(leaf)) {
        return seriesHandler(leaf as SeriesKind, name, input);
      }
    }
    throw new ApiError(404, 'Not found', `No such endpoint: ${echo(target.path)}`);
  } catch (e) {
    return errorReply(e);
  }
}
