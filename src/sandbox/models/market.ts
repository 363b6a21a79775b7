/**
 * The sandbox's synthetic market: its contract. Tests build expectations from these functions.
 *
 * Time. History starts on 2024-01-01 (HISTORY_START); nothing exists before it. The sandbox has a
 * clock (clock.ts): the option `now`, else the end of the day `today` (23:59:59.999 UTC, so a pinned
 * day is complete), else the real time. Nothing taken after the clock is served: a reading exists once
 * its exact_timestamp is at or before the clock. A day's numbers never change once the day is over.
 *
 * Provisional day. The clock's own UTC day is incomplete: its hourly rows end at the last reading
 * taken (at 10:36 the 10:00 reading, taken 3–242 s after 10:00, is the last); its daily row (series
 * endpoints) is the average of the readings so far, so it changes as the clock moves; its
 * utilization-index row is omitted until the day has 24 readings (normally only after 23:00's
 * reading), exactly like an unpublished day, and it cannot serve as a base. Memory rows are the
 * clock's day's once picked up (updatedAt ≤ clock), else the previous day's.
 *
 * Plans (../plans.ts, ../keys.ts). The key's prefix is the plan: `sk_live_` full (daily and hourly);
 * `sk_prem_` premium (daily only, full history, all six models); any other valid key full; a key in
 * the configured `dailyOnly` set premium. No key: the free window (the five models other than
 * RTX PRO 6000 WS, the trailing 3 months, daily, access `public-3mo`) on public routes only; the
 * five seed routes and `/hourly` need a key (401). A premium key asking a series endpoint for
 * `hourly` or `auto` is served daily rows (`granularity`, `query.data_granularity` and history-range's
 * `data_type` say `daily`); only `/api/gpu/{gpuName}/hourly`, a sub-daily route, answers it 403.
 * Series and util-index responses carry `access` (`full`, `premium`).
 *
 * Rebasing (util-index-model.ts). index = 100 × eur_t / eur_base. When the baseDate is published as
 * of the clock, wherever it lies, it is the base (baseAvailable true) and every response agrees.
 * When it is not (an outage day, today, a future day, before history): baseAvailable false, and the
 * option `rebase` picks the base: `per-response` (default) the response's first row, so two windows
 * differ by one constant factor; `exact` the published day nearest baseDate (the earlier on a tie),
 * so every response is on one base and overlapping windows agree exactly.
 *
 * Rate limit (rate-limit.ts). Off by default; with the option `rateLimit` a per-address token bucket
 * in front of everything answers 429 with `Retry-After` (seconds) and a body stating the allowance.
 *
 * Randomness. Every draw is a hash of (stream, model, day or hour index) (prng.ts): deterministic,
 * random access, identical on every machine; only + − × ÷, Math.round/floor/min/max are used.
 *
 * Hourly readings, per model m and hour h (readings.ts):
 *   - daily levels are random walks from day 0, cached: capacity (slow growth, plus rare step
 *     events: a provider withdrawing 4–12 % or adding 3–10 % of the fleet), occupancy level
 *     (reflected in a band per model), price level (reflected in a band per model, e.g. H100 SXM
 *     $1.8–2.6, H200 $2.5–3.5, A100 SXM4 $0.9–1.4, B200 $3.5–5, RTX 5090 $0.4–0.8,
 *     RTX PRO 6000 WS $0.8–1.3 per GPU-hour), each rounded (2 or 4 decimals) as it is generated;
 *   - capacity_h = round(capacity level × (1 ± 0.2 %)), an integer;
 *   - rented_h = min(capacity_h, round(capacity_h × (occupancy level + diurnal shape + noise))), an integer;
 *   - price_h = price level × (1 + diurnal shape × 1 % ± 0.5 %), 4 decimals;
 *   - the reading is taken 3–242 s after the hour (exact_timestamp).
 * Missing readings. A market-wide outage (1.2 % of days) and a per-model outage (0.8 % of days),
 * each lasting two days 40 % of the time, remove a contiguous block of 1–12 hours. So a few percent
 * of a model's days carry fewer than 24 readings, sometimes two days running.
 *
 * Days. A model's day: readings = count of its hourly readings; capacity and rented = mean of the
 * hourly values, rounded to 2 decimals; price = mean of the hourly prices, rounded to 4 decimals.
 *
 * Utilization index (util-index-model.ts), per published day t (readings = 24):
 *   occupancy = rented / capacity; eur = occupancy (basis occupancy_only, intensity null);
 *   effectivePrice = price / eur; revPag = price × occupancy; priceCoverage = 1;
 *   coverage = readings / 24 = 1; reportingTypes = 1 (one model) or 6 (aggregate);
 *   against the previous published day p (rows of unpublished days are omitted, never a baseline):
 *   demandEffect = (rented_t − rented_p) / capacity_p,
 *   supplyEffect = rented_t / capacity_t − rented_t / capacity_p,
 *   occupancyChange = demandEffect + supplyEffect (that float sum, so the identity is exact);
 *   the first row of a response is no_prior_day (nulls, comparable false): the service decomposes
 *   within the requested window (utilIndexSeries with decomposeFirst: true decomposes it against
 *   the last published day before the window, as a stitched long window must);
 *   index = 100 × (eur_t / eur_base), base as under Rebasing above.
 * Aggregate (no gpuType): a day is published only when all six models are (a like-for-like basket);
 *   capacity, rented = sums (2 decimals); price = rented-weighted mean (4 decimals); readings = 24;
 *   reportingTypes = 6.
 *
 * Series (series-model.ts): hourly rows = one per existing reading taken by the clock, `YYYY-MM-DDTHH:00:00.000Z`,
 * index_value = price_h, utilization_ratio = rented_h / capacity_h. Daily rows = one per day with at
 * least one reading (published or not), `YYYY-MM-DDT00:00:00.000Z`, index_value = the day's price,
 * utilization_ratio = the day's rented / capacity, exact_timestamp = the day's last reading.
 * `auto` = daily for windows over 30 days (inclusive), else hourly. Rows are newest first;
 * history-range serves rangeOrder (days newest first, hours ascending within a day; daily rows:
 * months newest first, days ascending within a month).
 *
 * Memory (memory-model.ts): per type a slow cycle (knots every 14 days, ±25 %) plus ±1 % daily noise
 * around a typical price, 3 decimals, read on trading days only (Mon–Fri, from 2024-01-01);
 * changePct = (price − previous reading's price) / previous reading's price × 100; weeklyHigh/weeklyLow
 * over the readings of the 7 days ending on the reading's day; published 06:00–07:00 UTC that day and
 * picked up 1–10 minutes later (updatedAt): before that, the clock's snapshot is the previous reading.
 * The snapshot as of today is the latest reading on or before today (a weekend shows Friday's), and
 * the history is the same readings, so the history's last row is the snapshot.
 *
 * Beyond the seed (docs/api-contract.md §2), every number is cut from the series above, never recomputed:
 * latest settled daily index = the last daily point up to yesterday, current index = the last hourly
 * point (latest-model.ts); rolling volatility of the daily index (volatility-model.ts); latest hourly
 * utilization with its 7- and 30-day daily means (utilization-model.ts).
 *
 * Numbers. Generated values are rounded when generated; derived ones (occupancy, effects, index,
 * effectivePrice, revPag, utilization_ratio, changePct) are served unrounded, exactly as computed.
 */
export { HISTORY_START, READINGS_PER_DAY, dayStats, hourReading, readingsOn, missingHours, modelIndex } from './readings.js';
export type { DayStats, HourReading } from './readings.js';
export { utilIndexSeries, utilIndexRows, publishedDay, baseEur, nearestPublishedDay } from './util-index-model.js';
export type { PublishedDay, RebaseMode, SandboxUtilRow, UtilIndexQuery, UtilIndexSeries } from './util-index-model.js';
export { seriesPoints, resolveGranularity, rangeOrder, AUTO_DAILY_ABOVE_DAYS } from './series-model.js';
export type { Grain, SeriesPoint, SeriesQuery, SeriesResult } from './series-model.js';
export { memoryRow, memoryRowAt, memoryRows, memoryTypeByIdOrName } from './memory-model.js';
export type { SandboxMemoryRow } from './memory-model.js';
export { memoryHistory, isTradingDay } from './memory-model.js';
export type { SandboxMemoryHistoryRow, MemoryHistoryQuery } from './memory-model.js';
export { latestDaily, currentIndex, settledDay, LATEST_LOOKBACK_DAYS } from './latest-model.js';
export { volatilitySeries } from './volatility-model.js';
export type { VolatilityPoint, VolatilityQuery } from './volatility-model.js';
export { utilizationRow, utilizationRows } from './utilization-model.js';
export type { UtilizationRow } from './utilization-model.js';
export { FREE_GPU_MODELS, isFreeGpu } from './catalog.js';
