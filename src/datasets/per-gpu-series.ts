/** The shapes shared by the per-model series datasets (history, volume, range, ...; the daily histories): a descriptor from a few fields. */
import { defineEndpoint } from '../api/envelope.js';
import type { Shape } from '../api/validate.js';
import { checkSeries } from '../domain/service/checks.js';
import type { GpuName } from '../domain/catalogues/gpus.js';
import { defineDataset, type OutputFlags } from './flags.js';
import type { Dataset } from './types.js';

/** Granularity values of the series endpoints. */
export const GRANULARITIES = ['daily', 'hourly', 'auto'] as const;

/** One granularity value. */
export type Granularity = (typeof GRANULARITIES)[number];

/** Parameters of one per-model series request. */
export interface SeriesParams {
  readonly gpu: GpuName;
  readonly from: string;
  readonly to: string;
  readonly granularity: Granularity;
  /** The `limit` to send. */
  readonly limit: number;
}

/** The `query` echo of the series envelopes; every field optional, extras kept. */
export const SERIES_QUERY: Shape = {
  gpu_name: 'string?',
  region: 'string?',
  start_date: 'string?',
  end_date: 'string?',
  records_found: 'uint?',
  limit_applied: 'int?',
  data_granularity: 'string?',
};

/** Path of a per-model endpoint, the model name percent-encoded (`H100%20SXM`). */
export function gpuPath(gpu: GpuName, leaf: string): string {
  return `/api/gpu/${encodeURIComponent(gpu)}/${leaf}`;
}

/** What a per-model series dataset declares. */
export interface SeriesSpec {
  readonly name: string;
  /** The endpoint's last path segment, also its id (`history-simple`). */
  readonly leaf: string;
  readonly summary: string;
  readonly examples: readonly string[];
  /** The documented row fields (every other field is kept as received). */
  readonly row: Shape;
  readonly timeKey: string;
  readonly valueKey: string;
  /** Table columns after the value, most important first (the others are left out first at a narrow terminal). */
  readonly priority?: readonly string[];
  /** What the row fields mean, with units (shown under Fields in --help and in docs/datasets.md). */
  readonly glossary?: ReadonlyArray<readonly [string, string]>;
}

/** A per-model series dataset: `<gpu...>`, --from/--to, --granularity/--limit, analysis views, appendable. */
export function perGpuSeries(spec: SeriesSpec) {
  const columns = Object.keys(spec.row);
  return defineDataset({
    name: spec.name,
    summary: spec.summary,
    // The analysis examples are the same shape for every series command.
    examples: [
      ...spec.examples,
      `gpumkt ${spec.name} all --from 1y --wide -f csv`,
      `gpumkt ${spec.name} h100 h200 --from 3m -f chart`,
      `gpumkt ${spec.name} all --from 1y --spark`,
    ],
    endpoint: defineEndpoint<SeriesParams>({
      id: spec.leaf,
      path: (p) => gpuPath(p.gpu, spec.leaf),
      query: (p) => ({ startDate: p.from, endDate: p.to, granularity: p.granularity, limit: String(p.limit) }),
      envelope: { fields: { success: 'boolean?' }, query: SERIES_QUERY, rows: spec.row },
      timeKey: spec.timeKey,
      columns,
      valueKey: spec.valueKey,
    }),
    subject: 'gpus',
    groups: { window: true, series: true, analysis: true },
    fetch: { kind: 'series' },
    // Ranged GPU history and volume analytics: any key (a premium key is served daily rows).
    plan: 'premium',
    sort: true,
    // The limit is sized by the runner (series plan); this is the request before that.
    params: (flags, gpu, window) => ({
      gpu: gpu as GpuName,
      from: (window as { from: string }).from,
      to: (window as { to: string }).to,
      granularity: flags.granularity,
      limit: 0,
    }),
    checks: (rows, label) => checkSeries(rows, spec.timeKey, label),
    numeric: [spec.valueKey],
    table: { keys: [spec.timeKey], priority: [spec.valueKey, ...(spec.priority ?? [])] },
    glossary: spec.glossary,
    grain: 'one row per model and hour or day (--granularity; auto: daily for windows over about 30 days)',
  });
}

/** Parameters of one daily per-model history request: the whole window at once. */
export interface DailyHistoryParams {
  readonly gpu: GpuName;
  readonly from: string;
  readonly to: string;
}

/** What a daily per-model history declares: its route and rows; every other descriptor field is passed through. */
export type DailyHistorySpec<F = OutputFlags> = Omit<
  Dataset<DailyHistoryParams, F>,
  'endpoint' | 'examples' | 'fetch' | 'sort' | 'params' | 'checks'
> & {
  /** The endpoint's id (in messages and manifests). */
  readonly id: string;
  readonly path: (gpu: GpuName) => string;
  /** The documented row fields, in column order. */
  readonly row: Shape;
  readonly timeKey: string;
  readonly valueKey: string;
};

/** A daily per-model history (the public index history, the rolling average's history): one request per model over --from/--to. */
export function dailyGpuHistory<F = OutputFlags>({
  id,
  path,
  row,
  timeKey,
  valueKey,
  ...rest
}: DailyHistorySpec<F>): Dataset<DailyHistoryParams, F> {
  return {
    ...rest,
    examples: [],
    endpoint: defineEndpoint<DailyHistoryParams>({
      id,
      path: (p) => path(p.gpu),
      query: (p) => ({ startDate: p.from, endDate: p.to }),
      envelope: {
        fields: { success: 'boolean?', access: 'string?', granularity: 'string?' },
        query: SERIES_QUERY,
        rows: row,
      },
      timeKey,
      columns: Object.keys(row),
      valueKey,
    }),
    fetch: { kind: 'single' },
    sort: true,
    params: (_flags, gpu, window) => ({ gpu: gpu as GpuName, from: window?.from ?? '', to: window?.to ?? '' }),
    checks: (rows, label) => checkSeries(rows, timeKey, label),
  };
}
