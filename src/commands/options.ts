/**
 * Commander's options from the flags declared as data (flags.ts), shared by the data commands and the
 * rest, so help, parsing and completions agree; a plain data command's line is read from the same
 * declarations without commander (quick-parse.ts).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { closest } from '../domain/text/suggest.js';
import {
  ANALYSIS_FLAGS,
  formatFlag,
  outputFlags,
  QUERY_FLAG,
  SERIES_FLAGS,
  WINDOW_FLAGS,
  type FlagDecl,
  type OutputApplies,
} from './flags.js';

export { GRANULARITY_NAMES, type OutputApplies } from './flags.js';
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

/** Commander's option of one declared flag. */
export function toOption(decl: FlagDecl): Option {
  const opt = new Option(decl.flags, decl.description);
  if (decl.choices) withChoices(opt, decl.choices);
  if (decl.parse) opt.argParser(decl.parse);
  if (decl.default !== undefined) opt.default(decl.default);
  return decl.hidden === true ? opt.hideHelp() : opt;
}

/** Adds each declared flag to `cmd`, in order. */
export function addFlags(cmd: Command, decls: readonly FlagDecl[]): Command {
  for (const decl of decls) cmd.addOption(toOption(decl));
  return cmd;
}

/** -f/--format, declared once: `values` are the formats this command prints, `description` says its default. */
export function formatOption(description: string, values: readonly string[]): Option {
  return toOption(formatFlag(description, values));
}

/** --query, declared once for every command that prints JSON (the data commands and api). */
export function queryOption(): Option {
  return toOption(QUERY_FLAG);
}

/** Adds -f, -o, --columns, --no-header, --order, --raw, --csv-safe, --strict, and the cron-export flags (src/append). */
export function addOutputOptions(cmd: Command, applies?: OutputApplies): Command {
  return addFlags(cmd, outputFlags(applies));
}

/** Adds --from and --to. */
export function addWindowOptions(cmd: Command): Command {
  return addFlags(cmd, WINDOW_FLAGS);
}

/** Adds --granularity and --limit. */
export function addSeriesOptions(cmd: Command): Command {
  return addFlags(cmd, SERIES_FLAGS);
}

/** Adds --wide, --y, --stats and --spark. */
export function addAnalysisOptions(cmd: Command): Command {
  return addFlags(cmd, ANALYSIS_FLAGS);
}
