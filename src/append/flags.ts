/** Checks of the cron-export flags, run with the other output checks before any request (exit 2). */
import type { OutputFlags } from '../domain/output-flags.js';
import { UsageError } from '../errors.js';
import { APPENDABLE_FORMATS, formatInfo, PARTITION_FORMATS } from '../output/formats.js';

/** The flags the export checks read (a subset of the run's output flags). */
export type ExportFlags = Pick<
  OutputFlags,
  'output' | 'header' | 'order' | 'raw' | 'append' | 'manifest' | 'csvDialect' | 'replaceRestated' | 'partitionBy'
>;

/** Throws a UsageError when the export flags contradict each other or the format. */
export function checkExportFlags(flags: ExportFlags, format: string): void {
  if (flags.csvDialect !== undefined && !formatInfo(format).dialects) {
    throw new UsageError(`--csv-dialect applies to csv only, not ${format}`);
  }
  if (flags.raw === true && (flags.manifest === true || flags.append !== undefined)) {
    throw new UsageError('--raw writes one response body as is; --append and --manifest work on rows');
  }
  if (flags.replaceRestated === true && flags.append === undefined) throw new UsageError('--replace-restated needs --append <file>');
  if (flags.manifest === true && flags.output === undefined && flags.append === undefined) {
    throw new UsageError('--manifest describes a file: give -o <file> or --append <file>');
  }
  if (flags.partitionBy !== undefined) {
    if (!formatInfo(format).partitions)
      throw new UsageError(`--partition-by writes ${PARTITION_FORMATS.join(', ')} folders, not ${format}`);
    if (flags.output === undefined && flags.append === undefined)
      throw new UsageError('--partition-by writes a folder: give -o <folder> or --append <folder>');
    if (flags.manifest === true) throw new UsageError('--manifest describes one file; it does not apply to a --partition-by folder');
  }
  if (flags.append === undefined) return;
  if (flags.output !== undefined) throw new UsageError('give either -o <file> or --append <file>, not both');
  if (!APPENDABLE_FORMATS.includes(format)) {
    throw new UsageError(`--append works with ${APPENDABLE_FORMATS.join(', ')}, not ${format}`);
  }
  if (flags.order === 'desc') throw new UsageError('--append keeps files oldest first; leave out --order desc');
  if (flags.header === false) throw new UsageError('--append needs the header line to check the columns; leave out --no-header');
}
