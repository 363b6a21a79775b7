/** `gpumkt sync <dir>`: keeps a lake (a folder or s3://) of every dataset the key can read (docs/sync.md); the work is in src/sync. */
import { Command, Option } from 'commander';
import type { Context } from '../context.js';
import type { SyncOptions } from '../sync/sync.js';
import { formatOption, withChoices } from './options.js';
import { LAKE_DEFAULT, LAKE_FORMATS } from '../output/formats.js';
import { parseList, parseLockTimeout } from './parse.js';

/** --table-format: what a commit does with the files it replaces. */
function tableFormatOption(): Option {
  return withChoices(
    new Option(
      '--table-format <f>',
      'delta keeps the files a commit replaces (time travel), hive deletes them (default hive; s3:// is delta)',
    ),
    ['hive', 'delta'],
  );
}

/** Declares the sync command. */
export default function sync(ctx: Context): Command {
  return new Command('sync')
    .description(
      'keep a lake (a folder or s3://) of every dataset the key can read: one partitioned Parquet table per dataset, updated incrementally',
    )
    .argument('<dir>', 'the lake: a folder (created when missing) or s3://bucket/prefix')
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
    .addOption(tableFormatOption())
    .option('--endpoint-url <url>', 's3://: an S3-compatible endpoint (MinIO, R2, Ceph)')
    .option('--aws-profile <name>', 's3://: the AWS profile to sign with')
    .option('--unsafe-single-writer', 's3://: skip the conditional-write probe')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ gpumkt sync ~/ornn',
        '  $ gpumkt sync ~/ornn --datasets history,volume --dry-run',
        '  $ gpumkt sync ~/ornn --status',
        '  $ gpumkt sync /tmp/lake --sandbox',
        '  $ gpumkt sync s3://team-data/ornn --endpoint-url http://minio.local:9000',
        '',
        'Layout, state file, cron and readers (DuckDB, pandas, Spark): docs/sync.md',
        'A lake on S3, MinIO, R2 or Ceph: docs/object-storage.md',
      ].join('\n'),
    )
    .action(async (dir: string, flags: SyncOptions) => {
      const { runSync } = await import('../sync/sync.js');
      await runSync(ctx, dir, flags);
    });
}
