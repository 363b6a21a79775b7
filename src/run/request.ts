/**
 * What the runner is asked (RunRequest) and what it answers (report.ts): a typed request in, a report
 * out. The commands build a request from commander's object (src/commands/run-request.ts), sync builds
 * its own (src/sync/targets.ts); neither hands the runner command-line flags.
 */
import type { AnyDataset, DatasetVariant } from '../datasets/types.js';
import { optionKey, type AnalysisFlags, type OutputFlags, type SeriesFlags, type WindowFlags } from '../datasets/flags.js';

// The groups are declared with the descriptors' own flags (src/datasets/flags.ts).
export type { AnalysisFlags, OutputFlags, SeriesFlags, WindowFlags };

/** The export options of a run (src/append): --append, --partition-by, --replace-restated, --manifest, locking, --fail-empty. */
export type ExportOptions = Pick<
  OutputFlags,
  'append' | 'manifest' | 'csvDialect' | 'lockTimeout' | 'failEmpty' | 'replaceRestated' | 'partitionBy'
>;

/** The output options of a run: the format, the file, the columns and how rows are printed. */
export type OutputOptions = Omit<OutputFlags, keyof ExportOptions>;

/** One value of a descriptor's own option, as its declaration (OptionSpec) gives it: a string, a list, a flag. */
export type OptionValue = string | number | boolean | readonly string[] | undefined;

/** A descriptor's own options (`--region`, `--gpu`, `--type` …), named as the descriptor's functions read them. */
export type DatasetOptions = Readonly<Record<string, OptionValue>>;

/** One run of a dataset, as data: nothing decided yet (the runner's plan, run-plan.ts, decides). */
export interface RunRequest {
  /** The command's descriptor, as registered (src/datasets/index.ts). */
  readonly dataset: AnyDataset;
  /**
   * The descriptor that runs: the label of one of the command's variants, `null` for the command
   * itself, or left out for the one its options and the key select, as on the command line.
   */
  readonly variant?: string | null;
  /** The positional arguments: GPU models, or the descriptor's own names (labs, products …). */
  readonly targets: readonly string[];
  /** --from, --to, --settled (datasets with the window group). */
  readonly window?: WindowFlags;
  /** --granularity (left out: the default grain, default-grain.ts). */
  readonly grain?: SeriesFlags['granularity'];
  /** --limit (left out: every row of the window). */
  readonly limit?: SeriesFlags['limit'];
  /** --wide, --y, --stats, --spark. */
  readonly analysis?: AnalysisFlags;
  readonly output: OutputOptions;
  readonly export?: ExportOptions;
  /** The descriptor's own options; those it gives a default and the request leaves out take it. */
  readonly options: DatasetOptions;
}

/**
 * The flags of a run as the descriptors' functions read them (their `F`, src/datasets/flags.ts): the
 * request's groups and options in one object. Only the runner builds it (flagsOf), from a request.
 */
export type RunFlags = OutputFlags &
  Partial<WindowFlags & SeriesFlags> &
  AnalysisFlags & { readonly gpu?: string[] } & Readonly<Record<string, unknown>>;

/** The descriptor's option defaults, by the name its functions read (what commander fills in). */
export function optionDefaults(ds: AnyDataset): DatasetOptions {
  const out: Record<string, OptionValue> = {};
  for (const o of ds.options ?? []) if (o.default !== undefined) out[optionKey(o.flags)] = o.default;
  return out;
}

/** The request as the descriptors' functions read it (see RunFlags); options left out take their defaults. */
export function flagsOf(request: RunRequest): RunFlags {
  const series = {
    ...(request.grain === undefined ? {} : { granularity: request.grain }),
    ...(request.limit === undefined ? {} : { limit: request.limit }),
  };
  return {
    ...request.output,
    ...request.export,
    ...request.window,
    ...series,
    ...request.analysis,
    ...optionDefaults(request.dataset),
    ...request.options,
  };
}

/** The variant a request names, or undefined for the command itself (an unknown label is a bug of the caller). */
export function namedVariant(request: RunRequest): DatasetVariant | undefined {
  const { dataset, variant } = request;
  if (variant === undefined || variant === null) return undefined;
  const found = dataset.variants?.find((v) => v.label === variant);
  if (found === undefined) throw new Error(`${dataset.name} has no variant '${variant}'`);
  return found;
}
