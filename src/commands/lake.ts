/** `gpumkt lake read|log`: a sync lake's rows as the lake knew them at any time (docs/point-in-time.md); the work is in lake-run.ts. */
import { Command, Option } from 'commander';
import type { Context } from '../context.js';
import { FORMAT_NAMES } from '../output/formats.js';
import { parseList } from './parse.js';
import { formatOption, queryOption, withChoices } from './options.js';
import type { LakeLogFlags, LakeReadFlags } from './lake-run.js';

/** -f, -o, --columns, --no-header, --csv-safe and --query, as the data commands print rows. */
function addPrintOptions(cmd: Command): Command {
  return cmd
    .addOption(
      formatOption(
        'output format (default: table on a terminal, csv otherwise)',
        FORMAT_NAMES.filter((f) => f !== 'chart'),
      ),
    )
    .option('-o, --output <file>', "write to a file, atomically; its extension picks the format (else give -f); '-' is stdout")
    .option('--columns <list>', 'comma-separated columns to print, in this order', parseList)
    .option('--no-header', 'leave out the header line (csv, tsv)')
    .option('--csv-safe', "prefix text cells starting with = + - @ TAB CR with ' (spreadsheet formula guard)")
    .addOption(queryOption())
    .option('--endpoint-url <url>', 's3://: an S3-compatible endpoint')
    .option('--aws-profile <name>', 's3://: the AWS profile');
}

/** Declares the lake command and its two subcommands. */
export default function lakeCommand(ctx: Context): Command {
  const cmd = new Command('lake')
    .description("read a sync lake's rows as they were known at any time: every version, with when it was known")
    .addHelpText(
      'after',
      [
        '',
        'Every row of a lake carries known_from and known_to: when a sync first received that version and',
        'when one replaced it (empty while current).',
        '',
        'Examples:',
        '  $ gpumkt lake read ~/ornn history --as-of 2026-11-18',
        '  $ gpumkt lake log ~/ornn history --key H100 --from 7d',
        '',
        'The model, and the same questions in DuckDB, pandas, Polars and Spark: docs/point-in-time.md',
      ].join('\n'),
    );
  addRead(cmd, ctx);
  addLog(cmd, ctx);
  return cmd;
}

/** `lake read <dir> <dataset>`: the rows as known at a time. */
function addRead(cmd: Command, ctx: Context): void {
  addPrintOptions(
    cmd
      .command('read')
      .description('print the rows of a dataset as the lake knew them (default: now)')
      .argument('<dir>', 'the lake: a folder or s3://bucket/prefix')
      .argument('<dataset>', 'the dataset, as its folder in the lake is named (history, coding, …)')
      .option('--as-of <time>', 'the rows as known then: a date (its end, UTC; today, 7d…), now, or an ISO time')
      .addOption(
        withChoices(new Option('--vintage <which>', "each row's first published version, or the latest known (default)"), [
          'first',
          'latest',
        ]),
      ),
  )
    .addHelpText(
      'after',
      '\nExamples:\n  $ gpumkt lake read ~/ornn history\n  $ gpumkt lake read ~/ornn coding --as-of 2026-11-18T20:00:00Z -f csv\n  $ gpumkt lake read ~/ornn history --vintage first --columns timestamp,gpu,index_value',
    )
    .action(async (dir: string, dataset: string, flags: LakeReadFlags) => {
      const { lakeRead } = await import('./lake-run.js');
      await lakeRead(ctx, dir, dataset, flags);
    });
}

/** `lake log <dir> <dataset>`: every version of the rows asked for. */
function addLog(cmd: Command, ctx: Context): void {
  addPrintOptions(
    cmd
      .command('log')
      .description('list every version of the rows asked for, when each was known and its change')
      .argument('<dir>', 'the lake: a folder or s3://bucket/prefix')
      .argument('<dataset>', 'the dataset, as its folder in the lake is named')
      .option(
        '--key <value>',
        'only rows with this key value (gpu, lab, …) or day (repeatable: all must match)',
        (v: string, prev: string[] = []) => [...prev, v],
      )
      .option('--from <date>', 'first day of the rows (YYYY-MM-DD, today, 7d…)')
      .option('--to <date>', 'last day of the rows, same forms')
      .option('--revised', 'only rows with more than one version'),
  )
    .addHelpText(
      'after',
      '\nExamples:\n  $ gpumkt lake log ~/ornn coding --key cc-merge --from 14d\n  $ gpumkt lake log ~/ornn history --revised -f csv',
    )
    .action(async (dir: string, dataset: string, flags: LakeLogFlags) => {
      const { lakeLog } = await import('./lake-run.js');
      await lakeLog(ctx, dir, dataset, flags);
    });
}
