/**
 * `gpumkt history <gpu...> --at <time>`: the index value nearest a time, one
 * GET /api/gpu/{gpuName}/history?datetime= per model (docs/api-contract.md §2). The service never
 * answers 404 for a time outside its data: it returns the nearest record and reports the gap
 * (`time_difference`, `is_exact`), which gpumkt keeps as columns. A key is needed; a premium key
 * is served the nearest daily record, a full key the nearest hourly one. The time is sent as ISO 8601 UTC.
 */
import { defineEndpoint } from '../api/envelope.js';
import { UsageError } from '../errors.js';
import { isoInstant, parseInstant } from '../domain/time/instants.js';
import type { GpuName } from '../domain/catalogues/gpus.js';
import { gpuPath } from './per-gpu-series.js';
import type { Dataset } from './types.js';
import { datasetOptions, type DatasetFlags, type SeriesFlags } from './flags.js';

/** Parameters of one nearest-record request. */
export interface AtParams {
  readonly gpu: GpuName;
  /** ISO 8601 UTC. */
  readonly datetime: string;
}

/** The options of `history` (src/datasets/history.ts), declared here because this variant reads them. */
export const HISTORY_OPTIONS = datasetOptions([
  {
    flags: '--at <time>',
    description: "the value nearest a time instead (YYYY-MM-DD, 'YYYY-MM-DD HH:MM[:SS]', ISO 8601; UTC unless a zone is given)",
  },
]);

/**
 * The flags of `history` as its variants get them: commander fills --granularity/--limit in, a sync run
 * of a variant without the series group leaves them out.
 */
export type HistoryFlags = DatasetFlags<typeof HISTORY_OPTIONS, { window: true; series: false; analysis: true }> & Partial<SeriesFlags>;

// Flags of the ranged history that mean nothing for one point in time (their defaults are left alone).
const RANGED = [
  ['from', '--from'],
  ['to', '--to'],
  ['settled', '--settled'],
  ['wide', '--wide'],
  ['stats', '--stats'],
  ['spark', '--spark'],
  ['y', '--y'],
] as const;

/** --at as ISO 8601 UTC, or a usage error (exit 2) naming the forms accepted; refuses the ranged flags beside it. */
function at(flags: HistoryFlags): string {
  const ms = parseInstant(String(flags.at));
  if (ms === undefined)
    throw new UsageError(`--at must be a time: YYYY-MM-DD, 'YYYY-MM-DD HH:MM[:SS]' or ISO 8601 (got '${String(flags.at)}')`);
  const given = RANGED.find(([key]) => flags[key] !== undefined && flags[key] !== false);
  if (given) throw new UsageError(`--at reads the one record nearest a time: ${given[1]} does not apply`);
  if (flags.granularity !== undefined && flags.granularity !== 'auto')
    throw new UsageError(
      '--at reads the one record nearest a time: --granularity does not apply (a full key gets the nearest hour, a premium key the nearest day)',
    );
  if (flags.limit !== undefined && flags.limit !== 'all')
    throw new UsageError('--at reads the one record nearest a time: --limit does not apply');
  return isoInstant(ms);
}

const historyAt: Dataset<AtParams, HistoryFlags> = {
  name: 'history',
  summary: 'the index value nearest a time, per GPU model',
  glossary: [
    ['gpu_name', 'the GPU model'],
    ['requested_datetime', 'the time asked for (--at), UTC'],
    ['timestamp', 'the time of the nearest published value (UTC)'],
    ['index_value', 'price index at that time, USD per GPU-hour'],
    ['time_difference', 'gap between the two times, as the service reports it'],
    ['is_exact', 'true when a value was published at the time asked'],
  ],
  examples: [],
  endpoint: defineEndpoint<AtParams>({
    id: 'history-at',
    path: (p) => gpuPath(p.gpu, 'history'),
    query: (p) => ({ datetime: p.datetime }),
    envelope: {
      fields: { success: 'boolean?', access: 'string?', granularity: 'string?' },
      rows: {
        gpu_name: 'string',
        requested_datetime: 'datetime?',
        timestamp: 'datetime',
        index_value: 'number',
        time_difference: 'number?',
        is_exact: 'boolean?',
      },
      oneOrMany: true,
    },
    columns: ['gpu_name', 'requested_datetime', 'timestamp', 'index_value', 'time_difference', 'is_exact'],
    valueKey: 'index_value',
  }),
  subject: 'gpus',
  groups: { window: false, series: false, analysis: false },
  fetch: { kind: 'single' },
  sort: false,
  // Not stated for REST (the MCP twin is full only): keyed; a premium key is served the nearest daily record.
  plan: 'premium',
  targetColumn: 'gpu_name',
  validate: (flags) => void at(flags),
  params: (flags, gpu) => ({ gpu: gpu as GpuName, datetime: at(flags) }),
  noAppend: {
    message: 'history --at is one record per model, not a series: --append does not apply',
    hint: 'for a series use: gpumkt history <gpu...> --from <date> --append <file>',
  },
  table: { keys: ['gpu_name'], priority: ['index_value', 'timestamp', 'time_difference', 'is_exact', 'requested_datetime'] },
};

export default historyAt;
