/** Flag groups shared by the data commands, declared once so help, parsing and completions agree. */
import { Command, Option } from 'commander';
import { parseLimit, parseList, parseLockTimeout } from './parse.js';

/** Output formats, in help order (the registry in output/formatter.ts holds the implementations). */
export const FORMAT_NAMES = ['table', 'csv', 'tsv', 'json', 'ndjson', 'markdown', 'chart'] as const;

/** Granularity choices of the series endpoints. */
export const GRANULARITY_NAMES = ['daily', 'hourly', 'auto'] as const;

/** The output flags as commander hands them over. */
export interface OutputFlags {
  format?: string;
  output?: string;
  columns?: string[];
  header: boolean;
  order: 'asc' | 'desc';
  raw?: boolean;
  csvSafe?: boolean;
  strict?: boolean;
  /** Cron-grade exports (src/export): --append, --manifest, --csv-dialect, locking, --fail-empty. */
  append?: string;
  manifest?: boolean;
  csvDialect?: 'rfc4180' | 'excel';
  lockTimeout?: number;
  failEmpty?: boolean;
  replaceRestated?: boolean;
}

/** The window flags. */
export interface WindowFlags {
  from?: string;
  to?: string;
}

/** The series flags (history, volume, range). */
export interface SeriesFlags extends OutputFlags, WindowFlags {
  granularity: 'daily' | 'hourly' | 'auto';
  limit: number | 'all';
}

/** Adds -f, -o, --columns, --no-header, --order, --raw, --csv-safe, --strict, and the cron-export flags (src/export). */
export function addOutputOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('-f, --format <format>', 'output format (default: table on a terminal, csv otherwise)').choices(FORMAT_NAMES))
    .option('-o, --output <file>', 'write to a file, atomically (temporary file, then rename)')
    .option('--columns <list>', 'comma-separated columns to print, in this order', parseList)
    .option('--no-header', 'leave out the header line (csv, tsv)')
    .addOption(new Option('--order <order>', 'oldest first (asc) or newest first (desc)').choices(['asc', 'desc']).default('asc'))
    .option('--raw', 'print the untouched JSON body of the single request')
    .option('--csv-safe', "prefix text cells starting with = + - @ TAB CR with ' (spreadsheet formula guard)")
    .option('--strict', "fail (exit 6) when rows break the spec's rules, instead of warning")
    .option('--append <file>', 'add only rows newer than the file holds (csv, tsv, ndjson); creates the file when missing')
    .option('--replace-restated', 'with --append: replace rows the service restated (same key, new values)')
    .option('--manifest', 'also write <file>.manifest.json: command, requests, row counts, sha256')
    .addOption(new Option('--csv-dialect <dialect>', 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)').choices(['rfc4180', 'excel']))
    .option('--lock-timeout <seconds>', 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)', parseLockTimeout)
    .option('--fail-empty', 'exit 9 when there is nothing new to write (for cron alerts)');
}

/** Adds --from and --to. */
export function addWindowOptions(cmd: Command): Command {
  return cmd
    .option('--from <date>', 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)')
    .option('--to <date>', 'last day, same forms (default: today, UTC)');
}

/** Adds --granularity and --limit. */
export function addSeriesOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--granularity <g>', 'row granularity').choices(GRANULARITY_NAMES).default('auto'))
    .addOption(new Option('--limit <n>', "rows per model: N most recent of the window, or 'all'").argParser(parseLimit).default('all'));
}

/** The analysis flags of the series commands and util-index (--wide, --y, --stats, --spark). */
export interface AnalysisFlags {
  wide?: boolean;
  y?: string;
  stats?: boolean;
  spark?: boolean;
}

/** Adds --wide, --y, --stats and --spark. */
export function addAnalysisOptions(cmd: Command): Command {
  return cmd
    .option('--wide', 'one column per GPU model (time, then a column per model holding the --y value)')
    .option('--y <column>', 'the numeric column of --format chart, --wide and --stats (default: the main value column)')
    .option('--stats', 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change')
    .option('--spark', 'like --stats, with a sparkline of each model in a trend column');
}
