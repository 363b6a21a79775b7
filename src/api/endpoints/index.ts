/** The registry of endpoint descriptions: one line per endpoint. */
export { utilIndexEndpoint } from './util-index.js';
export { historySimpleEndpoint } from './history-simple.js';
export { volumeMetricsEndpoint } from './volume-metrics.js';
export { historyRangeEndpoint } from './history-range.js';
export { memoryIndexEndpoint } from './memory-index.js';
