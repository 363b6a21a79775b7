/** Turns the output flags into a checked plan before any request is sent (bad flags exit 2 early). */
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { OutputFlags } from './request.js';
import type { JsonQuery } from '../output/json-query.js';
import {
  DEFAULT_FORMAT,
  FORMAT_NAMES,
  formatForExtension,
  formatInfo,
  PARTITION_DEFAULT,
  PROFILE_FORMATS,
  QUERY_DEFAULT,
} from '../output/formats.js';
import { checkExportFlags } from '../append/flags.js';
import type { OutputPlan } from '../output/plan.js';
import { didYouMean } from '../domain/text/suggest.js';
import type { ColumnType } from '../output/format-types.js';

/** Every file extension a format claims, for messages (`.csv, .tsv, …`). */
export function knownExtensions(): string[] {
  return FORMAT_NAMES.flatMap((n) => formatInfo(n).extensions.map((e) => `.${e}`)).filter((e, i, all) => all.indexOf(e) === i);
}

/**
 * The format. Writing a file (-o, --append), its extension decides: a known one selects its format
 * (and -f must agree: one format is never written under another's extension); an unknown one, or
 * none, needs -f (exit 2 naming the known extensions). To stdout: -f, else the profile's format, else
 * table on a terminal and csv in a pipe.
 */
export function chooseFormat(flags: OutputFlags, ctx: Context, configured?: string): string {
  const file = flags.output ?? flags.append;
  // A partitioned folder has no extension to go by; only parquet writes one, and a folder named like
  // another format's file (hp.csv) would hold what its name denies.
  if (flags.partitionBy !== undefined) {
    const named =
      file === undefined ? undefined : /\.([A-Za-z0-9]+)$/.exec(file.replace(/[\\/]+$/, '').replace(/^.*[\\/]/, ''))?.[1]?.toLowerCase();
    const claimed = named === undefined ? undefined : formatForExtension(named);
    if (claimed !== undefined && !claimed.partitions) {
      throw new UsageError(
        `--partition-by writes a folder of Parquet files; ${file as string} names a .${named as string} (${claimed.name}) file`,
        'name the folder without an extension (e.g. -o prices), or leave out --partition-by',
      );
    }
    return flags.format ?? PARTITION_DEFAULT;
  }
  if (file === undefined) {
    if (flags.format) return flags.format;
    if (configured && PROFILE_FORMATS.includes(configured)) return configured;
    return ctx.io.stdoutIsTTY ? DEFAULT_FORMAT.terminal : DEFAULT_FORMAT.pipe;
  }
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.replace(/^.*[\\/]/, ''))?.[1]?.toLowerCase();
  const byExtension = ext === undefined ? undefined : formatForExtension(ext);
  if (byExtension === undefined) {
    if (flags.format) return flags.format;
    throw new UsageError(
      `cannot tell the format of ${file} from its ${ext === undefined ? 'name (no extension)' : `extension .${ext}`}; known extensions: ${knownExtensions().join(', ')}`,
      'name the file with one of them, or give -f',
    );
  }
  if (flags.format && !formatInfo(flags.format).extensions.includes(ext as string)) {
    throw new UsageError(
      `-f ${flags.format} would write ${flags.format} into ${file}, a .${ext} (${byExtension.name}) file`,
      `leave out -f, or name the file with a ${flags.format} extension`,
    );
  }
  return flags.format ?? byExtension.name;
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

/** What the endpoint can print, for planOutput: the columns a user may ask for and the defaults. */
export interface PlanColumns {
  valid: readonly string[];
  defaults: readonly string[];
  table?: readonly string[];
  series?: boolean;
  keys?: readonly string[];
  priority?: readonly string[];
  types?: Readonly<Record<string, ColumnType>>;
}

/**
 * Checks the flags against what the endpoint can print, and that -o can be written, before any request. `valid` lists every column a user may ask
 * for; `defaults` is what prints without --columns (`table` gets the readable subset).
 */
export async function planOutput(flags: OutputFlags, ctx: Context, cols: PlanColumns, configuredFormat?: string): Promise<OutputPlan> {
  flags = normaliseTargets(flags);
  // --query reshapes JSON: without -f or a file it asks for JSON, as the AWS CLI prints it.
  if (flags.query !== undefined && flags.format === undefined && flags.output === undefined && flags.append === undefined)
    flags = { ...flags, format: QUERY_DEFAULT };
  const format = chooseFormat(flags, ctx, configuredFormat);
  const query = flags.query === undefined ? undefined : await planQuery(flags.query, flags, format);
  const info = formatInfo(format);
  if (info.needsSeries && cols.series !== true)
    throw new UsageError('--format chart draws a time series; these rows are not one (try table)');
  checkColumns(flags, cols.valid);
  checkExportFlags(flags, format);
  refuseBinaryOnTerminal(ctx, flags, format);
  const columns = flags.columns ?? (info.terminalView && cols.table ? cols.table : cols.defaults);
  await checkTargets(flags, columns, format);
  return { ...planFields(ctx, flags, cols), format, columns, query };
}

/** The -o and --append names, checked and normalised: no empty or format-like names, `-o -` is stdout, folders without their slash. */
function normaliseTargets(flags: OutputFlags): OutputFlags {
  // An empty name would fall through to stdout, and a cron job would never notice its file is missing.
  if (flags.output === '') throw new UsageError('-o needs a file name (got an empty one)');
  if (flags.append === '') throw new UsageError('--append needs a file name (got an empty one)');
  for (const [flag, file] of [
    ['-o', flags.output],
    ['--append', flags.append],
  ] as const) {
    // `-o json` (kubectl's -o picks the format): here -o is a file, and a file called json is rarely meant.
    if (file !== undefined && FORMAT_NAMES.includes(file.toLowerCase())) {
      throw new UsageError(
        `${flag} takes a file name, and '${file}' has no extension; the format is -f ${file.toLowerCase()}`,
        `e.g. -f ${file.toLowerCase()} -o out.${formatInfo(file.toLowerCase()).extensions[0] ?? 'txt'}; for a file really called ${file}, write ./${file}`,
      );
    }
  }
  if (flags.partitionBy !== undefined) {
    // A folder typed with its trailing slash (`history/`) is the folder itself: its lock and temporary
    // copy go next to it, never into it.
    const folder = (p: string | undefined): string | undefined => p?.replace(/(.)\/+$/, '$1');
    flags = { ...flags, output: folder(flags.output), append: folder(flags.append) };
  }
  // A name ending in / names a folder: no file can be written there (exit 2, whatever -f says).
  for (const target of flags.partitionBy === undefined ? [flags.output, flags.append] : []) {
    if (target !== undefined && target !== '-' && /[\\/]$/.test(target))
      throw new UsageError(`cannot write ${target}: a name ending in / is a folder, not a file`);
  }
  // `-o -` is stdout, as everywhere on the command line.
  if (flags.output === '-') flags = { ...flags, output: undefined };
  if (flags.append === '-') throw new UsageError('--append needs a file; stdout cannot be extended');
  return flags;
}

/** Every --columns name must be one the endpoint prints (exit 2 naming the valid ones). */
function checkColumns(flags: OutputFlags, valid: readonly string[]): void {
  if (!flags.columns) return;
  if (flags.columns.length === 0) throw new UsageError('--columns is empty; valid columns: ' + valid.join(', '));
  for (const c of flags.columns) {
    if (!valid.includes(c)) throw new UsageError(`unknown column '${c}'; ${didYouMean(c, valid)}valid columns: ${valid.join(', ')}`);
  }
}

/** A binary format is never printed to a terminal (--raw prints JSON and --dry-run curl commands: neither is refused). */
function refuseBinaryOnTerminal(ctx: Context, flags: OutputFlags, format: string): void {
  const info = formatInfo(format);
  if (
    info.binary &&
    flags.output === undefined &&
    flags.append === undefined &&
    flags.raw !== true &&
    !ctx.globals().dryRun &&
    ctx.io.stdoutIsTTY
  ) {
    throw new UsageError(
      `${format} is binary; it is not printed to a terminal`,
      `write it to a file with -o <file>.${info.extensions[0] ?? format}, or pipe it`,
    );
  }
}

/** The -o / --append target can be written: a partitioned folder of the right kind, or a file that is no folder. */
async function checkTargets(flags: OutputFlags, columns: readonly string[], format: string): Promise<void> {
  const { partitionBy } = flags;
  const folder = partitionBy === undefined ? undefined : (flags.output ?? flags.append);
  if (partitionBy !== undefined && folder !== undefined) {
    if (!columns.includes(partitionBy)) {
      throw new UsageError(`--partition-by ${partitionBy}: no such column; columns: ${columns.join(', ')}`);
    }
    // Loaded only for partitioned runs (it brings the Parquet writer).
    const [{ checkDirTarget }, { isPartitionedDataset }] = await Promise.all([
      import('../store/dir-swap.js'),
      import('../output/parquet/partition.js'),
    ]);
    await checkDirTarget(folder, isPartitionedDataset);
    return;
  }
  for (const target of [flags.output, flags.append]) {
    if (target === undefined) continue;
    // The store's checks are loaded only by a run that writes a file.
    const [{ pathInfo }, { checkOutputTarget }] = await Promise.all([import('../store/paths.js'), import('../store/file-sink.js')]);
    if (formatInfo(format).partitions && (await pathInfo(target).catch(() => undefined))?.kind === 'folder') {
      throw new UsageError(`${target} is a folder; give --partition-by <column> to write a partitioned dataset there`);
    }
    await checkOutputTarget(target);
  }
}

/** The plan's fields read straight from the (checked) flags and the terminal. */
function planFields(ctx: Context, flags: OutputFlags, cols: PlanColumns): Omit<OutputPlan, 'format' | 'columns' | 'query'> {
  const toFile = flags.output !== undefined || flags.append !== undefined;
  return {
    selected: flags.columns !== undefined,
    header: flags.header !== false,
    order: flags.order ?? 'asc',
    output: flags.output,
    raw: flags.raw === true,
    csvSafe: flags.csvSafe === true,
    strict: flags.strict === true,
    color: useColor(ctx, toFile),
    width: outputWidth(ctx, toFile),
    fit: !toFile && ctx.io.stdoutIsTTY,
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
    partitionBy: flags.partitionBy,
    types: cols.types,
  };
}

/** The compiled --query (exit 2 for a bad expression, or a format that is not JSON), before any request. */
async function planQuery(expression: string, flags: OutputFlags, format: string): Promise<JsonQuery> {
  if (formatInfo(format).jsonQuery === undefined)
    throw new UsageError(`--query filters JSON output: use -f json or -f ndjson (not ${format})`);
  if (flags.append !== undefined || flags.partitionBy !== undefined)
    throw new UsageError('--query reshapes printed JSON: --append and --partition-by do not apply');
  if (flags.raw === true)
    throw new UsageError('--raw prints the body untouched: leave out --query, or --raw (gpumkt api <path> --query filters a body)');
  const { compileQuery } = await import('../output/json-query.js');
  return compileQuery(expression);
}
