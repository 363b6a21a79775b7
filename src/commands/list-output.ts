/** The catalogue commands (`gpus`, `memory-types`) print through the same formats as the data commands. */
import { Command } from 'commander';
import type { Context } from '../context.js';
import type { Row } from '../domain/row.js';
import { FORMAT_NAMES, getFormatter, jsonShape } from '../output/formats.js';
import { stdoutSink, writeAll } from '../output/files/sink.js';
import { formatOption, queryOption } from './options.js';
import { UsageError } from '../errors.js';
import type { JsonQuery } from '../output/json-query.js';

/** The flags a catalogue command takes besides its own. */
export interface ListFlags {
  readonly format?: string;
  readonly header?: boolean;
  /** --query, as given; `compiledQuery` is set before the action runs (so a bad one sends nothing). */
  readonly query?: string;
  readonly compiledQuery?: JsonQuery;
}

/** Adds -f (every format that is not a chart) and --no-header. */
export function addListOptions(cmd: Command): Command {
  return cmd
    .addOption(
      formatOption(
        'output format (default: a table at a terminal, else plain lines, tab-separated)',
        FORMAT_NAMES.filter((f) => f !== 'chart'),
      ),
    )
    .option('--no-header', 'leave out the header line (csv, tsv)')
    .addOption(queryOption())
    .hook('preAction', async (self) => {
      const { query, format } = self.opts<ListFlags>();
      if (query === undefined) return;
      if (format !== undefined && format !== 'json' && format !== 'ndjson')
        throw new UsageError(`--query filters JSON output: use -f json or -f ndjson (not ${format})`);
      const { compileQuery } = await import('../output/json-query.js');
      self.setOptionValue('compiledQuery', await compileQuery(query));
    });
}

/** Prints `rows` in the chosen format; without -f a table at a terminal, else `plain` lines (the scriptable default). */
export async function printList(
  ctx: Context,
  rows: readonly Row[],
  columns: readonly string[],
  flags: ListFlags,
  plain: () => string,
): Promise<void> {
  if (flags.compiledQuery) {
    const { queryResultText } = await import('../output/json-query.js');
    ctx.io.stdout.write(queryResultText(flags.compiledQuery.search(rows), jsonShape(flags.format)));
    return;
  }
  const tty = ctx.io.stdoutIsTTY;
  if (flags.format === undefined && !tty) {
    ctx.io.stdout.write(plain());
    return;
  }
  // At a terminal the catalogues read as every other command's rows do: a table.
  const formatter = await getFormatter(flags.format ?? 'table');
  const opts = {
    columns,
    selected: true,
    header: flags.header !== false,
    color: tty && ctx.globals().color,
    width: ctx.io.columns,
    fit: tty,
    keys: columns.slice(0, 1),
    csvSafe: false,
    dialect: 'rfc4180' as const,
    notice: (m: string) => ctx.log.info(m),
  };
  await writeAll(formatter.format(rows, opts), stdoutSink(ctx.io.stdout));
}
