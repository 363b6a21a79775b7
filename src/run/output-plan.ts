/** Turns the output flags into a checked plan before any request is sent (bad flags exit 2 early). */
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { OutputFlags } from './request.js';
import { FORMAT_NAMES, formatForExtension, formatInfo, PROFILE_FORMATS } from '../output/formats.js';
import { checkOutputTarget } from '../output/file-sink.js';
import { checkExportFlags } from '../export/flags.js';
import type { OutputPlan } from '../output/plan.js';
import { didYouMean } from '../domain/suggest.js';


/**
 * The format: --format, else from the -o file's extension, else the config's default, else table on a
 * terminal and csv in a pipe.
 */
export function chooseFormat(flags: OutputFlags, ctx: Context, configured?: string): string {
  if (flags.format) return flags.format;
  const file = flags.output ?? flags.append;
  const ext = file?.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  const byExtension = ext === undefined ? undefined : formatForExtension(ext);
  if (byExtension) return byExtension.name;
  if (configured && PROFILE_FORMATS.includes(configured)) return configured;
  if (file) return 'csv';
  return ctx.io.stdoutIsTTY ? 'table' : 'csv';
}

/** Whether human formats may colour: a terminal, no NO_COLOR / --no-color, or FORCE_COLOR set. */
export function useColor(ctx: Context, toFile: boolean): boolean {
  const force = ctx.env.FORCE_COLOR;
  if (force !== undefined && force !== '' && force !== '0' && force !== 'false') return !toFile;
  return !toFile && ctx.io.stdoutIsTTY && ctx.globals().color;
}

/** Width for human formats: the terminal's; off a terminal COLUMNS if set, else unlimited (no wrapping in files and pipes). */
export function outputWidth(ctx: Context, toFile: boolean): number {
  if (!toFile && ctx.io.stdoutIsTTY) return ctx.io.columns;
  const env = Number(ctx.env.COLUMNS);
  return Number.isInteger(env) && env > 0 ? env : Number.POSITIVE_INFINITY;
}

/**
 * Checks the flags against what the endpoint can print, and that -o can be written, before any request. `valid` lists every column a user may ask
 * for; `defaults` is what prints without --columns (`table` gets the readable subset).
 */
export async function planOutput(
  flags: OutputFlags,
  ctx: Context,
  cols: { valid: readonly string[]; defaults: readonly string[]; table?: readonly string[]; series?: boolean; keys?: readonly string[]; priority?: readonly string[] },
  configuredFormat?: string,
): Promise<OutputPlan> {
  for (const [flag, file] of [['-o', flags.output], ['--append', flags.append]] as const) {
    // `-o json` (kubectl's -o picks the format): here -o is a file, and a file called json is rarely meant.
    if (file !== undefined && FORMAT_NAMES.includes(file.toLowerCase())) {
      throw new UsageError(`${flag} takes a file name, and '${file}' has no extension; the format is -f ${file.toLowerCase()}`, `e.g. -f ${file.toLowerCase()} -o out.${formatInfo(file.toLowerCase()).extensions[0] ?? 'txt'}; for a file really called ${file}, write ./${file}`);
    }
  }
  const format = chooseFormat(flags, ctx, configuredFormat);
  const info = formatInfo(format);
  if (info.needsSeries && cols.series !== true) throw new UsageError('--format chart draws a time series; these rows are not one (try table)');
  if (flags.columns) {
    if (flags.columns.length === 0) throw new UsageError('--columns is empty; valid columns: ' + cols.valid.join(', '));
    for (const c of flags.columns) {
      if (!cols.valid.includes(c)) throw new UsageError(`unknown column '${c}'; ${didYouMean(c, cols.valid)}valid columns: ${cols.valid.join(', ')}`);
    }
  }
  checkExportFlags(flags, format);
  if (flags.output) await checkOutputTarget(flags.output);
  if (flags.append) await checkOutputTarget(flags.append);
  const columns = flags.columns ?? (info.terminalView && cols.table ? cols.table : cols.defaults);
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
    fit: flags.output === undefined && flags.append === undefined && ctx.io.stdoutIsTTY,
    // Chosen columns: the user's order is their importance.
    keys: cols.keys,
    priority: flags.columns ?? cols.priority,
    append: flags.append,
    manifest: flags.manifest === true,
    dialect: flags.csvDialect ?? 'rfc4180',
    dialectGiven: flags.csvDialect !== undefined,
    lockTimeout: flags.lockTimeout ?? 0,
    failEmpty: flags.failEmpty === true,
    replaceRestated: flags.replaceRestated === true,
  };
}
