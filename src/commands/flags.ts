/**
 * The flags of the root program and of the data commands, declared as data: commander's options are
 * built from these (options.ts `toOption`, for help, completions and every command line commander
 * reads), and a plain data command's line is read from the same declarations without commander
 * (quick-parse.ts). No import of commander here: a run that needs none does not load it.
 */
import type { AnyDataset, OptionSpec } from '../datasets/types.js';
import { FORMAT_NAMES } from '../output/formats.js';
import { parseLimit, parseList, parseLockTimeout, parseRetries, parseTimeout } from './parse.js';

/** One flag: commander's spelling (`-f, --format <format>`, `--no-header`) and what its value becomes. */
export interface FlagDecl {
  readonly flags: string;
  readonly description: string;
  /** The values allowed (help and completions show them; one typed wrong gets the closest). */
  readonly choices?: readonly string[];
  /** The value as the run gets it, from the text and the value so far; throws a FlagValueError (parse.ts). */
  readonly parse?: (value: string, previous: unknown) => unknown;
  /** The value when the flag is not given. */
  readonly default?: unknown;
  /** Accepted, but left out of --help (the flag does not apply to this command). */
  readonly hidden?: boolean;
}

/** Granularity choices of the series endpoints. */
export const GRANULARITY_NAMES = ['daily', 'hourly', 'auto'] as const;

/** The root program's flags, before or after the command (program.ts adds -V, --version and help). */
export const GLOBAL_FLAGS: readonly FlagDecl[] = [
  { flags: '--base-url <url>', description: 'API base URL (env GPUMKT_BASE_URL)' },
  { flags: '--profile <name>', description: 'config profile to use (env GPUMKT_PROFILE)' },
  { flags: '--config <file>', description: 'config file path (env GPUMKT_CONFIG)' },
  {
    flags: '--timeout <seconds>',
    description: 'per-attempt timeout: connect, headers, body idle (default 30; 0.1 to 86400)',
    parse: parseTimeout,
  },
  {
    flags: '--retries <n>',
    description: 'retries on network faults, 429 and 5xx (default 3; 0 disables; at most 100)',
    parse: parseRetries,
  },
  { flags: '--no-color', description: 'never colour output (also NO_COLOR)' },
  { flags: '-q, --quiet', description: 'print no notices or warnings, only errors' },
  { flags: '-v, --verbose', description: 'log each request (method, URL, status, time) on stderr; the key is never shown' },
  { flags: '--debug', description: 'show the stack trace of an error (for bug reports)' },
  { flags: '--dry-run', description: 'print each request as a curl command (the key as "$GPUMKT_API_KEY") and send nothing' },
  { flags: '--sandbox', description: 'query a built-in local sandbox with synthetic data; no key needed' },
  { flags: '--no-pager', description: 'never page long output at a terminal (pager: GPUMKT_PAGER, PAGER, else less -FRX)' },
];

/** -f/--format: `values` are the formats a command prints, `description` says its default. */
export function formatFlag(description: string, values: readonly string[]): FlagDecl {
  return { flags: '-f, --format <format>', description, choices: values };
}

/** --query, for every command that prints JSON (the data commands and api). */
export const QUERY_FLAG: FlagDecl = {
  flags: '--query <jmespath>',
  description: 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"',
};

/** Which output flags apply to a command; the others stay accepted (to explain why they do not apply) but leave its --help. */
export interface OutputApplies {
  /** --append, --replace-restated (a series that grows). */
  readonly append: boolean;
  /** --order (rows in time). */
  readonly order: boolean;
  /** --strict (the rows have spec rules to check). */
  readonly strict: boolean;
}

/** -f, -o, --columns, --no-header, --order, --raw, --csv-safe, --strict, and the cron-export flags (src/append). */
export function outputFlags(applies: OutputApplies = { append: true, order: true, strict: true }): FlagDecl[] {
  return [
    formatFlag('output format (default: table on a terminal, csv otherwise)', FORMAT_NAMES),
    {
      flags: '-o, --output <file>',
      description: "write to a file, atomically; its extension picks the format (else give -f); '-' is stdout",
    },
    {
      flags: '--columns <list>',
      description: 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)',
      parse: parseList,
    },
    { flags: '--no-header', description: 'leave out the header line (csv, tsv)' },
    {
      flags: '--order <order>',
      description: 'oldest first (asc) or newest first (desc)',
      choices: ['asc', 'desc'],
      default: 'asc',
      hidden: !applies.order,
    },
    { flags: '--raw', description: 'print the untouched JSON body of the single request' },
    QUERY_FLAG,
    { flags: '--csv-safe', description: "prefix text cells starting with = + - @ TAB CR with ' (spreadsheet formula guard)" },
    { flags: '--strict', description: "fail (exit 6) when rows break the spec's rules, instead of warning", hidden: !applies.strict },
    {
      flags: '--append <file>',
      description: 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing',
      hidden: !applies.append,
    },
    {
      flags: '--partition-by <column>',
      description: 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)',
    },
    {
      flags: '--replace-restated',
      description: 'with --append: replace rows the service restated (same key, new values)',
      hidden: !applies.append,
    },
    { flags: '--manifest', description: 'also write <file>.manifest.json: command, requests, row counts, sha256' },
    {
      flags: '--csv-dialect <dialect>',
      description: 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)',
      choices: ['rfc4180', 'excel'],
    },
    {
      flags: '--lock-timeout <seconds>',
      description: "with --append/--manifest: wait this long for another run's lock, then exit 8 (default 0; at most 86400)",
      parse: parseLockTimeout,
    },
    { flags: '--fail-empty', description: 'exit 9 when there is nothing new to write (for cron alerts)' },
  ];
}

/** --from, --to and --settled. */
export const WINDOW_FLAGS: readonly FlagDecl[] = [
  { flags: '--from <date>', description: 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)' },
  { flags: '--to <date>', description: 'last day, same forms (default: today, UTC)' },
  { flags: '--settled', description: 'leave out rows of today (UTC): the day is not over, so they are provisional' },
];

/** --granularity and --limit. */
export const SERIES_FLAGS: readonly FlagDecl[] = [
  {
    flags: '--granularity <g>',
    description: 'row granularity (default: auto, daily over 30 days; daily with a premium key, and in a table at a terminal over 2 days)',
    choices: GRANULARITY_NAMES,
  },
  { flags: '--limit <n>', description: "rows per model: N most recent of the window, or 'all'", parse: parseLimit, default: 'all' },
];

/** --wide, --y, --stats and --spark. */
export const ANALYSIS_FLAGS: readonly FlagDecl[] = [
  { flags: '--wide', description: 'one column per GPU model (time, then a column per model holding the --y value)' },
  { flags: '--y <column>', description: 'the numeric column of --format chart, --wide and --stats (default: the main value column)' },
  { flags: '--stats', description: 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change' },
  { flags: '--spark', description: 'like --stats, with a sparkline of each model in a trend column' },
];

/** Collects a repeatable flag's values into a list. */
const collect = (v: string, prev: unknown): string[] => [...((prev as string[] | undefined) ?? []), v];

/** A descriptor's own option as a flag. */
function specFlag(spec: OptionSpec): FlagDecl {
  return {
    flags: spec.flags,
    description: spec.description,
    ...(spec.choices ? { choices: spec.choices } : {}),
    ...(spec.repeatable ? { parse: collect } : {}),
    ...(spec.default !== undefined ? { default: spec.default } : {}),
  };
}

/** A data command's flags, in the order its --help lists them: the descriptor's own, then the groups it takes. */
export function datasetFlags(ds: AnyDataset): FlagDecl[] {
  // A flag applies when the command or one of its variants takes it (memory --from appends, rolling --from too).
  const all = [ds, ...(ds.variants ?? []).map((v) => v.dataset)];
  return [
    ...(ds.options ?? []).map(specFlag),
    ...(ds.groups.window ? WINDOW_FLAGS : []),
    ...(ds.groups.series ? SERIES_FLAGS : []),
    ...outputFlags({
      append: all.some((d) => d.noAppend === undefined),
      order: all.some((d) => d.endpoint.timeKey !== undefined),
      strict: all.some((d) => d.checks !== undefined),
    }),
    ...(all.some((d) => d.groups.analysis) ? ANALYSIS_FLAGS : []),
  ];
}
