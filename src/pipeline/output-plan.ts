/** Turns the output flags into a checked plan before any request is sent (bad flags exit 2 early). */
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { FORMAT_NAMES, type OutputFlags } from '../commands/options.js';
import { checkOutputTarget } from '../output/file-sink.js';
import type { FormatOptions } from '../output/formatter.js';
import { checkExportFlags } from '../export/flags.js';

/** What to print, how, and where. */
export interface OutputPlan {
  readonly format: string;
  readonly columns: readonly string[];
  readonly selected: boolean;
  readonly header: boolean;
  readonly order: 'asc' | 'desc';
  readonly output?: string;
  readonly raw: boolean;
  readonly csvSafe: boolean;
  readonly strict: boolean;
  readonly color: boolean;
  readonly width: number;
  /** --append: the file to extend (never set together with `output`). */
  readonly append?: string;
  readonly manifest: boolean;
  /** csv dialect; `dialectGiven` tells an explicit --csv-dialect from the default. */
  readonly dialect: 'rfc4180' | 'excel';
  readonly dialectGiven: boolean;
  /** Seconds to wait for another run's lock. */
  readonly lockTimeout: number;
  readonly failEmpty: boolean;
  readonly replaceRestated: boolean;
}

/** The formatter options of a plan. */
export function formatOptions(plan: OutputPlan, overrides: Partial<FormatOptions> = {}): FormatOptions {
  return {
    columns: plan.columns, selected: plan.selected, header: plan.header, color: plan.color,
    width: plan.width, csvSafe: plan.csvSafe, dialect: plan.dialect, ...overrides,
  };
}

const BY_EXTENSION: Readonly<Record<string, string>> = {
  csv: 'csv', tsv: 'tsv', tab: 'tsv', json: 'json', ndjson: 'ndjson', jsonl: 'ndjson', md: 'markdown', markdown: 'markdown', txt: 'table',
};

/**
 * The format: --format, else from the -o file's extension, else the config's default, else table on a
 * terminal and csv in a pipe.
 */
export function chooseFormat(flags: OutputFlags, ctx: Context, configured?: string): string {
  if (flags.format) return flags.format;
  const file = flags.output ?? flags.append;
  const ext = file?.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  if (ext && BY_EXTENSION[ext]) return BY_EXTENSION[ext];
  if (configured && (FORMAT_NAMES as readonly string[]).includes(configured)) return configured;
  if (file) return 'csv';
  return ctx.io.stdoutIsTTY ? 'table' : 'csv';
}

/** Whether human formats may colour: a terminal, no NO_COLOR / --no-color, or FORCE_COLOR set. */
export function useColor(ctx: Context, toFile: boolean): boolean {
  const force = ctx.env.FORCE_COLOR;
  if (force !== undefined && force !== '' && force !== '0' && force !== 'false') return !toFile;
  return !toFile && ctx.io.stdoutIsTTY && ctx.globals().color;
}

/** The widest COLUMNS honoured: a chart allocates its grid by width, and COLUMNS=1e9 would exhaust memory. */
export const MAX_COLUMNS = 10_000;

/**
 * Width for human formats: the terminal's; off a terminal COLUMNS if set (1 to MAX_COLUMNS; other
 * values are ignored, as shells and other tools ignore them), else unlimited (no wrapping in files and pipes).
 */
export function outputWidth(ctx: Context, toFile: boolean): number {
  if (!toFile && ctx.io.stdoutIsTTY) return Math.min(ctx.io.columns, MAX_COLUMNS);
  const env = Number(ctx.env.COLUMNS);
  return Number.isInteger(env) && env > 0 && env <= MAX_COLUMNS ? env : Number.POSITIVE_INFINITY;
}

/**
 * Checks the flags against what the endpoint can print, and that -o can be written, before any request. `valid` lists every column a user may ask
 * for; `defaults` is what prints without --columns (`table` gets the readable subset).
 */
export async function planOutput(
  flags: OutputFlags,
  ctx: Context,
  cols: { valid: readonly string[]; defaults: readonly string[]; table?: readonly string[]; series?: boolean },
  configuredFormat?: string,
): Promise<OutputPlan> {
  // An empty name would fall through to stdout, and a cron job would never notice its file is missing.
  if (flags.output === '') throw new UsageError('-o needs a file name (got an empty one)');
  if (flags.append === '') throw new UsageError('--append needs a file name (got an empty one)');
  const format = chooseFormat(flags, ctx, configuredFormat);
  if (format === 'chart' && cols.series !== true) throw new UsageError('--format chart draws a time series; these rows are not one (try table)');
  if (flags.columns) {
    if (flags.columns.length === 0) throw new UsageError('--columns is empty; valid columns: ' + cols.valid.join(', '));
    for (const c of flags.columns) {
      if (!cols.valid.includes(c)) throw new UsageError(`unknown column '${c}'; valid columns: ${cols.valid.join(', ')}`);
    }
  }
  checkExportFlags(flags, format);
  if (flags.output !== undefined) await checkOutputTarget(flags.output);
  if (flags.append !== undefined) await checkOutputTarget(flags.append);
  const columns = flags.columns ?? (format === 'table' && cols.table ? cols.table : cols.defaults);
  return {
    format,
    columns,
    selected: flags.columns !== undefined,
    header: flags.header !== false,
    order: flags.order ?? 'asc',
    output: flags.output,
    raw: flags.raw === true,
    csvSafe: flags.csvSafe === true,
    strict: flags.strict === true,
    color: useColor(ctx, flags.output !== undefined || flags.append !== undefined),
    width: outputWidth(ctx, flags.output !== undefined || flags.append !== undefined),
    append: flags.append,
    manifest: flags.manifest === true,
    dialect: flags.csvDialect ?? 'rfc4180',
    dialectGiven: flags.csvDialect !== undefined,
    lockTimeout: flags.lockTimeout ?? 0,
    failEmpty: flags.failEmpty === true,
    replaceRestated: flags.replaceRestated === true,
  };
}
