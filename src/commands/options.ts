/** Flag groups shared by the data commands, declared once so help, parsing and completions agree. */
import { Command, InvalidArgumentError, Option } from 'commander';
import { closest } from '../domain/text/suggest.js';
import { FORMAT_NAMES } from '../output/formats.js';
import { parseLimit, parseList, parseLockTimeout } from './parse.js';
// The flags these groups give, as types: declared with the descriptors' own flags, which read them.
export type { AnalysisFlags, OutputFlags, SeriesFlags, WindowFlags } from '../datasets/flags.js';

/**
 * Restricts `opt` to `values` (help and completions show them), and answers a value typed wrong with
 * the closest valid one: `-f jsn` → did you mean 'json'?
 */
// Formats people ask for by habit when they mean "for a spreadsheet".
const SPREADSHEET = /^(xlsx?|xlsm|excel|ods|numbers)$/i;

export function withChoices(opt: Option, values: readonly string[]): Option {
  return opt.choices(values).argParser((v: string) => {
    if (values.includes(v)) return v;
    const near = closest(v, values);
    const advice =
      values.includes('csv') && SPREADSHEET.test(v) ? ' For a spreadsheet: -f csv --csv-dialect excel (opens in Excel as is).' : '';
    throw new InvalidArgumentError(
      `Allowed choices are ${values.join(', ')}.${near === undefined ? '' : ` Did you mean '${near}'?`}${advice}`,
    );
  });
}

/** Granularity choices of the series endpoints. */
export const GRANULARITY_NAMES = ['daily', 'hourly', 'auto'] as const;

/** Which output flags apply to a command; the others stay accepted (to explain why they do not apply) but leave its --help. */
export interface OutputApplies {
  /** --append, --replace-restated (a series that grows). */
  readonly append: boolean;
  /** --order (rows in time). */
  readonly order: boolean;
  /** --strict (the rows have spec rules to check). */
  readonly strict: boolean;
}

/** -f/--format, declared once: `values` are the formats this command prints, `description` says its default. */
export function formatOption(description: string, values: readonly string[]): Option {
  return withChoices(new Option('-f, --format <format>', description), values);
}

/** --query, declared once for every command that prints JSON (the data commands and api). */
export function queryOption(): Option {
  return new Option(
    '--query <jmespath>',
    'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"',
  );
}

/** Adds -f, -o, --columns, --no-header, --order, --raw, --csv-safe, --strict, and the cron-export flags (src/append). */
export function addOutputOptions(cmd: Command, applies: OutputApplies = { append: true, order: true, strict: true }): Command {
  const shown = (opt: Option, yes: boolean): Option => (yes ? opt : opt.hideHelp());
  return cmd
    .addOption(formatOption('output format (default: table on a terminal, csv otherwise)', FORMAT_NAMES))
    .option('-o, --output <file>', "write to a file, atomically; its extension picks the format (else give -f); '-' is stdout")
    .option(
      '--columns <list>',
      'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)',
      parseList,
    )
    .option('--no-header', 'leave out the header line (csv, tsv)')
    .addOption(
      shown(
        withChoices(new Option('--order <order>', 'oldest first (asc) or newest first (desc)'), ['asc', 'desc']).default('asc'),
        applies.order,
      ),
    )
    .option('--raw', 'print the untouched JSON body of the single request')
    .addOption(queryOption())
    .option('--csv-safe', "prefix text cells starting with = + - @ TAB CR with ' (spreadsheet formula guard)")
    .addOption(shown(new Option('--strict', "fail (exit 6) when rows break the spec's rules, instead of warning"), applies.strict))
    .addOption(
      shown(
        new Option('--append <file>', 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing'),
        applies.append,
      ),
    )
    .option('--partition-by <column>', 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)')
    .addOption(
      shown(new Option('--replace-restated', 'with --append: replace rows the service restated (same key, new values)'), applies.append),
    )
    .option('--manifest', 'also write <file>.manifest.json: command, requests, row counts, sha256')
    .addOption(
      withChoices(new Option('--csv-dialect <dialect>', 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'), [
        'rfc4180',
        'excel',
      ]),
    )
    .option(
      '--lock-timeout <seconds>',
      "with --append/--manifest: wait this long for another run's lock, then exit 8 (default 0; at most 86400)",
      parseLockTimeout,
    )
    .option('--fail-empty', 'exit 9 when there is nothing new to write (for cron alerts)');
}

/** Adds --from and --to. */
export function addWindowOptions(cmd: Command): Command {
  return cmd
    .option('--from <date>', 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)')
    .option('--to <date>', 'last day, same forms (default: today, UTC)')
    .option('--settled', 'leave out rows of today (UTC): the day is not over, so they are provisional');
}

/** Adds --granularity and --limit. */
export function addSeriesOptions(cmd: Command): Command {
  return cmd
    .addOption(
      withChoices(
        new Option(
          '--granularity <g>',
          'row granularity (default: auto, daily over 30 days; daily with a premium key, and in a table at a terminal over 2 days)',
        ),
        GRANULARITY_NAMES,
      ),
    )
    .addOption(new Option('--limit <n>', "rows per model: N most recent of the window, or 'all'").argParser(parseLimit).default('all'));
}

/** Adds --wide, --y, --stats and --spark. */
export function addAnalysisOptions(cmd: Command): Command {
  return cmd
    .option('--wide', 'one column per GPU model (time, then a column per model holding the --y value)')
    .option('--y <column>', 'the numeric column of --format chart, --wide and --stats (default: the main value column)')
    .option('--stats', 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change')
    .option('--spark', 'like --stats, with a sparkline of each model in a trend column');
}
