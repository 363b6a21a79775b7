/**
 * The one conversion of commander's parsed object into a RunRequest (src/run/request.ts): each option
 * goes to the group that declared it (options.ts: window, series, analysis, output and export; the
 * descriptor's own options, src/datasets/types.ts OptionSpec), so the runner gets data, not flags.
 */
import type { AnyDataset } from '../datasets/types.js';
import { optionKey } from '../datasets/flags.js';
import type {
  AnalysisFlags,
  DatasetOptions,
  ExportOptions,
  OptionValue,
  OutputOptions,
  RunRequest,
  SeriesFlags,
  WindowFlags,
} from '../run/request.js';

/** The options of each shared group, by the name commander gives them (options.ts). */
const WINDOW = ['from', 'to', 'settled'] as const;
const ANALYSIS = ['wide', 'y', 'stats', 'spark'] as const;
const EXPORT = ['append', 'manifest', 'csvDialect', 'lockTimeout', 'failEmpty', 'replaceRestated', 'partitionBy'] as const;
const OUTPUT = ['format', 'output', 'columns', 'header', 'order', 'raw', 'csvSafe', 'strict', 'query'] as const;

/** The keys of `names` that commander set, with their values; undefined when it set none. */
function pick<T>(opts: Readonly<Record<string, unknown>>, names: readonly string[]): T | undefined {
  const given = names.filter((n) => Object.hasOwn(opts, n));
  return given.length === 0 ? undefined : (Object.fromEntries(given.map((n) => [n, opts[n]])) as T);
}

/**
 * The request of a data command: `args` are its positional arguments, `opts` commander's parsed
 * options (defaults filled in). The variant is left to the runner: it depends on the key, known there.
 */
export function runRequest(ds: AnyDataset, args: readonly string[], opts: Readonly<Record<string, unknown>>): RunRequest {
  const own = (ds.options ?? []).map((o) => optionKey(o.flags));
  const options: DatasetOptions = pick<Record<string, OptionValue>>(opts, own) ?? {};
  const grain = opts.granularity as SeriesFlags['granularity'] | undefined;
  const limit = opts.limit as SeriesFlags['limit'] | undefined;
  return {
    dataset: ds,
    targets: args,
    ...(Object.hasOwn(opts, 'granularity') ? { grain } : {}),
    ...(Object.hasOwn(opts, 'limit') ? { limit } : {}),
    window: pick<WindowFlags>(opts, WINDOW),
    analysis: pick<AnalysisFlags>(opts, ANALYSIS),
    output: pick<OutputOptions>(opts, OUTPUT) ?? ({ header: true, order: 'asc' } as const),
    export: pick<ExportOptions>(opts, EXPORT),
    options,
  };
}
