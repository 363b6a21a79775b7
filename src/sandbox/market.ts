/**
 * The sandbox's synthetic market: its contract. Tests build expectations from these functions.
 *
 * Time. History starts on 2024-01-01 (HISTORY_START); nothing exists before it, nor after `today`
 * (the day given to the server, or the real UTC date). A day up to and including `today` is
 * complete unless an outage hits it, so today's data never depends on the hour of the request, and
 * a day's numbers never change as `today` moves on.
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
 *   index = 100 × (eur_t / eur_base), base = the baseDate day if published as of today, wherever it
 *   lies (baseAvailable true); otherwise the window's first row (baseAvailable false).
 * Aggregate (no gpuType): a day is published only when all six models are (a like-for-like basket);
 *   capacity, rented = sums (2 decimals); price = rented-weighted mean (4 decimals); readings = 24;
 *   reportingTypes = 6.
 *
 * Series (series-model.ts): hourly rows = one per existing reading, `YYYY-MM-DDTHH:00:00.000Z`,
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
 * over the readings of the 7 days ending on the reading's day; published 06:00–07:00 UTC that day.
 * The snapshot as of today is the latest reading on or before today (a weekend shows Friday's), and
 * the history is the same readings, so the history's last row is the snapshot.
 *
 * Beyond the seed (decisions.md G), every number is cut from the series above, never recomputed:
 * latest settled daily index = the last daily point up to yesterday, current index = the last hourly
 * point (latest-model.ts); rolling volatility of the daily index (volatility-model.ts); latest hourly
 * utilization with its 7- and 30-day daily means (utilization-model.ts).
 *
 * Numbers. Generated values are rounded when generated; derived ones (occupancy, effects, index,
 * effectivePrice, revPag, utilization_ratio, changePct) are served unrounded, exactly as computed.
 */
export { HISTORY_START, READINGS_PER_DAY, dayStats, hourReading, readingsOn, missingHours, modelIndex } from './readings.js';
export type { DayStats, HourReading } from './readings.js';
export { utilIndexSeries, utilIndexRows, publishedDay, baseEur } from './util-index-model.js';
export type { PublishedDay, SandboxUtilRow, UtilIndexQuery, UtilIndexSeries } from './util-index-model.js';
export { seriesPoints, resolveGranularity, rangeOrder, AUTO_DAILY_ABOVE_DAYS } from './series-model.js';
export type { Grain, SeriesPoint, SeriesQuery, SeriesResult } from './series-model.js';
export { memoryRow, memoryRows, memoryTypeByIdOrName } from './memory-model.js';
export type { SandboxMemoryRow } from './memory-model.js';
export { memoryHistory, isTradingDay } from './memory-model.js';
export type { SandboxMemoryHistoryRow, MemoryHistoryQuery } from './memory-model.js';
export { latestDaily, currentIndex, settledDay, LATEST_LOOKBACK_DAYS } from './latest-model.js';
export { volatilitySeries } from './volatility-model.js';
export type { VolatilityPoint, VolatilityQuery } from './volatility-model.js';
export { utilizationRow, utilizationRows } from './utilization-model.js';
export type { UtilizationRow } from './utilization-model.js';
export { FREE_GPU_MODELS, isFreeGpu } from './catalog.js';
