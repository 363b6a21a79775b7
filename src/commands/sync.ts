/** `gpumkt sync <dir>`: keeps a local lake of every dataset the key can read (docs/sync.md); the work is in src/sync. */
import { Command, Option } from 'commander';
import type { Context } from '../context.js';
import type { SyncOptions } from '../sync/sync.js';
import { formatOption, withChoices } from './options.js';
import { LAKE_DEFAULT, LAKE_FORMATS } from '../output/formats.js';
import { parseList, parseLockTimeout } from './parse.js';

/** Declares the sync command. */
export default function sync(ctx: Context): Command {
  return new Command('sync')
    .description(
      'keep a local lake of every dataset the key can read: one hive-partitioned Parquet folder per dataset, updated incrementally',
    )
    .argument('<dir>', 'the lake folder (created when missing)')
    .option('--datasets <list>', "comma-separated datasets to sync (default: every dataset the key's plan reads)", parseList)
    .addOption(formatOption(`file format of a new lake (default ${LAKE_DEFAULT}); a lake keeps its format`, LAKE_FORMATS))
    .addOption(
      withChoices(
        new Option(
          '--granularity <g>',
          'grain of the series of a new lake (default daily; hourly needs a full key); a lake keeps its grain',
        ),
        ['daily', 'hourly'],
      ),
    )
    .option(
      '--from <date>',
      'first day a first sync fetches (default 1y back; without a key, the free 3 months); earlier than a dataset holds: rebuilt from there',
    )
    .option('--status', 'print what the lake holds per dataset (range, rows, last run, what is stale) and send nothing')
    .option('--json', 'print the run summary (with --dry-run the plan, with --status the state) as JSON on stdout')
    .option('--lock-timeout <seconds>', 'wait this long for another sync of the same lake, then exit 8 (default 0)', parseLockTimeout)
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ gpumkt sync ~/ornn',
        '  $ gpumkt sync ~/ornn --datasets history,volume --dry-run',
        '  $ gpumkt sync ~/ornn --status',
        '  $ gpumkt sync /tmp/lake --sandbox',
        '',
        'Layout, state file, cron and readers (DuckDB, pandas, Spark): docs/sync.md',
      ].join('\n'),
    )
    .action(async (dir: string, flags: SyncOptions) => {
      const { runSync } = await import('../sync/sync.js');
      await runSync(ctx, dir, flags);
    });
}
