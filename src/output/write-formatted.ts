/** The one way rows reach a sink, whatever the format: text chunk by chunk, bytes through the format's own writer. */
import type { Row } from '../domain/row.js';
import type { FormatOptions, Formatter } from './format-types.js';
import { writeAll, type Sink } from './files/sink.js';

/**
 * Writes `rows` with `formatter` into `sink` and ends it: text formats through writeAll, byte formats
 * (parquet) through their `write`, which honours the sink's backpressure and aborts it on failure.
 * `signal` (the run's) stops a text format between chunks.
 */
export async function writeFormatted(
  formatter: Formatter,
  rows: readonly Row[],
  opts: FormatOptions,
  sink: Sink,
  signal?: AbortSignal,
): Promise<void> {
  if (formatter.write) await formatter.write(rows, sink, opts);
  else await writeAll(formatter.format(rows, opts), sink, signal);
}
