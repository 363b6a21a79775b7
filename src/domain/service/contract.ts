/**
 * The service's documented constants (docs/api-contract.md), in one place: the client's descriptors
 * check and size requests with them, and the sandbox enforces them, so the two cannot drift apart.
 */

/** util-index: the base day when none is given (index 100 on that day). */
export const DEFAULT_BASE_DATE = '2026-01-01';

/** util-index: the longest window one request may span, in days. */
export const UTIL_INDEX_MAX_DAYS = 400;

/** Per-model series: the rows a request returns when it sends no limit. */
export const SERIES_DEFAULT_LIMIT = 100;

/** Volatility: the rolling window's bounds and default, in daily returns. */
export const VOLATILITY_WINDOW_DAYS = { min: 1, max: 365, default: 30 } as const;

/** Memory history: the rows a request returns when it sends no limit. */
export const MEMORY_HISTORY_LIMIT = 1000;
